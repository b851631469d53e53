// @vitest-environment jsdom
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import * as Version from '@frontdoor/protocol/version'
import { afterAll, describe, expect, test } from 'vitest'
import * as Analytics from './Analytics.js'

const analyticsOn = true
const asked: string[] = []
const server = createServer((req, res) => {
  if (req.url?.startsWith('/getAnalyticsConfig')) {
    asked.push(req.url)
    res.setHeader('content-type', 'application/json')
    return res.end(JSON.stringify({ isAnalyticsEnabled: analyticsOn }))
  }
  res.statusCode = 503
  res.end()
})
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
const api = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
afterAll(() => server.close())

const target = window as Window & typeof globalThis
const until = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10))
}

describe('start', () => {
  test('asks the project at the first report only; then reports failed requests, capped', async () => {
    target.fetch = globalThis.fetch
    const sent: string[] = []
    const client = Analytics.start(
      {
        apiUrl: api,
        projectId: 'demo',
        page: () => 'http://localhost:5173',
        send: (url, body) => {
          sent.push(`${url} ${body}`)
          return true
        },
      },
      target,
    )!
    expect(asked).toEqual([])
    for (let i = 0; i < 6; i++) await target.fetch(`${api}/v1/auth/session`)
    await until(() => asked.length > 0)
    expect(asked).toEqual([`/getAnalyticsConfig?projectId=demo&st=frontdoor&sv=${Version.SDK_VERSION}`])
    await new Promise((resolve) => setTimeout(resolve, 50))
    client.flush()
    expect(sent).toHaveLength(5)
    expect(sent[0]).toContain(`${api}/e?projectId=demo&st=frontdoor&sv=${Version.SDK_VERSION} `)
    expect(JSON.parse(sent[0]!.split(' ').slice(1).join(' ')).props).toEqual({
      type: 'error',
      event: 'ERROR',
      properties: {
        source: 'auth',
        kind: 'request',
        name: 'HttpError',
        message: 'HTTP 503 GET /v1/auth/session',
      },
    })
  })

  test('no project id: nothing starts', () => {
    expect(
      Analytics.start({ apiUrl: api, projectId: undefined, page: () => undefined }, target),
    ).toBeUndefined()
  })
})
