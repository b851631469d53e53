import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import * as Origins from './Origins.js'

/** A Standard Schema of `{ allowedOrigins: string[] }`, as packages/schemas' zod schema is one. */
const schema: Origins.ResponseSchema = {
  '~standard': {
    validate: (value) => {
      const list = (value as { allowedOrigins?: unknown } | null)?.allowedOrigins
      return Array.isArray(list) && list.every((item) => typeof item === 'string')
        ? { value: { allowedOrigins: list as string[] } }
        : { issues: ['not a list of origins'] }
    },
  },
}

describe('isOrigin', () => {
  test('accepts exact origins only', () => {
    expect(Origins.isOrigin('http://localhost:5173')).toBe(true)
    expect(Origins.isOrigin('https://app.example')).toBe(true)
    expect(Origins.isOrigin('http://localhost:5173/')).toBe(false)
    expect(Origins.isOrigin('https://a.example; script-src *')).toBe(false)
    expect(Origins.isOrigin('javascript:alert(1)')).toBe(false)
    expect(Origins.isOrigin('*')).toBe(false)
  })
})

// A stand-in for the API's /projects/v1/origins (the real route is tested in apps/api and in e2e): each
// project id names the answer it gets.
const seen: URLSearchParams[] = []
const api = createServer((request, response) => {
  const query = new URL(request.url ?? '/', 'http://api').searchParams
  seen.push(query)
  const answers: Record<string, [number, unknown]> = {
    demo: [
      200,
      { allowedOrigins: ['http://localhost:5173', 'https://a.example/x', '*', 'https://b.example'] },
    ],
    junk: [200, { allowedOrigins: 'https://a.example' }],
    limited: [429, {}],
    broken: [503, {}],
    // The API's answer for a project id it does not know (apps/api http/Errors.unknownProject).
    nobody: [
      401,
      { error: { code: 'invalid_key', message: 'Unauthorized: invalid key', projectId: 'nobody' } },
    ],
  }
  const [status, body] = answers[query.get('projectId') ?? ''] ?? [401, {}]
  response.writeHead(status, { 'content-type': 'application/json' })
  response.end(JSON.stringify(body))
})
let apiUrl = ''
beforeAll(async () => {
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve))
  apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`
})
afterAll(() => {
  api.close()
})
const client = { st: 'frontdoor-test', sv: '1.2.3' }

describe('read', () => {
  test("the project's exact origins, asked with the client's st and sv", async () => {
    seen.length = 0
    expect(await Origins.read({ apiUrl, client, schema }, 'demo')).toEqual({
      allowedOrigins: ['http://localhost:5173', 'https://b.example'],
      error: undefined,
    })
    expect(Object.fromEntries(seen[0]!)).toEqual({ projectId: 'demo', st: 'frontdoor-test', sv: '1.2.3' })
  })

  test('429 -> RATE_LIMITED, 5xx -> SERVER_ERROR, another refusal or a bad body -> no origins', async () => {
    const read = (projectId: string) => Origins.read({ apiUrl, client, schema }, projectId)
    expect(await read('limited')).toEqual({ allowedOrigins: [], error: 'RATE_LIMITED' })
    expect(await read('broken')).toEqual({ allowedOrigins: [], error: 'SERVER_ERROR' })
    expect(await read('unknown')).toEqual({ allowedOrigins: [], error: undefined })
    expect(await read('junk')).toEqual({ allowedOrigins: [], error: undefined })
  })

  test("a refusal keeps the API's message (an unknown project id's 'Unauthorized: invalid key')", async () => {
    expect(await Origins.read({ apiUrl, client, schema }, 'nobody')).toEqual({
      allowedOrigins: [],
      error: undefined,
      refusal: 'Unauthorized: invalid key',
    })
  })

  test('an API that cannot be reached -> no origins, not SERVER_ERROR (spec section 8: only 5xx is)', async () => {
    // Port 9 on loopback is closed: the real "API unreachable" fault.
    expect(await Origins.read({ apiUrl: 'http://127.0.0.1:9', client, schema }, 'demo')).toEqual({
      allowedOrigins: [],
      error: undefined,
    })
  })

  test('an API slower than timeoutMs -> no origins, not SERVER_ERROR', async () => {
    // An API that accepts the request and never answers: the real time-out.
    const silent = createServer(() => {})
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    try {
      const slowUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`
      const started = Date.now()
      expect(await Origins.read({ apiUrl: slowUrl, client, schema, timeoutMs: 200 }, 'demo')).toEqual({
        allowedOrigins: [],
        error: undefined,
      })
      expect(Date.now() - started).toBeGreaterThanOrEqual(190)
    } finally {
      silent.closeAllConnections()
      silent.close()
    }
  })
})

describe('create', () => {
  test('reads a project once per cacheMs; concurrent requests share the read; projects apart', async () => {
    let nowMs = 1_000_000
    const realNow = Date.now
    Date.now = () => nowMs
    try {
      const originsOf = Origins.create({ apiUrl, client, schema, cacheMs: 10_000 })
      seen.length = 0
      const [a, b] = await Promise.all([originsOf('demo'), originsOf('demo')])
      expect(a).toBe(b)
      expect(seen).toHaveLength(1)
      nowMs += 9_999
      await originsOf('demo')
      expect(seen).toHaveLength(1)
      await originsOf('limited')
      expect(seen).toHaveLength(2)
      nowMs += 1
      expect((await originsOf('demo')).allowedOrigins).toContain('https://b.example')
      expect(seen).toHaveLength(3)
    } finally {
      Date.now = realNow
    }
  })
})
