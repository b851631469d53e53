import { describe, expect, test } from 'vitest'
import * as SolanaRpc from './SolanaRpc.js'

/**
 * The cluster's answers are stubbed at fetch (a recorded getAccountInfo shape, as the local cluster and
 * Agave give it): what is tested is what `account` keeps of them.
 */
const answering = (value: unknown): typeof fetch =>
  (async () => Response.json({ jsonrpc: '2.0', id: 1, result: { context: { slot: 1 }, value } })) as never

const context = { apiUrl: 'http://api.invalid', projectId: 'p' }
const CHAIN = 'solana:FxwCwhiscJPbAuFKVEq7mmzfCkcEoFth'
const MINT = 'Gh9ZwEmdLJ8DscKNTkTqPbNwLNNBjuSzaG9Vp2KGtKJr'
const owner = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'

describe('account', () => {
  test('lamports, owner and the data size (space) the cluster tells, even with an empty data slice', async () => {
    const value = {
      data: ['', 'base64'],
      executable: false,
      lamports: 1461600,
      owner,
      rentEpoch: 0,
      space: 82,
    }
    const rpc = SolanaRpc.create(context, CHAIN, answering(value))
    expect(await rpc.account(MINT)).toEqual({ lamports: 1461600, owner, space: 82 })
  })
  test('no space when the cluster does not tell it; null for a missing account', async () => {
    const value = { data: ['', 'base64'], executable: false, lamports: 1, owner, rentEpoch: 0 }
    expect(await SolanaRpc.create(context, CHAIN, answering(value)).account(MINT)).toEqual({
      lamports: 1,
      owner,
    })
    expect(await SolanaRpc.create(context, CHAIN, answering(null)).account(MINT)).toBeNull()
  })
})
