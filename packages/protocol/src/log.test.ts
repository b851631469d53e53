import { Constants } from '@frontdoor/schemas'
import { afterEach, describe, expect, test, vi } from 'vitest'
import * as Log from './log.js'

afterEach(() => {
  Log.setLevel(Constants.DEFAULT_LOG_LEVEL)
  vi.restoreAllMocks()
})

/** What reached the console, by method, while `run` ran. */
function captured(run: () => void) {
  const lines: string[] = []
  for (const method of ['error', 'warn', 'info', 'debug'] as const)
    vi.spyOn(console, method).mockImplementation(
      (...args: unknown[]) => void lines.push(`${method} ${args.join(' ')}`),
    )
  run()
  return lines
}
const everything = () => {
  Log.error('e')
  Log.warn('w')
  Log.info('i')
  Log.debug('d')
}

describe('levels', () => {
  test("'error' by default (spec section 9): errors only, no console noise below", () => {
    expect(Log.setLevel(undefined)).toBe('error')
    expect(captured(everything)).toEqual(['error e'])
  })

  test('each level lets through itself and what is above it; silent nothing', () => {
    Log.setLevel('silent')
    expect(captured(everything)).toEqual([])
    Log.setLevel('warn')
    expect(captured(everything)).toEqual(['error e', 'warn w'])
    Log.setLevel('debug')
    expect(captured(everything)).toEqual(['error e', 'warn w', 'info i', 'debug d'])
  })

  test('param passes a level other than the default on to a frame URL', () => {
    expect(Log.param()).toEqual({})
    Log.setLevel('debug')
    expect(Log.param()).toEqual({ logLevel: 'debug' })
  })

  test('a value that names no level leaves the level as it is', () => {
    Log.setLevel('info')
    expect(Log.setLevel('verbose')).toBe('info')
    expect(Log.setLevel(3)).toBe('info')
    expect(Log.levelOf('warn')).toBe('warn')
    expect(Log.levelOf('WARN')).toBeUndefined()
  })
})

describe('quietConsole', () => {
  test("a frame's console methods below the level do nothing; those at or above it still write", () => {
    const lines: string[] = []
    const write =
      (method: string) =>
      (...args: unknown[]) =>
        void lines.push(`${method} ${args.join(' ')}`)
    const target = {
      error: write('error'),
      warn: write('warn'),
      info: write('info'),
      log: write('log'),
      debug: write('debug'),
      trace: write('trace'),
    }
    expect(Log.quietConsole(null, target)).toBe('error')
    for (const method of ['error', 'warn', 'info', 'log', 'debug', 'trace'] as const) target[method](method)
    expect(lines).toEqual(['error error'])
  })

  test("'warn' keeps warnings; 'silent' quiets everything", () => {
    const lines: string[] = []
    const target = {
      error: () => void lines.push('error'),
      warn: () => void lines.push('warn'),
      info: () => void lines.push('info'),
      log: () => void lines.push('log'),
      debug: () => void lines.push('debug'),
      trace: () => void lines.push('trace'),
    }
    Log.quietConsole('warn', target)
    target.error()
    target.warn()
    target.log()
    expect(lines).toEqual(['error', 'warn'])
    Log.quietConsole('silent', target)
    target.error()
    expect(lines).toEqual(['error', 'warn'])
  })
})
