import { once } from 'node:events'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import * as Version from '@frontdoor/protocol/version'
import { describe, expect, test } from 'vitest'
import * as z from 'zod/mini'
import * as Api from './Api.js'

describe('walletsParams', () => {
  test('page and entries always; search, include, exclude and chains only when given', () => {
    expect(Api.walletsParams({ page: 2, entries: 40 })).toEqual({ page: '2', entries: '40' })
    expect(
      Api.walletsParams({
        page: 1,
        entries: 100,
        search: '  aurora ',
        include: ['a', 'b'],
        exclude: [],
        chains: ['eip155:31337', 'eip155:31338'],
      }),
    ).toEqual({
      page: '1',
      entries: '100',
      search: 'aurora',
      include: 'a,b',
      chains: 'eip155:31337,eip155:31338',
    })
    expect(Api.walletsParams({ page: 1, entries: 40, search: '   ' })).not.toHaveProperty('search')
  })

  test("badge_type goes only for a badge other than 'none'", () => {
    expect(Api.walletsParams({ page: 1, entries: 40, badge: 'certified' })).toEqual({
      page: '1',
      entries: '40',
      badge_type: 'certified',
    })
    expect(Api.walletsParams({ page: 1, entries: 40, badge: 'none' })).not.toHaveProperty('badge_type')
  })
})

describe('sv', () => {
  test("the API calls carry this release's SDK version, then the host SDK's once the host told it", async () => {
    const queries: URLSearchParams[] = []
    const server = createServer((request, response) => {
      queries.push(new URL(request.url ?? '/', 'http://api').searchParams)
      response.writeHead(404).end()
    }).listen(0, '127.0.0.1')
    await once(server, 'listening')
    const apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    try {
      await Api.remoteConfig(apiUrl, 'demo').catch(() => {})
      // A page on another release of the npm package says its own.
      Api.setSdkVersion('0.0.9')
      await Api.remoteConfig(apiUrl, 'demo').catch(() => {})
      expect(queries.map((q) => [q.get('st'), q.get('sv')])).toEqual([
        ['frontdoor', Version.SDK_VERSION],
        ['frontdoor', '0.0.9'],
      ])
    } finally {
      server.close()
    }
  })
})

describe('get', () => {
  test('an attempt the API does not answer in time is aborted, so a hung API holds nothing; the next call is answered', async () => {
    let requests = 0
    const server = createServer((_request, response) => {
      requests++
      // The first request stalls (as a hung API does); the second is answered.
      if (requests === 1) return
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}')
    }).listen(0, '127.0.0.1')
    await once(server, 'listening')
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
    try {
      const schema = z.object({ ok: z.boolean() })
      await expect(Api.get(url, schema, 0, 200)).rejects.toThrow(/abort|timed? ?out/i)
      expect(requests).toBe(1)
      await expect(Api.get(url, schema, 1, 200)).resolves.toEqual({ ok: true })
      expect(requests).toBe(2)
    } finally {
      server.closeAllConnections()
      server.close()
    }
  })

  test('the timeout of an attempt is the spec HTTP timeout', () => {
    expect(Api.REQUEST_TIMEOUT_MS).toBe(10_000)
  })
})
