import { Hono } from 'hono'
import { describe, expect, test } from 'vitest'
import * as ClientIp from './ClientIp.js'

const seen = (trustProxy: number, forwardedFor?: string) => {
  const app = new Hono().get('/', (c) => c.text(ClientIp.of(c, { trustProxy })))
  return app.request('/', forwardedFor === undefined ? {} : { headers: { 'x-forwarded-for': forwardedFor } })
}

describe('of', () => {
  test('behind one trusted proxy: the address the proxy appended, not the one the client wrote', async () => {
    // The client sent 'x-forwarded-for: 6.6.6.6'; our proxy appended the peer it saw.
    expect(await (await seen(1, '6.6.6.6, 203.0.113.7')).text()).toBe('203.0.113.7')
    expect(await (await seen(1, '203.0.113.7')).text()).toBe('203.0.113.7')
    expect(await (await seen(1, ' 6.6.6.6 ,  203.0.113.7 ')).text()).toBe('203.0.113.7')
  })

  test('behind N trusted proxies: the Nth entry from the end', async () => {
    expect(await (await seen(2, '6.6.6.6, 203.0.113.7, 10.0.0.2')).text()).toBe('203.0.113.7')
    // Fewer entries than proxies: the header is not ours; the socket's peer (none in app.request).
    expect(await (await seen(2, '203.0.113.7')).text()).toBe('unknown')
  })

  test('without a trusted proxy the header is ignored', async () => {
    expect(await (await seen(0, '6.6.6.6')).text()).toBe('unknown')
    expect(await (await seen(1)).text()).toBe('unknown')
  })
})
