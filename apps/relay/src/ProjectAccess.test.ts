import { randomBytes } from 'node:crypto'
import * as Http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, test } from 'vitest'
import * as Config from './Config.js'
import * as ProjectAccess from './ProjectAccess.js'
import * as RawClient from './RawClient.js'
import * as Server from './Server.js'
import * as TestProjects from './TestProjects.js'

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

const registry = TestProjects.registry()
const trustedOrigins = ['http://127.0.0.1:5180']

const verdict = async (caller: Partial<ProjectAccess.Caller>) => {
  const result = await ProjectAccess.check(
    { projectId: 'app', origin: undefined, bundleId: null, packageName: null, ...caller },
    { registry, trustedOrigins },
  )
  return result.ok ? 'ok' : `${result.code} ${result.reason}`
}

describe('check', () => {
  test('the project id: missing, malformed, unknown', async () => {
    expect(await verdict({ projectId: null })).toBe('3000 Authorization error: Project ID is missing')
    expect(await verdict({ projectId: '  ' })).toBe('3000 Authorization error: Project ID is missing')
    expect(await verdict({ projectId: 'a/b' })).toBe('3000 Unauthorized: invalid key')
    expect(await verdict({ projectId: 'x'.repeat(65) })).toBe('3000 Unauthorized: invalid key')
    expect(await verdict({ projectId: 'nope' })).toBe('3000 Project not found')
    expect(await verdict({ projectId: 'app' })).toBe('ok')
  })

  test('web origins: the project allowlist and the trusted modal origin; nothing else', async () => {
    expect(await verdict({ origin: 'https://app.example.com' })).toBe('ok')
    expect(await verdict({ origin: 'http://127.0.0.1:5180' })).toBe('ok')
    for (const origin of ['https://evil.example', 'https://app.example.com.evil.example', 'null', ''])
      expect(await verdict({ origin })).toBe('3000 Unauthorized: origin not allowed')
    // An origin decides alone: a browser page cannot pass as an app by adding ?bundleId=.
    expect(await verdict({ origin: 'https://evil.example', bundleId: 'com.example.wallet' })).toBe(
      '3000 Unauthorized: origin not allowed',
    )
  })

  test('mobile apps by bundle id (iOS) and package name (Android); no Origin and no app id: served', async () => {
    expect(await verdict({ bundleId: 'com.example.wallet' })).toBe('ok')
    expect(await verdict({ packageName: 'com.example.android' })).toBe('ok')
    expect(await verdict({ bundleId: 'com.other.wallet' })).toBe('3000 Unauthorized: origin not allowed')
    expect(await verdict({ packageName: 'com.other.android' })).toBe('3000 Unauthorized: origin not allowed')
    expect(await verdict({})).toBe('ok')
  })

  test('a registry that cannot answer: 1013, try again later', async () => {
    const failing: ProjectAccess.Registry = { get: () => Promise.reject(new Error('down')) }
    const result = await ProjectAccess.check(
      { projectId: 'app', origin: undefined, bundleId: null, packageName: null },
      { registry: failing, trustedOrigins },
    )
    expect(result).toMatchObject({ ok: false, code: 1013 })
  })
})

describe('at the door', () => {
  async function relay() {
    const server = await Server.start({ env: { LOG_LEVEL: 'silent' }, port: 0, projects: registry })
    cleanups.push(() => server.stop())
    return server
  }
  const url = async (server: Server.Server, query: Record<string, string>) =>
    `${server.url}/?${new URLSearchParams({ auth: await RawClient.jwt(server.url), ...query })}`

  test('the upgrade completes, then the socket is closed with 3000 and the reason', async () => {
    const server = await relay()
    expect(await RawClient.refused(await url(server, {}))).toEqual({
      code: 3000,
      reason: 'Authorization error: Project ID is missing',
    })
    expect(await RawClient.refused(await url(server, { projectId: 'non-existent' }))).toEqual({
      code: 3000,
      reason: 'Project not found',
    })
    expect(await RawClient.refused(await url(server, { projectId: 'a b' }))).toEqual({
      code: 3000,
      reason: 'Unauthorized: invalid key',
    })
    expect(
      await RawClient.refused(await url(server, { projectId: 'app' }), { origin: 'https://evil.example' }),
    ).toEqual({ code: 3000, reason: 'Unauthorized: origin not allowed' })
    expect(
      await RawClient.refused(await url(server, { projectId: 'app', bundleId: 'com.evil.app' })),
    ).toEqual({ code: 3000, reason: 'Unauthorized: origin not allowed' })
    const metrics = await (await fetch(`${server.url.replace(/^ws/, 'http')}/metrics`)).text()
    expect(metrics).toContain('reason="project_not_found"} 1')
    expect(metrics).toContain('reason="origin_not_allowed"} 2')
  })

  test('an allowed caller is served; a bad JWT is still refused first', async () => {
    const server = await relay()
    const client = await RawClient.connect(server.url, {
      projectId: 'app',
      origin: 'https://app.example.com',
    })
    cleanups.push(() => client.close())
    expect(await client.request('irn_subscribe', { topic: 'a'.repeat(64) })).toEqual(expect.any(String))
    expect(await RawClient.refused(`${server.url}/?projectId=app`)).toEqual({
      code: 3000,
      reason: 'Unauthorized: missing',
    })
  })
})

describe('http', () => {
  /** An HTTP server answering as the API's /projects/v1/access does, counting requests; `status` breaks it. */
  async function api(projects: Record<string, ProjectAccess.Access>) {
    const state = { requests: 0, status: 200 }
    const server = Http.createServer((request, response) => {
      state.requests += 1
      const id = new URL(request.url ?? '/', 'http://x').searchParams.get('projectId') ?? ''
      if (state.status !== 200) return response.writeHead(state.status).end()
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ project: projects[id] ?? null }))
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    cleanups.push(() => new Promise((resolve) => server.close(() => resolve())))
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, state }
  }
  const lists = { allowedOrigins: ['https://a.example'], allowedBundleIds: [], allowedPackageNames: [] }

  test('caches answers (found or not) for the TTL, one request for concurrent lookups', async () => {
    const { url, state } = await api({ app: lists })
    let time = 0
    const registry = ProjectAccess.http({ apiUrl: url, ttlMs: 1000, now: () => time })
    const answers = await Promise.all([registry.get('app'), registry.get('app'), registry.get('app')])
    expect(answers).toEqual([lists, lists, lists])
    expect(await registry.get('nope')).toBeUndefined()
    expect(await registry.get('nope')).toBeUndefined()
    expect(state.requests).toBe(2)
    time += 1000
    await registry.get('app')
    expect(state.requests).toBe(3)
  })

  test('while the API fails, the last good answer serves until it is stale; without one, it throws', async () => {
    const { url, state } = await api({ app: lists })
    let time = 0
    const registry = ProjectAccess.http({ apiUrl: url, ttlMs: 1000, staleMs: 60_000, now: () => time })
    expect(await registry.get('app')).toEqual(lists)
    state.status = 503
    time += 2000
    expect(await registry.get('app')).toEqual(lists)
    await expect(registry.get('other')).rejects.toThrow(/503/)
    time += 60_000
    await expect(registry.get('app')).rejects.toThrow(/503/)
  })
  test('the negative cache is apart: 10,001 random unknown ids do not push a project out', async () => {
    const { url, state } = await api({ app: lists })
    // 10,001 requests, 100 at a time: a loaded machine needs more than the 3 s a lookup may take.
    const registry = ProjectAccess.http({ apiUrl: url, ttlMs: 60_000, now: () => 0, timeoutMs: 60_000 })
    expect(await registry.get('app')).toEqual(lists)
    for (let i = 0; i < 10_001; i += 100)
      await Promise.all(
        Array.from({ length: Math.min(100, 10_001 - i) }, () => registry.get(randomBytes(8).toString('hex'))),
      )
    expect(state.requests).toBe(1 + 10_001)
    // Still cached: no request.
    expect(await registry.get('app')).toEqual(lists)
    expect(state.requests).toBe(1 + 10_001)
  }, 120_000)

  test("an id with no answer at hand costs the caller's budget one lookup, given back when the project exists", async () => {
    const { url, state } = await api({ app: lists })
    let time = 0
    const registry = ProjectAccess.http({ apiUrl: url, ttlMs: 1000, now: () => time })
    let left = 2
    const budget: ProjectAccess.LookupBudget = {
      take: async () => left-- > 0,
      giveBack: () => {
        left += 1
      },
    }
    // A project that exists costs nothing in the end; an unknown id one lookup; a cached answer none.
    expect(await registry.get('app', budget)).toEqual(lists)
    expect(await registry.get('nope-1', budget)).toBeUndefined()
    expect(await registry.get('nope-1', budget)).toBeUndefined()
    expect(await registry.get('app', budget)).toEqual(lists)
    expect(state.requests).toBe(2)
    expect(left).toBe(1)
    expect(await registry.get('nope-2', budget)).toBeUndefined()
    // Spent: an id with no answer at hand is refused without asking; cached answers still serve.
    await expect(registry.get('nope-3', budget)).rejects.toThrow()
    time += 1000
    await expect(registry.get('app', budget)).rejects.toThrow()
    expect(state.requests).toBe(3)
    expect(await registry.get('app')).toEqual(lists)
    expect(await registry.get('app', budget)).toEqual(lists)
  })

  test('at the door: a flood of random project ids from one address reaches the API `unknownProjectsPerMinute` times', async () => {
    const { url: apiUrl, state } = await api({ app: lists })
    const server = await Server.start({
      env: { LOG_LEVEL: 'silent' },
      port: 0,
      config: {
        apiUrl,
        limits: { ...Config.DEFAULT_LIMITS, unknownProjectsPerMinute: 5 },
      },
    })
    cleanups.push(() => server.stop())
    const socketUrl = async (projectId: string) =>
      `${server.url}/?${new URLSearchParams({ auth: await RawClient.jwt(server.url), projectId })}`
    const attacker = { localAddress: '127.0.0.2' }
    const honest = { localAddress: '127.0.0.3' }
    // A project in use is cached.
    const client = await RawClient.connect(server.url, { projectId: 'app', ...honest })
    cleanups.push(() => client.close())
    expect(state.requests).toBe(1)

    const outcomes = new Map<string, number>()
    for (let i = 0; i < 20; i++) {
      const { code, reason } = await RawClient.refused(
        await socketUrl(randomBytes(8).toString('hex')),
        attacker,
      )
      outcomes.set(`${code} ${reason}`, (outcomes.get(`${code} ${reason}`) ?? 0) + 1)
    }
    console.log(
      `random project ids: ${state.requests - 1} API requests for 20 sockets`,
      Object.fromEntries(outcomes),
    )
    expect(Object.fromEntries(outcomes)).toEqual({
      '3000 Project not found': 5,
      [`1013 ${ProjectAccess.TOO_MANY_UNKNOWN_PROJECTS.reason}`]: 15,
    })
    expect(state.requests).toBe(1 + 5)
    // Another address is answered; the flooding address still gets a cached project.
    expect(await RawClient.refused(await socketUrl('nope'), honest)).toEqual({
      code: 3000,
      reason: 'Project not found',
    })
    const served = await RawClient.connect(server.url, { projectId: 'app', ...attacker })
    cleanups.push(() => served.close())
    expect(await served.request('irn_subscribe', { topic: 'a'.repeat(64) })).toEqual(expect.any(String))
    const metrics = await (await fetch(`${server.url.replace(/^ws/, 'http')}/metrics`)).text()
    expect(metrics).toContain('reason="unknown_projects_per_address"} 15')
  })
})
