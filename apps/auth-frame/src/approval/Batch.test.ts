import { describe, expect, test } from 'vitest'
import * as Batch from './Batch.js'
import * as Summary from './Summary.js'

const account = '0x1111111111111111111111111111111111111111'
const spender = '0x2222222222222222222222222222222222222222'
const token = '0x86963C0Be1Ef7dF4273e5c86E918759a97486169'
const context = { address: account, chainId: 31337, network: { name: 'Frontdoor Devnet', symbol: 'ETH' } }
// approve(spender, 2^256-1)
const approve = `0x095ea7b3${spender.slice(2).padStart(64, '0')}${'f'.repeat(64)}`
const batch = (calls: unknown[], chainId = '0x7a69') => [
  { version: '2.0.0', chainId, from: account, atomicRequired: true, calls },
]

describe('Batch.describe (wallet_sendCalls)', () => {
  test('shows every call of the batch: recipient, value, the decoded function, and the data in full', () => {
    const params = batch([
      { to: spender, value: '0xde0b6b3a7640000' },
      { to: token, data: approve },
    ])
    const shown = Batch.describe(params, context)
    // The screen shows what Batch read (a lazy chunk); Summary refuses a batch it was not given.
    expect(Summary.describe('wallet_sendCalls', params, { ...context, batch: shown })).toBe(shown)
    expect(() => Summary.describe('wallet_sendCalls', params, context)).toThrow(/the batch was not read/)
    expect(shown.title).toBe(Batch.TEXT.title)
    const rows = Object.fromEntries(shown.rows.map((row) => [row.label, row.value]))
    expect(rows).toMatchObject({
      Method: 'wallet_sendCalls',
      From: account,
      Network: 'Frontdoor Devnet',
      Calls: '2',
      Atomic: Batch.TEXT.atomic,
      'Call 1': spender,
      'Call 1 value': '1 ETH',
      'Call 2': token,
      'Call 2 value': '0 ETH',
      'Call 2 function': 'approve(spender, amount)',
      'Call 2 spender': spender,
      'Call 2 amount': 'Unlimited',
    })
    expect(shown.rows.find((row) => row.label === 'Call 2 amount')?.warning).toBe(true)
    expect(shown.detail?.text).toContain(approve)
  })

  test('the signer is the batch sender; a batch for another chain or malformed is refused (-32602)', () => {
    expect(Summary.signer('wallet_sendCalls', batch([{ to: spender }]))).toBe(account)
    expect(() =>
      Batch.describe([{ ...batch([])[0], calls: [{ data: 'x'.repeat(40_000) }] }], context),
    ).toThrow(/Invalid method parameter/)
    expect(() => Batch.describe(batch([{ to: spender }], '0x1'), context)).toThrow(
      /not the active chain 31337/,
    )
    expect(() => Batch.describe(batch([]), context)).toThrow(/params\.0\.calls/)
    expect(() => Batch.describe([{ calls: 'x' }], context)).toThrow(/Invalid method parameter/)
  })

  test("the EOA's batch: call by call, said so on the screen; one that requires atomicity is 5760", () => {
    const eoaBatch = [{ ...batch([{ to: spender }, { to: token, data: approve }])[0], atomicRequired: false }]
    const atomicRows = Object.fromEntries(
      Batch.describe(eoaBatch, context).rows.map((row) => [row.label, row.value]),
    )
    expect(atomicRows).toMatchObject({ Atomic: Batch.TEXT.atomic })
    const rows = Object.fromEntries(
      Batch.describe(eoaBatch, context, false).rows.map((row) => [row.label, row.value]),
    )
    expect(rows).toMatchObject({ Calls: '2', Sent: Batch.TEXT.sequential, 'Call 2': token })
    expect(rows.Atomic).toBeUndefined()
    expect(() => Batch.describe(batch([{ to: spender }]), context, false)).toThrow(
      expect.objectContaining({ code: 5760, message: 'Atomicity not supported' }),
    )
  })
})
