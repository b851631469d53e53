import { describe, expect, test } from 'vitest'
import * as ClientAddress from './ClientAddress.js'

describe('trustedProxies', () => {
  test('reads TRUST_PROXY: off, 1/true for one proxy, a count for several', () => {
    expect(ClientAddress.trustedProxies(undefined)).toBe(0)
    expect(ClientAddress.trustedProxies('')).toBe(0)
    expect(ClientAddress.trustedProxies('0')).toBe(0)
    expect(ClientAddress.trustedProxies('false')).toBe(0)
    expect(ClientAddress.trustedProxies('1')).toBe(1)
    expect(ClientAddress.trustedProxies('true')).toBe(1)
    expect(ClientAddress.trustedProxies('3')).toBe(3)
    expect(() => ClientAddress.trustedProxies('yes please')).toThrow(/TRUST_PROXY/)
  })
})

describe('forwarded', () => {
  test('behind N proxies of ours: the Nth entry from the end, never what the client wrote before it', () => {
    expect(ClientAddress.forwarded('6.6.6.6, 203.0.113.7', 1)).toBe('203.0.113.7')
    expect(ClientAddress.forwarded(' 6.6.6.6 ,  203.0.113.7 ', 1)).toBe('203.0.113.7')
    expect(ClientAddress.forwarded('6.6.6.6, 203.0.113.7, 10.0.0.2', 2)).toBe('203.0.113.7')
    expect(ClientAddress.forwarded(['6.6.6.6', '203.0.113.7'], 1)).toBe('203.0.113.7')
  })

  test('no proxies of ours, no header, or fewer entries than proxies: none (the peer is the client)', () => {
    expect(ClientAddress.forwarded('6.6.6.6', 0)).toBeUndefined()
    expect(ClientAddress.forwarded(undefined, 1)).toBeUndefined()
    expect(ClientAddress.forwarded('203.0.113.7', 2)).toBeUndefined()
    expect(ClientAddress.forwarded('', 1)).toBeUndefined()
  })
})

describe('key', () => {
  test('IPv4 as is, also IPv4-mapped', () => {
    expect(ClientAddress.key('203.0.113.7')).toBe('203.0.113.7')
    expect(ClientAddress.key('::ffff:203.0.113.7')).toBe('203.0.113.7')
    expect(ClientAddress.key('::FFFF:127.0.0.1')).toBe('127.0.0.1')
  })

  test('IPv6 by its /64: the hosts of one block count as one client', () => {
    expect(ClientAddress.key('2001:db8:1:2:a:b:c:d')).toBe('2001:db8:1:2::/64')
    expect(ClientAddress.key('2001:0DB8:0001:0002:ffff:0:0:1')).toBe('2001:db8:1:2::/64')
    expect(ClientAddress.key('2001:db8::1')).toBe('2001:db8:0:0::/64')
    expect(ClientAddress.key('::1')).toBe('0:0:0:0::/64')
    expect(ClientAddress.key('fe80::1%eth0')).toBe('fe80:0:0:0::/64')
    expect(ClientAddress.key('2001:db8:1:2::5.6.7.8')).toBe('2001:db8:1:2::/64')
    expect(ClientAddress.key('2001:db8:1:3::1')).not.toBe(ClientAddress.key('2001:db8:1:2::1'))
  })

  test('anything else as given', () => {
    expect(ClientAddress.key('unknown')).toBe('unknown')
  })
})
