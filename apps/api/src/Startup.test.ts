import pino from 'pino'
import { describe, expect, test } from 'vitest'
import * as Startup from './Startup.js'

const logger = pino({ level: 'silent' })

describe('starting', () => {
  const app = Startup.starting(() => ({ dependency: 'redis', attempts: 3, since: Date.now() - 4_000 }))

  test('liveness 200; readiness 503 naming what it waits for, with Retry-After', async () => {
    const live = await app.request(Startup.LIVENESS_PATH)
    expect([live.status, await live.json()]).toEqual([200, { status: 'ok' }])
    const ready = await app.request(Startup.READINESS_PATH)
    expect(ready.status).toBe(503)
    expect(ready.headers.get('retry-after')).toBe('1')
    expect(await ready.json()).toEqual({ status: 'starting', waitingFor: 'redis', attempts: 3, waitingS: 4 })
  })

  test('every other request: 503 in the error shape with Retry-After, whatever the method', async () => {
    for (const [path, method] of [
      ['/v1/auth/email/otp', 'POST'],
      ['/getWallets?projectId=demo', 'GET'],
      ['/v1/?chainId=eip155:1&projectId=demo', 'POST'],
    ] as const) {
      const response = await app.request(path, { method })
      expect(response.status).toBe(503)
      expect(response.headers.get('retry-after')).toBe('1')
      expect(await response.json()).toEqual({
        error: {
          code: 'starting',
          message: 'The service is briefly unavailable; try again shortly',
          retryAfterS: 1,
        },
      })
    }
  })
})

describe('retry', () => {
  test('retries a retryable failure with the given delays until it succeeds', async () => {
    const failures: number[] = []
    const delays: number[] = []
    let calls = 0
    const value = await Startup.retry(
      'database',
      async () => {
        calls += 1
        if (calls < 4) throw new Error('ECONNREFUSED')
        return 'open'
      },
      {
        logger,
        retryable: () => true,
        onFailure: (attempts) => failures.push(attempts),
        delayMs: (n) => {
          delays.push(n)
          return 1
        },
      },
    )
    expect(value).toBe('open')
    expect(failures).toEqual([1, 2, 3])
    expect(delays).toEqual([0, 1, 2])
  })

  test('an error it may not retry is thrown at once', async () => {
    let calls = 0
    const attempt = async () => {
      calls += 1
      throw new Error('relation "x" does not exist')
    }
    await expect(Startup.retry('database', attempt, { logger, retryable: () => false })).rejects.toThrow(
      /does not exist/,
    )
    expect(calls).toBe(1)
  })

  test('by default waits the spec retry delays (1 s doubling)', async () => {
    let calls = 0
    const started = Date.now()
    await Startup.retry(
      'redis',
      async () => {
        calls += 1
        if (calls < 2) throw new Error('down')
      },
      { logger, retryable: () => true },
    )
    expect(Date.now() - started).toBeGreaterThanOrEqual(990)
  })
})
