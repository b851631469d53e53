import { describe, expect, test } from 'vitest'
import * as Summary from './Summary.js'
import * as TestPermit from './TestPermit.js'
import * as Tokens from './Tokens.js'

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const context = { address, chainId: 31337 }
const TOKEN = '0x86963C0Be1Ef7dF4273e5c86E918759a97486169'
const ATTACKER = '0x00000000000000000000000000000000000a77ac'
const value = (summary: Summary.Summary, label: string) =>
  summary.rows.find((row) => row.label === label)?.value

/** The screen's summary of typed data, with the Permit2 rows the wallet reads before it. */
const show = (params: unknown[], known: Tokens.Decimals = {}) =>
  Summary.describe('eth_signTypedData_v4', params, {
    ...context,
    tokens: Tokens.summarize('eth_signTypedData_v4', params, context, known),
  })

describe('Permit2 signatures on the screen', () => {
  test('a Permit2 PermitSingle shows spender, token, Unlimited, expiry and the signature deadline', () => {
    const single = TestPermit.single({
      token: TOKEN,
      spender: ATTACKER,
      amount: (2n ** 160n - 1n).toString(),
    })
    const summary = show([address, JSON.stringify(single)])
    expect(value(summary, 'Spender')).toBe(ATTACKER)
    expect(value(summary, 'Token')).toBe(TOKEN)
    expect(value(summary, 'Amount')).toBe('Unlimited')
    expect(summary.rows.find((row) => row.label === 'Amount')?.warning).toBe(true)
    expect(value(summary, 'Expiry')).toBe('2030-01-01T00:00:00Z')
    expect(value(summary, 'Signature deadline')).toBe('2030-01-01T00:00:00Z')
    const some = TestPermit.single({ token: TOKEN, spender: ATTACKER, amount: '2500000' })
    const read = { [TOKEN.toLowerCase()]: 6 }
    expect(value(show([address, some], read), 'Amount')).toBe('2.5 (2500000 base units)')
  })

  test('a Permit2 PermitBatch numbers each token; an expiration of 0 is the block that uses it', () => {
    const batch = TestPermit.batch({
      spender: ATTACKER,
      tokens: [
        { token: TOKEN, amount: '2500000' },
        { token: address, amount: '3' },
      ],
    })
    const read = { [TOKEN.toLowerCase()]: 6, [address.toLowerCase()]: 0 }
    const summary = show([address, batch], read)
    expect(value(summary, 'Token 1')).toBe(TOKEN)
    expect(value(summary, 'Amount 1')).toBe('2.5 (2500000 base units)')
    expect(value(summary, 'Expiry 1')).toBe('When used (this block only)')
    expect(value(summary, 'Token 2')).toBe(address)
    expect(value(summary, 'Amount 2')).toBe('3')
  })

  test("Permit2's types verified by another contract are plain typed data", () => {
    const single = TestPermit.single({ token: TOKEN, spender: ATTACKER, amount: '1' })
    const elsewhere = { ...single, domain: { ...single.domain, verifyingContract: TOKEN } }
    const summary = show([address, elsewhere])
    expect(summary.rows.map((row) => row.label)).not.toContain('Spender')
  })
})
