import { describe, expect, test } from 'vitest'
import * as Cluster from './Cluster.js'
import * as Health from './Health.js'
import * as Server from './Server.js'
import * as Token from './Token.js'

describe('slots and blockhashes', () => {
  test('a slot passes every 400 ms; a blockhash stays valid for 150 slots', () => {
    let time = 1_000_000
    const cluster = Cluster.create({ now: () => time })
    const first = cluster.latestBlockhash()
    expect(first).toEqual({ slot: 0, blockhash: Cluster.blockhashOf(0), lastValidBlockHeight: 150 })
    time += Cluster.SLOT_MS - 1
    expect(cluster.slot()).toBe(0)
    time += 1
    expect(cluster.slot()).toBe(1)
    expect(cluster.latestBlockhash().blockhash).not.toBe(first.blockhash)
    expect(cluster.isBlockhashValid(first.blockhash)).toBe(true)
    time += (Cluster.BLOCKHASH_VALID_SLOTS - 1) * Cluster.SLOT_MS
    expect(cluster.slot()).toBe(150)
    expect(cluster.isBlockhashValid(first.blockhash)).toBe(true)
    time += Cluster.SLOT_MS
    expect(cluster.isBlockhashValid(first.blockhash)).toBe(false)
    expect(cluster.isBlockhashValid('11111111111111111111111111111111')).toBe(false)
  })

  test('every run hands out the same blockhashes', () => {
    expect(Cluster.blockhashOf(0)).toBe(Cluster.blockhashOf(0))
    expect(Cluster.blockhashOf(0)).not.toBe(Cluster.blockhashOf(1))
  })
})

describe('Token.uiAmount', () => {
  test('exact strings and floats', () => {
    expect(Token.uiAmount(1_500_000n, 6)).toEqual({
      amount: '1500000',
      decimals: 6,
      uiAmount: 1.5,
      uiAmountString: '1.5',
    })
    expect(Token.uiAmount(0n, 6).uiAmountString).toBe('0')
    expect(Token.uiAmount(7n, 0).uiAmountString).toBe('7')
  })
})

describe('Health.isSeeded', () => {
  test('true for a seeded cluster, false where none answers', async () => {
    const server = await Server.start({ port: 0 })
    try {
      expect(await Health.isSeeded(server.url)).toBe(true)
    } finally {
      await server.close()
    }
    expect(await Health.isSeeded(server.url)).toBe(false)
  })
})
