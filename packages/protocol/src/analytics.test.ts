// @vitest-environment jsdom
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import * as Constants from '@frontdoor/schemas/constants'
import { afterAll, describe, expect, test, vi } from 'vitest'
import * as Analytics from './analytics.js'

type Sent = {
  eventId: string
  url: string
  domain: string
  timestamp: number
  props: Record<string, unknown>
}
const sent: { url: string; body: Sent }[] = []
const client = (overrides: Partial<Analytics.Options> = {}) => {
  sent.length = 0
  return Analytics.create({
    apiUrl: 'http://127.0.0.1:4000',
    projectId: 'demo',
    sdkType: 'frontdoor',
    sdkVersion: () => '1.2.3',
    page: () => 'http://localhost:5173/shop?token=secret',
    send: (url, body) => {
      sent.push({ url, body: JSON.parse(body) })
      return true
    },
    ...overrides,
  })
}

describe('create', () => {
  test('queues until enabled, then sends one POST /e per report with the spec fields and the sdk query', () => {
    const c = client({ now: () => 1_700_000_000_000 })
    c.track('MODAL_OPEN')
    c.track('CONNECT_SUCCESS', { kind: 'injected', chainId: 31337 })
    c.flush()
    expect(sent).toEqual([])
    expect(c.pending()).toBe(2)
    c.setEnabled(true)
    c.flush()
    expect(c.pending()).toBe(0)
    expect(sent.map((s) => s.url)).toEqual([
      'http://127.0.0.1:4000/e?projectId=demo&st=frontdoor&sv=1.2.3',
      'http://127.0.0.1:4000/e?projectId=demo&st=frontdoor&sv=1.2.3',
    ])
    expect(sent[1]!.body).toEqual({
      eventId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      // The page's origin only: its path and query never leave.
      url: 'http://localhost:5173/',
      domain: 'localhost',
      timestamp: 1_700_000_000_000,
      props: { type: 'track', event: 'CONNECT_SUCCESS', properties: { kind: 'injected', chainId: 31337 } },
    })
    expect(sent[0]!.body.eventId).not.toBe(sent[1]!.body.eventId)
  })

  test('analytics off: the queue is dropped and nothing is sent, ever', () => {
    const c = client()
    c.track('MODAL_OPEN')
    c.setEnabled(false)
    c.track('MODAL_CLOSE')
    c.report(new Error('x'), { source: 'modal', kind: 'uncaught' })
    c.flush()
    expect(c.pending()).toBe(0)
    expect(sent).toEqual([])
  })

  test('a report the browser refuses is dropped, not retried', () => {
    let calls = 0
    const c = client({
      send: () => {
        calls++
        return false
      },
    })
    c.setEnabled(true)
    c.track('MODAL_OPEN')
    c.flush()
    c.flush()
    expect(calls).toBe(1)
    expect(c.pending()).toBe(0)
  })

  test('no page known yet: the events wait for it; QUEUE_MAX waiting: later ones are dropped', () => {
    let page: string | undefined
    const c = client({ page: () => page })
    c.setEnabled(true)
    c.track('MODAL_OPEN')
    c.flush()
    expect(sent).toEqual([])
    expect(c.pending()).toBe(1)
    page = 'https://shop.example/cart'
    c.flush()
    expect(sent.map((s) => [s.body.url, s.body.domain])).toEqual([['https://shop.example/', 'shop.example']])
    const full = client()
    for (let i = 0; i < Analytics.QUEUE_MAX + 5; i++) full.track('MODAL_OPEN')
    expect(full.pending()).toBe(Analytics.QUEUE_MAX)
  })

  test('error reports: ERROR_REPORTS_MAX per ERROR_REPORTS_WINDOW_S, name and redacted message only', () => {
    let now = 0
    const c = client({ now: () => now })
    c.setEnabled(true)
    const results = []
    for (let i = 0; i < Constants.ERROR_REPORTS_MAX + 1; i++)
      results.push(c.report(new TypeError(`no user a@b.co (${i})`), { source: 'auth', kind: 'uncaught' }))
    expect(results).toEqual([true, true, true, true, true, false])
    now = Constants.ERROR_REPORTS_WINDOW_S * 1000 - 1
    expect(c.report(new Error('still capped'), { source: 'auth', kind: 'uncaught' })).toBe(false)
    now = Constants.ERROR_REPORTS_WINDOW_S * 1000
    expect(c.report(new Error('a new window'), { source: 'auth', kind: 'uncaught' })).toBe(true)
    c.flush()
    expect(sent).toHaveLength(6)
    expect(sent[0]!.body.props).toEqual({
      type: 'error',
      event: 'ERROR',
      properties: { source: 'auth', kind: 'uncaught', name: 'TypeError', message: 'no user <email> (0)' },
    })
  })

  test('listen: sends when the page hides and on the timer; stops when told', () => {
    vi.useFakeTimers()
    try {
      const c = client()
      c.setEnabled(true)
      const stop = c.listen(window)
      c.track('MODAL_OPEN')
      window.dispatchEvent(new Event('pagehide'))
      expect(sent).toHaveLength(1)
      c.track('MODAL_CLOSE')
      vi.advanceTimersByTime(Analytics.FLUSH_INTERVAL_MS)
      expect(sent).toHaveLength(2)
      stop()
      c.track('MODAL_OPEN')
      window.dispatchEvent(new Event('pagehide'))
      vi.advanceTimersByTime(Analytics.FLUSH_INTERVAL_MS)
      expect(sent).toHaveLength(2)
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('watchErrors', () => {
  const server = createServer((req, res) => {
    res.statusCode = Number(req.url?.split('/')[1]) || 200
    res.end('{}')
  })
  const listening = new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  afterAll(() => server.close())

  test('reports failed requests (429, 5xx, network) and uncaught errors; not the others', async () => {
    await listening
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    const reports: unknown[] = []
    const target = window as Window & typeof globalThis
    target.fetch = globalThis.fetch
    const stop = Analytics.watchErrors(
      target,
      {
        report: (error, where) => {
          reports.push({ ...error, ...where })
          return true
        },
      },
      'modal',
    )
    expect((await target.fetch(`${base}/200/v1/ok`)).status).toBe(200)
    expect(reports).toEqual([])
    await target.fetch(
      `${base}/503/v1/account/0x52908400098527886E0F7030069857D2E4169EE7/balance?projectId=demo`,
    )
    await target.fetch(`${base}/429/appkit/v1/config`, { method: 'POST' })
    await expect(target.fetch('http://127.0.0.1:1/nothing')).rejects.toThrow()
    target.dispatchEvent(new ErrorEvent('error', { error: new RangeError('boom'), message: 'boom' }))
    expect(reports).toEqual([
      {
        name: 'HttpError',
        message: 'HTTP 503 GET /503/v1/account/0x5290…169EE7/balance',
        source: 'modal',
        kind: 'request',
      },
      { name: 'HttpError', message: 'HTTP 429 POST /429/appkit/v1/config', source: 'modal', kind: 'request' },
      { name: 'TypeError', message: 'fetch failed: GET /nothing', source: 'modal', kind: 'request' },
      { name: 'RangeError', message: 'boom', source: 'modal', kind: 'uncaught' },
    ])
    stop()
    await target.fetch(`${base}/503/x`)
    expect(reports).toHaveLength(4)
  })
})
