import * as Errors from '@frontdoor/schemas/errors'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import * as Toast from '../ui/Toast.js'
import * as Pending from './Pending.js'
import type * as Queries from './Queries.js'
import * as Settle from './Settle.js'

const HASH = '0x00000000000000000000000000000000000000000000000000000000000000aa'
const ME = '0x00000000000000000000000000000000000a11ce'

// The chain's receipt and the API's history, as the test sets them.
const chain = vi.hoisted(() => ({ status: 'success' as 'success' | 'reverted', indexed: true }))
vi.mock('../chain/Chain.js', () => ({
  client: () => ({
    // No time left: viem's WaitForTransactionReceiptTimeoutError.
    waitForTransactionReceipt: async ({ timeout }: { timeout: number }) => {
      if (timeout === 0) throw new Error('Timed out while waiting for transaction')
      return { status: chain.status }
    },
  }),
}))
vi.mock('./BlockchainApi.js', () => ({
  history: async () => ({ data: chain.indexed ? [{ metadata: { hash: HASH.toUpperCase() } }] : [] }),
}))

function setup() {
  const refreshed: string[][] = []
  const queries = {
    refresh: async (_scope: Queries.Scope, tokens: string[] = []) => {
      refreshed.push(tokens)
    },
  } as unknown as Queries.Queries
  const scope: Queries.Scope = {
    context: { apiUrl: 'http://api.test', projectId: 'p' },
    address: ME,
    chainId: 31337,
  }
  return { queries, scope, refreshed }
}

beforeEach(() => Toast.frame.hide())
afterEach(() => {
  chain.status = 'success'
  chain.indexed = true
})

describe('settle', () => {
  test('mined: waits for the history to list it, then reads the balances again; no toast of its own', async () => {
    const { queries, scope, refreshed } = setup()
    const outcome = await Settle.settle({ queries, scope, hash: HASH, tokens: ['eip155:31337:0xfeed'] })
    expect(outcome).toBe('indexed')
    expect(refreshed).toEqual([['eip155:31337:0xfeed']])
    expect(Toast.frame.get()).toBeUndefined()
  })

  test("reverted on chain: the error toast ('Execution reverted'), and Activity and balances still refresh", async () => {
    chain.status = 'reverted'
    const { queries, scope, refreshed } = setup()
    const pending = Pending.create()
    pending.add({
      hash: HASH,
      chain: 'eip155:31337',
      from: ME,
      to: ME,
      symbol: 'ETH',
      iconUrl: undefined,
      amount: '1',
      sentAt: 0,
    })
    const outcome = await Settle.settle({ queries, scope, hash: HASH, tokens: [], pending, intervalMs: 1 })
    expect(outcome).toBe('indexed')
    expect(Toast.frame.get()).toMatchObject({ message: Errors.EXECUTION_REVERTED, variant: 'error' })
    expect(refreshed).toEqual([[]])
    expect(pending.get()).toEqual([])
  })

  test('onMined hears the receipt: success, reverted, or nothing in time', async () => {
    const { queries, scope } = setup()
    const heard: unknown[] = []
    const onMined = (status: unknown) => heard.push(status)
    await Settle.settle({ queries, scope, hash: HASH, tokens: [], intervalMs: 1, onMined })
    chain.status = 'reverted'
    await Settle.settle({ queries, scope, hash: HASH, tokens: [], intervalMs: 1, onMined })
    expect(heard).toEqual(['success', 'reverted'])
    await Settle.settle({ queries, scope, hash: HASH, tokens: [], intervalMs: 1, timeoutMs: 0, onMined })
    expect(heard).toEqual(['success', 'reverted', undefined])
  })
})
