import { describe, expect, test } from 'vitest'
import * as Batch from './Batch.js'
import * as Summary from './Summary.js'
import * as Tokens from './Tokens.js'

const ME = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const SPENDER = '0x00000000000000000000000000000000000a77ac'
/** The devnet's tokens: FUSD has 6 decimals, DOOR 18. */
const FUSD = '0x86963C0Be1Ef7dF4273e5c86E918759a97486169'
const DOOR = `0x${'d'.repeat(40)}`
/** A token whose decimals() reverts. */
const BROKEN = `0x${'b'.repeat(40)}`
const word = (value: bigint | string) =>
  (typeof value === 'string' ? value.slice(2) : value.toString(16)).padStart(64, '0')
const approve = (amount: bigint) => `0x095ea7b3${word(SPENDER)}${word(amount)}`
const transfer = (amount: bigint) => `0xa9059cbb${word(SPENDER)}${word(amount)}`
const transferFrom = (amount: bigint) => `0x23b872dd${word(ME)}${word(SPENDER)}${word(amount)}`
const batch = (calls: { to: string; data: string }[], chainId: number) => [
  { version: '2.0.0', chainId: `0x${chainId.toString(16)}`, from: ME, atomicRequired: true, calls },
]
const value = (summary: Summary.Summary, label: string) =>
  summary.rows.find((row) => row.label === label)?.value

/**
 * The chain's answers to decimals() by token, recorded: a fake of the RPC proxy, as the unit tests of
 * Tokens.decimals use (e2e/embedded reads the devnet's tokens for real).
 */
function chain(decimals: Record<string, number>) {
  const reads: string[] = []
  const rpc = async (_project: string, _chainId: number, method: string, params: unknown) => {
    const [{ to, data }] = params as [{ to: string; data: string }]
    expect([method, data]).toEqual(['eth_call', '0x313ce567'])
    reads.push(to)
    const known = decimals[to.toLowerCase()]
    if (known === undefined) throw Object.assign(new Error('execution reverted'), { code: 3 })
    return `0x${word(BigInt(known))}`
  }
  return { rpc, reads }
}

/** What the screen shows of a batch: Batch.ts reads it, Tokens.ts puts its amounts in the tokens' units. */
async function show(params: unknown[], chainId: number, rpc: ReturnType<typeof chain>['rpc']) {
  const context = { address: ME, chainId }
  const withBatch = { ...context, batch: Batch.describe(params, context) }
  const tokens = await Tokens.describe({ method: 'wallet_sendCalls', params }, withBatch, rpc, 'demo')
  return Summary.describe('wallet_sendCalls', params, { ...withBatch, tokens })
}

describe("a wallet_sendCalls batch's token amounts in the token's units", () => {
  test("an approve of FUSD (6 decimals) and a transfer of DOOR (18): each in its token's units, base units beside; each token read once", async () => {
    const { rpc, reads } = chain({ [FUSD.toLowerCase()]: 6, [DOOR.toLowerCase()]: 18 })
    const params = batch(
      [
        { to: FUSD, data: approve(2_500_000n) },
        { to: DOOR, data: transfer(1_500_000_000_000_000_000n) },
        { to: FUSD, data: transferFrom(42n) },
        { to: FUSD, data: approve(2n ** 256n - 1n) },
      ],
      31337,
    )
    // Before: Batch.ts alone shows base units.
    expect(value(Batch.describe(params, { address: ME, chainId: 31337 }), 'Call 1 amount')).toBe('2500000')
    const shown = await show(params, 31337, rpc)
    expect(shown.title).toBe(Batch.TEXT.title)
    expect(Object.fromEntries(shown.rows.map((row) => [row.label, row.value]))).toMatchObject({
      Calls: '4',
      'Call 1 function': 'approve(spender, amount)',
      'Call 1 spender': SPENDER,
      'Call 1 amount': '2.5 (2500000 base units)',
      'Call 2 function': 'transfer(to, amount)',
      'Call 2 recipient': SPENDER,
      'Call 2 amount': '1.5 (1500000000000000000 base units)',
      'Call 3 function': 'transferFrom(from, to, amount)',
      'Call 3 owner': ME,
      'Call 3 recipient': SPENDER,
      'Call 3 amount': '0.000042 (42 base units)',
      'Call 4 amount': 'Unlimited',
    })
    expect(shown.rows.find((row) => row.label === 'Call 4 amount')?.warning).toBe(true)
    expect(shown.rows.find((row) => row.label === 'Call 1 amount')?.warning).toBeFalsy()
    expect(shown.detail?.text).toContain(approve(2_500_000n))
    // FUSD's three calls and DOOR's one: one decimals() each, and none the next time (cached).
    expect(reads.sort()).toEqual([DOOR.toLowerCase(), FUSD.toLowerCase()].sort())
    await show(params, 31337, rpc)
    expect(reads).toHaveLength(2)
  })

  test("a token whose decimals() reverts: base units, said so, beside another token's units; asked again next time", async () => {
    const { rpc, reads } = chain({ [FUSD.toLowerCase()]: 6 })
    const params = batch(
      [
        { to: BROKEN, data: approve(10n) },
        { to: FUSD, data: transfer(1_000_000n) },
      ],
      31338,
    )
    const shown = await show(params, 31338, rpc)
    expect(value(shown, 'Call 1 amount')).toBe("10 base units (the token's decimals could not be read)")
    expect(value(shown, 'Call 2 amount')).toBe('1 (1000000 base units)')
    expect(reads.sort()).toEqual([BROKEN, FUSD.toLowerCase()].sort())
    await show(params, 31338, rpc)
    expect(reads.filter((token) => token === BROKEN)).toHaveLength(2)
    expect(reads.filter((token) => token === FUSD.toLowerCase())).toHaveLength(1)
  })

  test('a batch that moves no tokens reads nothing: the screen shows Batch.ts alone', async () => {
    const { rpc, reads } = chain({})
    const params = batch([{ to: SPENDER, data: '0x' }], 31337)
    const context = { address: ME, chainId: 31337 }
    const withBatch = { ...context, batch: Batch.describe(params, context) }
    expect(
      await Tokens.describe({ method: 'wallet_sendCalls', params }, withBatch, rpc, 'demo'),
    ).toBeUndefined()
    expect(Tokens.tokensOf('wallet_sendCalls', params)).toEqual([])
    expect(Tokens.tokensOf('wallet_sendCalls', [{ calls: 'x' }])).toEqual([])
    expect(reads).toEqual([])
  })
})
