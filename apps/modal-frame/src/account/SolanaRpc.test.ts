import * as Errors from '@frontdoor/protocol/errors'
import * as JsonRpc from '@frontdoor/protocol/json-rpc'
import * as SolanaTransaction from '@frontdoor/protocol/solana-transaction'
import * as SolanaTransfer from '@frontdoor/protocol/solana-transfer'
import * as Genesis from '@frontdoor/solana/genesis'
import * as SolanaServer from '@frontdoor/solana/server'
import { afterAll, describe, expect, test } from 'vitest'
import * as SolanaRpc from './SolanaRpc.js'

// The real local Solana cluster. The modal reads it through the API's RPC proxy, which is tested with
// the API (apps/dev's SolanaRoutes.test); here the proxy's URL is taken to the cluster itself, and what
// the modal asked of the proxy is recorded.
const cluster = await SolanaServer.start({ port: 0 })
afterAll(() => cluster.close())

const context = { apiUrl: 'http://api.invalid', projectId: 'p' }
const CHAIN = Genesis.CAIP_NETWORK_ID
const [dev] = Genesis.ACCOUNTS as [Genesis.Account]
const asked: { url: string; credentials: RequestCredentials | undefined }[] = []
const toCluster: typeof fetch = (input, init) => {
  asked.push({ url: String(input), credentials: init?.credentials })
  return fetch(cluster.url, init)
}
const rpc = SolanaRpc.create(context, CHAIN, toCluster)
/** An address nobody has used. */
const NOBODY = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin'

describe('create', () => {
  test("asks the API's RPC proxy for the cluster, without credentials", async () => {
    asked.length = 0
    await rpc.latestBlockhash()
    expect(asked).toEqual([
      { url: `http://api.invalid/v1/?chainId=${encodeURIComponent(CHAIN)}&projectId=p`, credentials: 'omit' },
    ])
  })

  test("a refusal of the cluster is the one ProviderRpcError, with the cluster's code and message", async () => {
    const refused = rpc.account('not an address')
    await expect(refused).rejects.toBeInstanceOf(Errors.ProviderRpcError)
    await expect(refused).rejects.toMatchObject({
      code: Errors.PROVIDER_ERRORS.invalidParams.code,
      message: expect.stringMatching(/^Invalid params/),
    })
  })
})

describe('account', () => {
  test("the mint's lamports, owner program and data size; null for an account that does not exist", async () => {
    expect(await rpc.account(Genesis.TOKEN.mint)).toEqual({
      lamports: expect.any(Number),
      owner: Genesis.TOKEN_PROGRAM,
      space: 82,
    })
    expect(await rpc.account(NOBODY)).toBeNull()
  })

  test('no space when the cluster does not tell it (a recorded Agave answer, stubbed at fetch)', async () => {
    const value = {
      data: ['', 'base64'],
      executable: false,
      lamports: 1,
      owner: Genesis.TOKEN_PROGRAM,
      rentEpoch: 0,
    }
    const agave: typeof fetch = async () =>
      Response.json({ jsonrpc: '2.0', id: 1, result: { context: { slot: 1 }, value } })
    expect(await SolanaRpc.create(context, CHAIN, agave).account(Genesis.TOKEN.mint)).toEqual({
      lamports: 1,
      owner: Genesis.TOKEN_PROGRAM,
    })
  })
})

describe('rentExemption', () => {
  test('the least lamports of an empty account and of a token account', async () => {
    expect(await rpc.rentExemption(0)).toBe(890_880n)
    expect(await rpc.rentExemption(SolanaTransfer.tokenAccountSize(SolanaTransaction.PROGRAMS.token))).toBe(
      2_039_280n,
    )
  })
})

describe('feeForMessage', () => {
  test('one signature of a transfer naming the latest blockhash', async () => {
    const { message } = await SolanaTransfer.build({
      from: dev.address,
      to: NOBODY,
      amount: 1n,
      recentBlockhash: await rpc.latestBlockhash(),
    })
    expect(await rpc.feeForMessage(SolanaTransaction.toBase64(message))).toBe(5_000n)
  })
})

describe('status', () => {
  test('confirmed for a signature the cluster landed; pending for one it has not seen', async () => {
    const receiver = SolanaTransaction.base58(new Uint8Array(32).fill(9))
    const signature = (await JsonRpc.post(cluster.url, 'requestAirdrop', [receiver, 1_000_000])) as string
    expect(await rpc.status(signature)).toBe('confirmed')
    expect(await rpc.status(SolanaTransaction.base58(new Uint8Array(64).fill(7)))).toBe('pending')
  })
})
