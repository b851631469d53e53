import { randomBytes } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { Server as Relay, Config as RelayConfig } from '@frontdoor/relay'
import * as RawClient from '@frontdoor/relay/raw-client'
import { serve } from '@hono/node-server'
import { afterAll, describe, expect, test } from 'vitest'
import * as App from '../app.js'
import * as Cli from '../cli.js'
import * as TestApp from '../TestApp.js'
import { ACCESS_PATH } from './access.js'
import * as ProjectCache from './ProjectCache.js'

/**
 * `/projects/v1/access`, and project access at the relay end to end: real relay nodes ask real API
 * nodes (the app served over HTTP with the production project cache) about a project that the CLI
 * changes. The API nodes share one database: PostgreSQL when DATABASE_URL is set (CI), PGlite
 * otherwise; the relay nodes share Redis when REDIS_URL is set.
 */

const t = await TestApp.create()
const cleanups: (() => Promise<void>)[] = []
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
  await t.close()
})

const cli = async (...argv: string[]) => {
  const code = await Cli.run(argv, { env: {}, print: () => {}, db: t.deps.db })
  expect(code).toBe(0)
}

describe('GET /projects/v1/access', () => {
  test("answers a project's origins, bundle ids and package names; null for an unknown one", async () => {
    await cli(
      'projects',
      'create',
      'lists',
      '--origins',
      'https://lists.example',
      '--bundle-ids',
      'com.lists.ios',
    )
    expect(await t.getJson('/projects/v1/access?projectId=lists')).toMatchObject({
      status: 200,
      body: {
        project: {
          allowedOrigins: ['https://lists.example'],
          allowedBundleIds: ['com.lists.ios'],
          allowedPackageNames: [],
        },
      },
    })
    expect(await t.getJson('/projects/v1/access?projectId=nope')).toMatchObject({
      status: 200,
      body: { project: null },
    })
    expect((await t.getJson('/projects/v1/access?projectId=no%20spaces')).status).toBe(400)
    expect((await t.getJson('/projects/v1/access')).status).toBe(400)
  })
})

/** Requests each API node served at the access endpoint (the relay's project lookups). */
const lookups = new Map<string, number>()

/** Serves an API node on a free port: the test app's routes over its database, with the production cache. */
async function apiNode(): Promise<string> {
  const app = App.build({ ...t.deps, projects: ProjectCache.create(t.deps.db.orm) })
  let url = ''
  const fetch = (request: Request) => {
    if (new URL(request.url).pathname === ACCESS_PATH) lookups.set(url, (lookups.get(url) ?? 0) + 1)
    return app.fetch(request)
  }
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s))
  })
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return url
}

async function relayNode(apiUrl: string): Promise<Relay.Server> {
  const server = await Relay.start({
    env: {
      LOG_LEVEL: 'silent',
      API_URL: apiUrl,
      ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    },
    port: 0,
  })
  cleanups.push(() => server.stop())
  return server
}

/** Opens a socket and resolves with how it ended: 'open', or the close code and reason. */
async function attempt(url: string, options: RawClient.ConnectOptions): Promise<string> {
  try {
    const client = await RawClient.connect(url, options)
    // A refused socket is upgraded, then closed: wait for the close before calling it open.
    const closed = await Promise.race([
      new Promise<string>((resolve) =>
        client.socket.once('close', (code, reason) => resolve(`${code} ${reason.toString()}`)),
      ),
      new Promise<undefined>((resolve) => setTimeout(resolve, 300)),
    ])
    if (closed) return closed
    await client.request('irn_subscribe', { topic: 'a'.repeat(64) })
    await client.close()
    return 'open'
  } catch (error) {
    return (error as Error).message.replace(/^closed /, '')
  }
}

describe('project access at the relay, against the API', { timeout: 30_000 }, () => {
  test('unknown, missing and malformed project ids and foreign origins are closed with 3000; a CLI change applies on every node within seconds', async () => {
    await cli('projects', 'create', 'shop', '--origins', 'https://shop.example')
    const [a, b] = [await apiNode(), await apiNode()]
    const relays = [await relayNode(a), await relayNode(b)]
    const url = relays[0]!.url

    expect(await attempt(url, { projectId: 'shop', origin: 'https://shop.example' })).toBe('open')
    expect(await attempt(url, { projectId: 'shop' })).toBe('open')
    expect(await attempt(url, { projectId: 'demo', origin: TestApp.DEMO_URL })).toBe('open')
    expect(await attempt(url, { projectId: 'nope' })).toBe('3000 Project not found')
    expect(await attempt(url, { projectId: '' })).toBe('3000 Authorization error: Project ID is missing')
    expect(await attempt(url, { projectId: 'not valid!' })).toBe('3000 Unauthorized: invalid key')
    for (const relay of relays)
      expect(await attempt(relay.url, { projectId: 'shop', origin: 'https://evil.example' })).toBe(
        '3000 Unauthorized: origin not allowed',
      )
    // Frontdoor's modal frame (MODAL_URL) checks its host page itself: served for every project.
    expect(await attempt(url, { projectId: 'shop', origin: new URL(TestApp.MODAL_URL).origin })).toBe('open')

    // The CLI writes the database; each API node and each relay node notice within their cache TTLs.
    const changed = Date.now()
    await cli('projects', 'set-origins', 'shop', 'https://shop.example', 'https://evil.example')
    for (const relay of relays) {
      for (;;) {
        if ((await attempt(relay.url, { projectId: 'shop', origin: 'https://evil.example' })) === 'open')
          break
        expect(Date.now() - changed).toBeLessThan(10_000)
        await new Promise((resolve) => setTimeout(resolve, 250))
      }
    }
    const appliedMs = Date.now() - changed
    expect(appliedMs).toBeLessThan(ProjectCache.PROJECT_CACHE_TTL_MS + 3_000 + 2_000)
    console.info(`project access: a CLI change applied on both relay nodes after ${appliedMs} ms`)
  })
  test('a flood of random project ids from one address: at most RELAY_UNKNOWN_PROJECTS_PER_MINUTE reach the API', async () => {
    const api = await apiNode()
    const relay = await relayNode(api)
    // Addresses no earlier run used: on Redis the budgets outlive a run.
    const loopback = () => `127.${[...randomBytes(3)].map((byte) => 1 + (byte % 250)).join('.')}`
    const attacker = { localAddress: loopback() }
    const outcomes = new Map<string, number>()
    const SOCKETS = 50
    for (let i = 0; i < SOCKETS; i++) {
      const outcome = await attempt(relay.url, { projectId: randomBytes(8).toString('hex'), ...attacker })
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1)
    }
    const asked = lookups.get(api) ?? 0
    console.info(`random project ids: ${SOCKETS} sockets from one address, ${asked} API lookups`, outcomes)
    expect(asked).toBe(RelayConfig.UNKNOWN_PROJECTS_PER_MINUTE)
    expect(outcomes.get('3000 Project not found')).toBe(RelayConfig.UNKNOWN_PROJECTS_PER_MINUTE)
    // Another address is still answered; the flooding one is served a project the node has cached.
    const other = { localAddress: loopback() }
    expect(await attempt(relay.url, { projectId: 'nope', ...other })).toBe('3000 Project not found')
    expect(await attempt(relay.url, { projectId: 'demo', ...other })).toBe('open')
    expect(await attempt(relay.url, { projectId: 'demo', ...attacker })).toBe('open')
  })
})
