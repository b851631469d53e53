import { describe, expect, test } from 'vitest'
import * as Changes from './Changes.js'
import type * as Trace from './Trace.js'

const ME = `0x${'1'.repeat(40)}`
const YOU = `0x${'2'.repeat(40)}`
const TOKEN = `0x${'a'.repeat(40)}`
const NFT = `0x${'b'.repeat(40)}`
const topic = (address: string) => `0x${address.slice(2).padStart(64, '0')}`
const data = (value: bigint) => `0x${value.toString(16).padStart(64, '0')}`
const log = (address: string, topics: string[], value?: bigint): Trace.Log => ({
  address,
  topics,
  data: value === undefined ? '0x' : data(value),
})
const effects = (logs: Trace.Log[], transfers: Trace.Transfer[] = []): Trace.Effects => ({
  reverted: false,
  transfers,
  logs,
})

describe('of', () => {
  test('ERC-20 amounts net per token, outgoing first; other accounts and zero nets left out', () => {
    const found = Changes.of(
      effects([
        log(TOKEN, [Changes.TOPIC.transfer, topic(YOU), topic(ME)], 5n),
        log(NFT, [Changes.TOPIC.transfer, topic(ME), topic(YOU)], 3n),
        log(NFT, [Changes.TOPIC.transfer, topic(YOU), topic(ME)], 3n),
        log(TOKEN, [Changes.TOPIC.transfer, topic(ME), topic(YOU)], 7n),
        log(TOKEN, [Changes.TOPIC.transfer, topic(YOU), topic(YOU)], 100n),
      ]),
      ME.toUpperCase().replace('0X', '0x'),
    )
    expect(found).toEqual({
      changes: [{ direction: 'out', asset: 'erc20', token: TOKEN, amount: 2n }],
      approvals: [],
    })
  })

  test('native coin from the transfers, net', () => {
    const found = Changes.of(
      effects(
        [],
        [
          { from: ME, to: YOU, value: 10n },
          { from: YOU, to: ME, value: 4n },
          { from: YOU, to: TOKEN, value: 99n },
        ],
      ),
      ME,
    )
    expect(found.changes).toEqual([{ direction: 'out', asset: 'native', amount: 6n }])
  })

  test('ERC-721 tokens sent and received by id; one sent and received back is no change', () => {
    const found = Changes.of(
      effects([
        log(NFT, [Changes.TOPIC.transfer, topic(YOU), topic(ME), data(9n)]),
        log(NFT, [Changes.TOPIC.transfer, topic(ME), topic(YOU), data(1n)]),
        log(NFT, [Changes.TOPIC.transfer, topic(ME), topic(YOU), data(2n)]),
        log(NFT, [Changes.TOPIC.transfer, topic(YOU), topic(ME), data(2n)]),
      ]),
      ME,
    )
    expect(found.changes).toEqual([
      { direction: 'out', asset: 'erc721', token: NFT, tokenId: 1n },
      { direction: 'in', asset: 'erc721', token: NFT, tokenId: 9n },
    ])
  })

  test("the chain's WETH: its Deposit and Withdrawal move the wrapped token", () => {
    const weth = { wrappedNative: TOKEN.toUpperCase().replace('0X', '0x') }
    const deposit = log(TOKEN, [Changes.TOPIC.deposit, topic(ME)], 8n)
    const withdrawal = log(TOKEN, [Changes.TOPIC.withdrawal, topic(ME)], 8n)
    expect(Changes.of(effects([deposit]), ME, weth).changes).toEqual([
      { direction: 'in', asset: 'erc20', token: TOKEN, amount: 8n },
    ])
    expect(Changes.of(effects([withdrawal]), ME, weth).changes).toEqual([
      { direction: 'out', asset: 'erc20', token: TOKEN, amount: 8n },
    ])
  })

  test("another contract's Deposit and Withdrawal (a vault's) move nothing; none without a known WETH", () => {
    const vault = [
      log(NFT, [Changes.TOPIC.deposit, topic(ME)], 8n),
      log(NFT, [Changes.TOPIC.withdrawal, topic(ME)], 3n),
    ]
    expect(Changes.of(effects(vault), ME, { wrappedNative: TOKEN }).changes).toEqual([])
    expect(Changes.of(effects(vault), ME).changes).toEqual([])
  })

  test('a wrapped token that also emits a mint or burn Transfer is counted once', () => {
    const ZERO = `0x${'0'.repeat(40)}`
    const found = Changes.of(
      effects([
        log(TOKEN, [Changes.TOPIC.deposit, topic(ME)], 8n),
        log(TOKEN, [Changes.TOPIC.transfer, topic(ZERO), topic(ME)], 8n),
      ]),
      ME,
      { wrappedNative: TOKEN },
    )
    expect(found.changes).toEqual([{ direction: 'in', asset: 'erc20', token: TOKEN, amount: 8n }])
  })

  test('approvals the account grants: the last per token and spender; none granted by others', () => {
    const found = Changes.of(
      effects([
        log(TOKEN, [Changes.TOPIC.approval, topic(ME), topic(YOU)], 1n),
        log(TOKEN, [Changes.TOPIC.approval, topic(ME), topic(YOU)], 2n ** 256n - 1n),
        log(TOKEN, [Changes.TOPIC.approval, topic(YOU), topic(ME)], 5n),
        log(NFT, [Changes.TOPIC.approval, topic(ME), topic(YOU), data(4n)]),
        log(NFT, [Changes.TOPIC.approvalForAll, topic(ME), topic(YOU)], 1n),
        log(NFT, [Changes.TOPIC.approvalForAll, topic(YOU), topic(ME)], 1n),
      ]),
      ME,
    )
    expect(found.changes).toEqual([])
    expect(found.approvals).toEqual([
      { kind: 'erc20', token: TOKEN, spender: YOU, amount: 2n ** 256n - 1n },
      { kind: 'erc721', token: NFT, spender: YOU, tokenId: 4n },
      { kind: 'erc721-all', token: NFT, spender: YOU, approved: true },
    ])
  })
})
