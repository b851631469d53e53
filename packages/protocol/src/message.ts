import * as z from 'zod/mini'

/**
 * What a frame message is: one zod schema for its params, one for its success reply and one for its
 * error reply, plus an optional call timeout. A channel end lists the messages it exposes and the
 * messages it calls; both ends are built from the same definitions.
 */

/** The protocol version both ends exchange in the handshake; a peer with another version is refused. */
export const PROTOCOL_VERSION = 1

/** The error reply every message may give: a message, optionally an integer code and data. */
export const ErrorReply = z.strictObject({
  code: z.optional(z.number().check(z.int())),
  message: z.string(),
  data: z.optional(z.unknown()),
})
/** The error reply every message may give: a message, optionally an integer code and data. */
export type ErrorReply = z.infer<typeof ErrorReply>

/** Params of a message that takes none: nothing, or an empty object. */
export const NoParams = z.optional(z.strictObject({}))

/** The success reply of a message that answers with nothing. */
export const Ack = z.void()

/** Any zod schema. */
export type Schema = z.ZodMiniType

/** One message: params, success reply, error reply and call timeout (ms; `undefined`: the bridge default). */
export type Definition<
  Params extends Schema = Schema,
  Result extends Schema = Schema,
  Error extends Schema = Schema,
> = {
  readonly params: Params
  readonly result: Result
  readonly error: Error
  readonly timeoutMs: number | undefined
}

/** A map of message name to definition. */
export type Definitions = { readonly [name: string]: Definition }

/**
 * Defines one message. The error reply defaults to {@link ErrorReply}.
 * @example define({ params: z.strictObject({ email: Email }), result: Ack, timeoutMs: 120_000 })
 */
export function define<
  Params extends Schema,
  Result extends Schema,
  Error extends Schema = typeof ErrorReply,
>(options: {
  params: Params
  result: Result
  error?: Error
  timeoutMs?: number
}): Definition<Params, Result, Error> {
  return {
    params: options.params,
    result: options.result,
    error: (options.error ?? ErrorReply) as Error,
    timeoutMs: options.timeoutMs,
  }
}

/** One end of a channel: the messages it answers (exposes) and the messages it sends (calls). */
export type End<Exposes extends Definitions = Definitions, Calls extends Definitions = Definitions> = {
  readonly channel: string
  readonly exposes: Exposes
  readonly calls: Calls
}

/** Builds one end of a channel. The other end is `end(channel, calls, exposes)`. */
export function end<Exposes extends Definitions, Calls extends Definitions>(
  channel: string,
  exposes: Exposes,
  calls: Calls,
): End<Exposes, Calls> {
  return { channel, exposes, calls }
}

/** Params a caller passes (schema input). */
export type ParamsIn<D extends Definition> = z.input<D['params']>
/** Params a handler receives (schema output). */
export type ParamsOut<D extends Definition> = z.output<D['params']>
/** The success value a handler returns (schema input). */
export type ResultIn<D extends Definition> = z.input<D['result']>
/** The success value a caller receives (schema output). */
export type ResultOut<D extends Definition> = z.output<D['result']>
/** The error reply a caller receives (schema output). */
export type ErrorOut<D extends Definition> = z.output<D['error']>

/** A parse outcome: the value, or a message that names the field. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string }

type Issue = z.core.$ZodIssue

function formatPath(path: readonly PropertyKey[]): string {
  return path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`)).join('')
}

const kind = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value)

function describe(issue: Issue): string {
  // zod/mini ships without a locale: default messages are 'Invalid input', so say what was wrong.
  if (issue.message && issue.message !== 'Invalid input') return issue.message
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${issue.expected}, got ${kind(issue.input)}`
    case 'invalid_value':
      return `expected one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}`
    case 'invalid_format':
      return `invalid ${issue.format}`
    case 'unrecognized_keys':
      return `unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}`
    case 'too_small':
      return `too small (minimum ${String(issue.minimum)})`
    case 'too_big':
      return `too big (maximum ${String(issue.maximum)})`
    case 'invalid_union':
      return 'matches none of the allowed shapes'
    default:
      return 'invalid'
  }
}

/**
 * Describes zod issues, each with the field it is about, e.g. `params.email: invalid email`.
 * At most 5 issues, so a huge malformed message cannot make a huge error.
 */
export function describeIssues(root: string, issues: readonly Issue[]): string {
  const shown = issues.slice(0, 5).map((issue) => `${root}${formatPath(issue.path)}: ${describe(issue)}`)
  if (issues.length > 5) shown.push(`and ${issues.length - 5} more`)
  return shown.join('; ')
}

function parse<T extends Schema>(schema: T, value: unknown, what: string, name: string, root: string) {
  const result = z.safeParse(schema, value, { reportInput: true })
  if (result.success) return { ok: true, value: result.data } as Parsed<z.output<T>>
  return {
    ok: false,
    message: `Invalid ${what} for "${name}": ${describeIssues(root, result.error.issues)}`,
  } as Parsed<z.output<T>>
}

/**
 * Validates the params of message `name`. Never throws, whatever `value` is.
 * @example parseParams('connectEmail', def, { email: 'x' }) // { ok: false, message: 'Invalid params for "connectEmail": params.email: Invalid email' }
 */
export function parseParams<D extends Definition>(name: string, definition: D, value: unknown) {
  return parse(definition.params, value, 'params', name, 'params')
}

/** Validates the success reply of message `name`. Never throws. */
export function parseResult<D extends Definition>(name: string, definition: D, value: unknown) {
  return parse(definition.result, value, 'reply', name, 'result')
}

/** Validates the error reply of message `name`. Never throws. */
export function parseError<D extends Definition>(name: string, definition: D, value: unknown) {
  return parse(definition.error, value, 'error reply', name, 'error')
}
