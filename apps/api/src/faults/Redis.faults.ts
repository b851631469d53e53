import * as RedisStore from '@frontdoor/rate-limit/redis-store'
import * as TestRedis from '@frontdoor/relay/test-redis'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import * as Config from '../Config.js'
import * as Harness from './Harness.js'

// Issue 24: Redis restarted, stopped and its connections killed (CLIENT KILL) under a running API
// process whose rate limits count in it (REDIS_URL). The choice (docs/operations.md): while Redis is
// out of reach the limits fail open to each process, counting in memory with the same budgets, and
// count in Redis again once it answers. The Redis is a `redis-server` started here on its own port and
// folder (appendfsync always, so its counts survive the restart); nothing is mocked.

const skip = TestRedis.installed()
  ? undefined
  : 'faults: redis-server is not installed; the API Redis faults are skipped'
if (skip) console.warn(skip)

const METRICS_TOKEN = 'faults-metrics-token'
const LIMIT = Config.DEFAULT_LIMITS.origins.limit

describe.skipIf(skip)('Redis faults under a running API process', { timeout: 120_000 }, () => {
  let redis: TestRedis.FaultRedis
  let api: ReturnType<typeof Harness.api>
  let apiUrl = ''
  let clients = 0

  /** A client address no other request used (the API trusts one proxy's x-forwarded-for). */
  const client = () => `10.24.${Math.floor(++clients / 250)}.${(clients % 250) + 1}`
  const origins = async (ip: string) => {
    const response = await fetch(`${apiUrl}/projects/v1/origins?projectId=demo`, {
      headers: { 'x-forwarded-for': ip },
      signal: AbortSignal.timeout(10_000),
    })
    await response.arrayBuffer()
    return response.status
  }
  /** The statuses of `n` requests of one client, in order. */
  const burst = async (ip: string, n: number) => {
    const statuses: number[] = []
    for (let i = 0; i < n; i++) statuses.push(await origins(ip))
    return statuses
  }
  const status = async (path: string) =>
    (await fetch(`${apiUrl}${path}`, { signal: AbortSignal.timeout(5_000) }).catch(() => undefined))?.status
  const metric = async (name: string) => {
    const text = await (
      await fetch(`${apiUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
    ).text()
    return Number(
      /^(\S+) (\S+)$/m.exec(text.split('\n').find((l) => l.startsWith(`${name} `)) ?? '')?.[2] ?? 0,
    )
  }
  /** What Redis counted for a client. */
  const counted = async (ip: string) => {
    const probe = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 0 })
    await probe.connect()
    try {
      return Number(await probe.get(`${RedisStore.KEY_PREFIX}origins:${ip}:demo`))
    } finally {
      probe.disconnect()
    }
  }
  /** `LIMIT` answers allowed, then 429: a budget counted whole. */
  const budget = [...Array(LIMIT).fill(200), 429]

  beforeAll(async () => {
    redis = await TestRedis.faultServer()
    const port = await Harness.freePort()
    apiUrl = `http://127.0.0.1:${port}`
    api = Harness.api({
      API_URL: apiUrl,
      REDIS_URL: redis.url,
      TRUST_PROXY: '1',
      METRICS_TOKEN,
      INDEXER_CHAINS: '',
    })
    await api.until(
      'the API ready',
      async () => ((await status('/readyz')) === 200 ? true : undefined),
      90_000,
    )
  }, 120_000)

  afterAll(async () => {
    await api?.stop()
    await redis?.stop()
  }, 30_000)

  test('Redis stopped, then started: requests are never refused for it, the limits still hold (per process) meanwhile, and count in Redis again after', async () => {
    const before = client()
    expect(await burst(before, LIMIT + 1)).toEqual(budget)
    expect(await counted(before)).toBe(LIMIT + 1)
    expect(await metric('frontdoor_rate_limit_fallbacks_total')).toBe(0)

    const downAt = Date.now()
    await redis.shutdown()
    // While Redis is away: the same budget, counted in this process; no 5xx, no wait.
    const during = client()
    const startedAt = Date.now()
    const statuses = await burst(during, LIMIT + 1)
    const perRequestMs = (Date.now() - startedAt) / (LIMIT + 1)
    expect(statuses).toEqual(budget)
    expect(await status('/readyz')).toBe(200)
    expect(await status('/healthz')).toBe(200)
    // A client counted in Redis before gets a fresh window here: what failing open costs.
    expect(await origins(before)).toBe(200)
    expect(await metric('frontdoor_rate_limit_fallbacks_total')).toBeGreaterThanOrEqual(LIMIT + 2)
    expect(await metric('frontdoor_redis_outages_total')).toBe(1)
    expect(api.log()).toContain('rate limits counted in this process: redis unavailable')

    await redis.start()
    const upAt = Date.now()
    await api.until('rate limits counted in Redis again', async () =>
      api.log().includes('rate limits counted in redis again') ? true : undefined,
    )
    const backMs = Date.now() - upAt
    // Redis kept what it counted before (appendfsync always): that client is still over its budget.
    expect(await origins(before)).toBe(429)
    const after = client()
    expect(await burst(after, LIMIT + 1)).toEqual(budget)
    expect(await counted(after)).toBe(LIMIT + 1)
    console.log(
      `faults: Redis stopped for ${upAt - downAt} ms under the API: 0 requests failed; rate limits counted in the process meanwhile (${perRequestMs.toFixed(1)} ms a request); in Redis again ${backMs} ms after it started`,
    )
    expect(api.exited()).toBeUndefined()
  })

  test('Redis restarted and its connections killed (CLIENT KILL): no request fails', async () => {
    const ip = client()
    const failures: string[] = []
    let probing = true
    let requests = 0
    const probe = (async () => {
      while (probing) {
        const answer = await origins(ip).catch((error: Error) => error.name)
        requests += 1
        if (answer !== 200 && answer !== 429) failures.push(String(answer))
        await Harness.sleep(20)
      }
    })()
    const restartedAt = Date.now()
    await redis.shutdown()
    await redis.start()
    const restartMs = Date.now() - restartedAt
    await Harness.sleep(500)
    const killed = await redis.clientKill('TYPE', 'normal')
    expect(killed).toBeGreaterThanOrEqual(1)
    await Harness.sleep(500)
    probing = false
    await probe
    expect(failures).toEqual([])
    expect(requests).toBeGreaterThan(20)
    await api.until('rate limits counted in Redis again', async () =>
      (await counted(ip)) > 0 ? true : undefined,
    )
    console.log(
      `faults: Redis restarted (${restartMs} ms) and CLIENT KILL of ${killed} API connection(s): ${requests} requests, 0 failed`,
    )
    expect(api.exited()).toBeUndefined()
    expect(api.log()).not.toMatch(/Unhandled|uncaught/i)
  })
})
