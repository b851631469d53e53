import { once } from 'node:events'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, test } from 'vitest'
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
  test("the API calls carry the host SDK's version once the host told it", async () => {
    const queries: URLSearchParams[] = []
    const server = createServer((request, response) => {
      queries.push(new URL(request.url ?? '/', 'http://api').searchParams)
      response.writeHead(404).end()
    }).listen(0, '127.0.0.1')
    await once(server, 'listening')
    const apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    try {
      await Api.remoteConfig(apiUrl, 'demo').catch(() => {})
      Api.setSdkVersion('0.1.0')
      await Api.remoteConfig(apiUrl, 'demo').catch(() => {})
      expect(queries.map((q) => [q.get('st'), q.get('sv')])).toEqual([
        ['frontdoor', Api.SDK_VERSION],
        ['frontdoor', '0.1.0'],
      ])
    } finally {
      server.close()
    }
  })
})
