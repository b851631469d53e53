import { describe, expect, test } from 'vitest'
import * as Rules from './Rules.js'

const now = Date.parse('2026-11-25T12:00:00.000Z')
const data = {
  domain: 'shop.example',
  accountAddress: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  chainId: 'eip155:1',
  uri: 'https://shop.example/login',
  version: '1',
  nonce: 'k2Jd8sL0qXv',
  issuedAt: '2026-11-25T11:59:00.000Z',
}
const context: Rules.Context = {
  now,
  allowedOrigins: ['https://shop.example', 'http://localhost:5173'],
  requestOrigin: 'https://shop.example',
  trustedOrigins: ['http://127.0.0.1:5180'],
}
const at = (offsetS: number) => new Date(now + offsetS * 1000).toISOString()

describe('check', () => {
  test('a message for the page asking, on time, passes', () => {
    expect(Rules.check(data, context)).toBeUndefined()
    // Our modal frame asks on behalf of the page it checked; a server (no Origin) for any allowed site.
    expect(Rules.check(data, { ...context, requestOrigin: 'http://127.0.0.1:5180' })).toBeUndefined()
    expect(Rules.check(data, { ...context, requestOrigin: undefined })).toBeUndefined()
    expect(
      Rules.check(
        { ...data, uri: 'http://localhost:5173', domain: 'localhost:5173' },
        { ...context, requestOrigin: undefined },
      ),
    ).toBeUndefined()
  })

  test.each([
    [
      'a URI off the allowlist',
      { uri: 'https://evil.example/login', domain: 'evil.example' },
      Rules.REFUSED.origin,
    ],
    ['a URI that is not a URL', { uri: 'not a url' }, Rules.REFUSED.origin],
    ['a domain other than the URI host', { domain: 'evil.example' }, Rules.REFUSED.domain],
    ['a port the URI does not have', { domain: 'shop.example:8443' }, Rules.REFUSED.domain],
    ['a namespace without sign-in', { chainId: 'cosmos:cosmoshub-4' }, Rules.REFUSED.namespace],
    [
      'issued in the future beyond the skew',
      { issuedAt: at(Rules.CLOCK_SKEW_S + 1) },
      Rules.REFUSED.issuedAt,
    ],
    ['expired', { expirationTime: at(0) }, Rules.REFUSED.expired],
    ['not valid yet', { notBefore: at(Rules.CLOCK_SKEW_S + 1) }, Rules.REFUSED.notBefore],
  ])('refuses %s', (_, change, refusal) => {
    expect(Rules.check({ ...data, ...change }, context)).toBe(refusal)
  })

  test('a clock a little ahead is allowed', () => {
    expect(
      Rules.check(
        {
          ...data,
          issuedAt: at(Rules.CLOCK_SKEW_S - 1),
          notBefore: at(Rules.CLOCK_SKEW_S - 1),
          expirationTime: at(1),
        },
        context,
      ),
    ).toBeUndefined()
  })

  test('a page may not present a message it had signed for another allowed site', () => {
    expect(Rules.check(data, { ...context, requestOrigin: 'http://localhost:5173' })).toBe(
      Rules.REFUSED.requestOrigin,
    )
  })
})
