import * as Clients from '@frontdoor/api/chains/Clients'
import * as ChainRpc from '@frontdoor/api/indexer/ChainRpc'
import * as Upstreams from '@frontdoor/api/rpc/Upstreams'
import * as Genesis from '@frontdoor/solana/genesis'
import * as SolanaServer from '@frontdoor/solana/server'
import { Keypair, SystemProgram, Transaction } from '@solana/web3.js'
import { afterAll, describe, expect, test } from 'vitest'

// The API's chain clients on the real local Solana cluster: the same viem transport and failover as an
// EVM chain's (Clients.test covers those with EVM nodes).
const chainId = Genesis.CAIP_NETWORK_ID
const cluster = await SolanaServer.start({ port: 0 })
afterAll(() => cluster.close())

/** A node that refuses every connection: the first of the chain's nodes, so that the cluster answers after it. */
const DOWN = 'http://127.0.0.1:1'
const upstreams = (urls: string[]) => Upstreams.create({ upstreams: { [chainId]: urls } })
const [dev] = Genesis.ACCOUNTS as [Genesis.Account]

describe('Clients.solana', () => {
  test('one client per set of upstreams and chain; none for a chain without nodes or of the other namespace', () => {
    const set = upstreams([cluster.url])
    expect(Clients.solana(set, chainId)).toBe(Clients.solana(set, chainId))
    expect(Clients.rpc(set, chainId)).toBe(Clients.solana(set, chainId))
    expect(() => Clients.solana(set, 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1')).toThrow(Clients.ChainError)
    expect(() => Clients.of(set, chainId)).toThrow(Clients.ChainError)
  })

  test('a node that does not answer hands over to the next (fallback)', async () => {
    const client = Clients.solana(upstreams([DOWN, cluster.url]), chainId)
    expect(await client.request({ method: 'getGenesisHash', params: [] })).toBe(Genesis.GENESIS_HASH)
  })

  test('a transaction the cluster refuses is its JSON-RPC error (code, message, data); no node is unreachable', async () => {
    const payer = Keypair.generate()
    const { value } = (await Clients.solana(upstreams([cluster.url]), chainId).request({
      method: 'getLatestBlockhash',
      params: [],
    })) as { value: { blockhash: string } }
    // A payer without lamports: the cluster's preflight refuses it.
    const tx = new Transaction({ feePayer: payer.publicKey, recentBlockhash: value.blockhash }).add(
      SystemProgram.transfer({
        fromPubkey: payer.publicKey,
        toPubkey: Keypair.generate().publicKey,
        lamports: 1,
      }),
    )
    tx.sign(payer)
    const send = (urls: string[]) =>
      Clients.solana(upstreams(urls), chainId)
        .request({
          method: 'sendTransaction',
          params: [tx.serialize().toString('base64'), { encoding: 'base64' }],
        })
        .catch((error: unknown) => Clients.chainError(error, chainId))
    expect(await send([cluster.url])).toMatchObject({
      code: -32002,
      message: expect.stringMatching(/^Transaction simulation failed/),
      data: { logs: expect.any(Array) },
      unreachable: false,
    })
    expect(await send([DOWN])).toMatchObject({ code: Clients.INTERNAL_ERROR, unreachable: true })
  })
})

describe('ChainRpc on a solana chain', () => {
  test("a batch's results; a call the cluster refuses stays its own; no node is an upstream error", async () => {
    const rpc = ChainRpc.create(upstreams([cluster.url]), chainId)
    const [balance, supply] = await rpc.batch<{ value: unknown }>([
      { method: 'getBalance', params: [dev.address, { commitment: 'confirmed' }] },
      { method: 'getTokenSupply', params: [Genesis.TOKEN.mint] },
    ])
    expect(typeof balance?.value).toBe('number')
    expect(supply?.value).toMatchObject({ amount: Genesis.TOKEN_SUPPLY.toString(), decimals: 6 })
    const settled = await rpc.settle([
      { method: 'getSlot', params: [] },
      { method: 'getBalance', params: ['not an address'] },
    ])
    expect(settled[0]).toMatchObject({ ok: true })
    expect(settled[1]).toMatchObject({ ok: false, error: { code: -32602 } })
    await expect(ChainRpc.create(upstreams([DOWN]), chainId).call('getSlot')).rejects.toThrow(
      ChainRpc.UpstreamError,
    )
  })
})
