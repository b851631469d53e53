import { Constants } from '@frontdoor/schemas'

/**
 * The log level of the host SDK and both frames: console output at or above the page's `logLevel`
 * (spec section 9: 'error' by default), nothing below it. The page picks the level with
 * `createFrontdoor({ logLevel })`; the SDK passes it to the modal frame, and the modal to the auth
 * frame, as the `logLevel` query parameter of their URL, so each frame knows it before it logs.
 * The SDK, a guest on the page, logs through {@link error} and the others; a frame owns its window
 * and quiets its own console below the level ({@link quietConsole}), whichever module or library logs.
 */

/** The log levels, quietest first: `silent` logs nothing, `debug` everything. */
export const LOG_LEVELS = ['silent', 'error', 'warn', 'info', 'debug'] as const
/** A log level. */
export type LogLevel = (typeof LOG_LEVELS)[number]

/** The URL query parameter that carries the level to a frame. */
export const LOG_LEVEL_PARAM = 'logLevel'

let threshold: number = LOG_LEVELS.indexOf(Constants.DEFAULT_LOG_LEVEL)

/** The level `value` names, or undefined when it names none. */
export const levelOf = (value: unknown): LogLevel | undefined =>
  LOG_LEVELS.includes(value as LogLevel) ? (value as LogLevel) : undefined

/** Sets the level; a value that names no level leaves it as it is. Returns the level in force. */
export function setLevel(value: unknown): LogLevel {
  const level = levelOf(value)
  if (level) threshold = LOG_LEVELS.indexOf(level)
  return LOG_LEVELS[threshold]!
}

/**
 * The query parameter that passes the level in force on to a frame's URL; none at the default level.
 * @example new URLSearchParams({ projectId, ...Log.param() })
 */
export const param = (): Record<string, string> =>
  LOG_LEVELS[threshold] === Constants.DEFAULT_LOG_LEVEL ? {} : { [LOG_LEVEL_PARAM]: LOG_LEVELS[threshold]! }

const at =
  (index: number, write: 'error' | 'warn' | 'info' | 'debug') =>
  (...args: unknown[]): void => {
    if (threshold >= index) console[write](...args)
  }

/** Logs an error (shown unless the level is `silent`). */
export const error = at(1, 'error')
/** Logs a warning (level `warn` and above). */
export const warn = at(2, 'warn')
/** Logs information (level `info` and above). */
export const info = at(3, 'info')
/** Logs details for debugging (level `debug`). */
export const debug = at(4, 'debug')

/** The console methods of each level: an error, a warning, information (and log), debugging (and trace). */
const CONSOLE_METHODS = [[], ['error'], ['warn'], ['info', 'log'], ['debug', 'trace']] as const
type ConsoleMethod = (typeof CONSOLE_METHODS)[number][number]

/**
 * For a frame: sets the level from `value` (a URL's `logLevel`) and makes the frame's own console
 * methods below it do nothing. Returns the level in force.
 * @example Log.quietConsole(new URLSearchParams(location.search).get(Log.LOG_LEVEL_PARAM))
 */
export function quietConsole(value: unknown, target: Pick<Console, ConsoleMethod> = console): LogLevel {
  const level = setLevel(value)
  for (const method of CONSOLE_METHODS.slice(threshold + 1).flat()) target[method] = () => {}
  return level
}
