import { describe, expect, test } from 'vitest'
import * as EoaSignatures from './eoa-signatures.js'
import * as SignRequest from './sign-request.js'

const SMART = '0x1111111111111111111111111111111111111111'
const refusal = (fn: () => void) => {
  try {
    fn()
  } catch (error) {
    return SignRequest.isInvalid(error) ? error.message : 'not -32602'
  }
  return undefined
}

describe('EoaSignatures.checkEoa', () => {
  test('a personal_sign of exactly 32 raw bytes is refused; text and other lengths pass', () => {
    const message = `0x${'ab'.repeat(32)}`
    expect(refusal(() => EoaSignatures.checkEoa({ method: 'personal_sign', message }, SMART))).toBe(
      `Invalid method parameter(s). ${EoaSignatures.REFUSALS.bareHash}`,
    )
    for (const passes of ['hello', `0x${'ab'.repeat(31)}`, `0x${'ab'.repeat(33)}`, `${'ab'.repeat(32)}`])
      expect(refusal(() => EoaSignatures.checkEoa({ method: 'personal_sign', message: passes }, SMART))).toBe(
        undefined,
      )
  })

  test('a personal_sign whose signed bytes are 32 is refused, text as well as hex (the same EIP-191 digest)', () => {
    const refused = `Invalid method parameter(s). ${EoaSignatures.REFUSALS.bareHash}`
    const check = (message: string) =>
      refusal(() => EoaSignatures.checkEoa({ method: 'personal_sign', message }, SMART))
    // 32 bytes of UTF-8: 32 ASCII characters, 16 two-byte ones, 8 four-byte ones.
    for (const text of ['a'.repeat(32), 'é'.repeat(16), '😀'.repeat(8), `0x${'ab'.repeat(14)}zz`])
      expect(check(text), text).toBe(refused)
    for (const text of ['a'.repeat(31), 'a'.repeat(33), 'é'.repeat(17), '😀'.repeat(7), '0x'])
      expect(check(text), text).toBe(undefined)
  })

  test("typed data in the smart account's domain (its name, or it verifying) is refused; others pass", () => {
    const check = (domain: unknown) =>
      refusal(() => EoaSignatures.checkEoa({ method: 'eth_signTypedData_v4', domain }, SMART))
    const refused = `Invalid method parameter(s). ${EoaSignatures.REFUSALS.accountDomain}`
    expect(check({ name: 'Frontdoor Account', version: '1' })).toBe(refused)
    expect(check({ name: 'x', verifyingContract: SMART.toUpperCase().replace('0X', '0x') })).toBe(refused)
    expect(check({ name: 'Uniswap', verifyingContract: `0x${'22'.repeat(20)}` })).toBe(undefined)
    expect(check(undefined)).toBe(undefined)
  })

  test("the account's name in another encoding, or the account's types in any domain, are refused", () => {
    const check = (request: { domain: unknown; primaryType?: string; types?: Record<string, unknown> }) =>
      refusal(() => EoaSignatures.checkEoa({ method: 'eth_signTypedData_v4', ...request }, SMART))
    const refused = `Invalid method parameter(s). ${EoaSignatures.REFUSALS.accountDomain}`
    // The name as its UTF-8 bytes: viem hashes it as the string (SignRequest.typedData refuses it too).
    const bytes = [...new TextEncoder().encode(EoaSignatures.ACCOUNT_DOMAIN_NAME)]
    expect(check({ domain: { name: bytes, version: '1' } })).toBe(refused)
    expect(check({ domain: { name: 5 } })).toBe(refused)
    // The account's struct hashes begin with their typehash, which names the type: only these names give them.
    const field = [{ name: 'hash', type: 'bytes32' }]
    for (const type of EoaSignatures.ACCOUNT_TYPES) {
      expect(check({ domain: { name: 'x' }, primaryType: type, types: { [type]: field } })).toBe(refused)
      expect(check({ domain: {}, primaryType: 'Mail', types: { Mail: field, [type]: field } })).toBe(refused)
    }
    expect(check({ domain: { name: 'x' }, primaryType: 'Mail', types: { Mail: field } })).toBe(undefined)
    expect(check({ domain: { name: 'Frontdoor Accounts' } })).toBe(undefined)
  })
})
