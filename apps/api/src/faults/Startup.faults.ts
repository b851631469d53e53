import { afterAll, describe, expect, test } from 'vitest'
import * as TestSmtp from '../TestSmtp.js'
import * as Harness from './Harness.js'

// Issue 24 item 2: the API started while its PostgreSQL (a cluster made here with initdb, not yet
// started) and its Redis (a free port, no redis-server yet) cannot be reached. The process must keep
// retrying with backoff and never exit; meanwhile liveness (/healthz) is 200, readiness (/readyz) 503
// naming what it waits for, and a request that needs the database a 503 with Retry-After in the API's
// error shape (never a half-configured answer). PostgreSQL started: still not ready (Redis). Redis
// started: ready, and an email login works. Nothing is mocked. On the old code the process exited at
// once (the start's migration met ECONNREFUSED).

if (!Harness.PG_BIN)
  console.warn('faults: no PostgreSQL binaries under /usr/lib/postgresql/*/bin; start-up faults skipped')
if (!Harness.REDIS_SERVER) console.warn('faults: redis-server not installed; start-up faults skipped')

const AUTH_ORIGIN = 'http://127.0.0.2:5181'
const DEVICE = 'faults-startup-device'

describe.skipIf(!Harness.PG_BIN || !Harness.REDIS_SERVER)(
  'the API started while PostgreSQL and Redis are out of reach',
  { timeout: 120_000 },
  () => {
    const cleanUps: (() => unknown)[] = []
    afterAll(async () => {
      for (const cleanUp of cleanUps.reverse()) await cleanUp()
    }, 30_000)

    test('keeps retrying, live but not ready, 503 with Retry-After; ready once both are back; a login works', async () => {
      const db = Harness.cluster(Harness.PG_BIN as string, await Harness.freePort())
      cleanUps.push(() => db.stop())
      const redisPort = await Harness.freePort()
      const sink = await TestSmtp.start()
      cleanUps.push(() => sink.stop())
      const apiUrl = `http://127.0.0.1:${await Harness.freePort()}`
      const api = Harness.api({
        API_URL: apiUrl,
        DATABASE_URL: db.url('frontdoor'),
        REDIS_URL: `redis://127.0.0.1:${redisPort}`,
        SMTP_URL: sink.smtpUrl,
        INDEXER_CHAINS: '',
        METRICS_TOKEN: 'faults-metrics',
      })
      cleanUps.push(() => api.stop())
      const get = async (path: string, init: RequestInit = {}) => {
        const response = await fetch(`${apiUrl}${path}`, { ...init, signal: AbortSignal.timeout(10_000) })
        // biome-ignore lint/suspicious/noExplicitAny: tests read bodies loosely
        const body = (await response.json().catch(() => undefined)) as any
        return { status: response.status, retryAfter: response.headers.get('retry-after'), body }
      }
      const sendOtp = (email: string) =>
        get('/v1/auth/email/otp', {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: AUTH_ORIGIN },
          body: JSON.stringify({ projectId: 'demo', email, deviceId: DEVICE }),
        })

      // Before: nothing answers on the API's port, and both dependencies refuse.
      const startedAt = Date.now()
      const live = await api.until(
        '/healthz to answer',
        async () => ((await get('/healthz').catch(() => undefined))?.status === 200 ? true : undefined),
        60_000,
      )
      expect(live).toBe(true)
      const readiness = await get('/readyz')
      expect(readiness.status).toBe(503)
      expect(readiness.body).toMatchObject({ status: 'starting', waitingFor: 'database' })
      expect(readiness.retryAfter).toBe('1')
      const email = `faults-startup-${Date.now()}@example.com`
      const refused = await sendOtp(email)
      expect({ ...refused, body: Harness.withoutRequestId(refused.body) }).toEqual({
        status: 503,
        retryAfter: '1',
        body: {
          error: {
            code: 'starting',
            message: 'The service is briefly unavailable; try again shortly',
            retryAfterS: 1,
          },
        },
      })
      // Several retries later the process still lives and still refuses.
      await Harness.sleep(3_500)
      expect(api.exited()).toBeUndefined()
      expect((await get('/healthz')).status).toBe(200)
      expect((await get('/readyz')).status).toBe(503)
      expect(api.log()).toContain('waiting for database')

      // PostgreSQL started: the next attempt migrates it, then the start waits for Redis.
      db.start()
      db.createDb('frontdoor')
      const dbUpAt = Date.now()
      await api.until(
        '/readyz to wait for Redis',
        async () => ((await get('/readyz')).body?.waitingFor === 'redis' ? true : undefined),
        60_000,
      )
      const migratedMs = Date.now() - dbUpAt
      expect((await sendOtp(email)).status).toBe(503)
      await api.until('the log to name the wait for Redis', async () =>
        api.log().includes('waiting for redis') ? true : undefined,
      )

      // Redis started: ready, and an email login completes.
      const redis = await Harness.redisServer(redisPort)
      cleanUps.push(() => redis.stop())
      const redisUpAt = Date.now()
      await api.until(
        '/readyz to answer 200',
        async () => ((await get('/readyz')).status === 200 ? true : undefined),
        60_000,
      )
      const readyMs = Date.now() - redisUpAt
      expect((await get('/readyz')).body).toEqual({ status: 'ready', database: 'postgres' })
      const sent = await sendOtp(email)
      expect(sent.status).toBe(200)
      const otp = sink.messages(email)[0]?.otp
      expect(otp).toMatch(/^\d{6}$/)
      const verified = await get('/v1/auth/email/verify', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: AUTH_ORIGIN },
        body: JSON.stringify({ projectId: 'demo', email, otp, deviceId: DEVICE }),
      })
      expect(verified.status).toBe(200)
      expect(api.exited()).toBeUndefined()
      const metrics = await (
        await fetch(`${apiUrl}/metrics`, { headers: { authorization: 'Bearer faults-metrics' } })
      ).text()
      expect(metrics).toMatch(/frontdoor_startup_waits_total\{dependency="database"\} [1-9]/)
      expect(metrics).toMatch(/frontdoor_startup_waits_total\{dependency="redis"\} [1-9]/)
      console.log(
        `faults: start-up without PostgreSQL and Redis: live (/healthz 200) throughout, not ready for ${Date.now() - startedAt} ms in all; ready for Redis ${migratedMs} ms after PostgreSQL accepted connections, ready ${readyMs} ms after Redis did; the process never exited`,
      )
    })
  },
)
