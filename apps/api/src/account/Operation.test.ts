import { toFunctionSelector } from 'viem'
import { describe, expect, test } from 'vitest'
import type * as Tables from '../db/Tables.js'
import * as Registry from '../indexer/Registry.js'
import * as Operation from './Operation.js'

const usd = { address: '0x00000000000000000000000000000000000000d1', name: 'USD', symbol: 'USD', decimals: 6 }
const wrapped = {
  address: '0x00000000000000000000000000000000000000d2',
  name: 'Wrapped Ether',
  symbol: 'WETH',
  decimals: 18,
}
/** A chain whose AMM wraps the native coin in `wrapped` (what the registry hands in for a devnet). */
const chain: Registry.Chain = {
  chainId: 'eip155:31337',
  tokens: [usd, wrapped],
  spamCollections: new Set(),
  amm: {
    factory: '0x00000000000000000000000000000000000000f1',
    router: '0x00000000000000000000000000000000000000f2',
    stable: usd,
    wrappedNative: wrapped,
  },
}
const weth = wrapped.address
const me = '0x00000000000000000000000000000000000000aa'
const other = '0x00000000000000000000000000000000000000bb'
const token = '0x00000000000000000000000000000000000000cc'
const zero = Registry.ZERO_ADDRESS

const tx = (fields: Partial<typeof Tables.chainTransactions.$inferSelect> = {}) => ({
  chainId: 'eip155:31337',
  hash: '0x01',
  blockNumber: 1,
  txIndex: 0,
  minedAt: new Date(0),
  fromAddress: me,
  toAddress: token,
  contractAddress: null,
  nonce: 0,
  value: '0',
  selector: null,
  status: 'confirmed' as const,
  ...fields,
})

let index = 0
const move = (
  kind: Tables.TransferKind,
  fromAddress: string,
  toAddress: string,
  fields: Partial<typeof Tables.chainTransfers.$inferSelect> = {},
) => ({
  chainId: 'eip155:31337',
  txHash: '0x01',
  logIndex: index++,
  blockNumber: 1,
  kind,
  token: kind === 'native' ? null : token,
  fromAddress,
  toAddress,
  amount: '1',
  tokenId: null,
  ...fields,
})

const classify = (transaction: ReturnType<typeof tx>, transfers: ReturnType<typeof move>[], account = me) =>
  Operation.classify({ account, transaction, transfers, chain })

describe('classify', () => {
  test('send, receive, self, mint, burn', () => {
    expect(classify(tx(), [move('erc20', me, other)])).toBe('send')
    expect(classify(tx(), [move('erc20', me, other)], other)).toBe('receive')
    expect(classify(tx(), [move('native', me, me)])).toBe('send')
    expect(classify(tx({ fromAddress: other }), [move('erc721', zero, me)])).toBe('mint')
    expect(classify(tx(), [move('erc20', me, zero)])).toBe('burn')
  })

  test('a swap through the router: tokens both out and in make a trade', () => {
    expect(classify(tx(), [move('erc20', me, other), move('erc20', other, me, { token: weth })])).toBe(
      'trade',
    )
    expect(classify(tx(), [move('native', me, other), move('erc20', other, me)])).toBe('trade')
  })

  test('approvals alone are an approve; calls that move nothing an execute; creations a deploy', () => {
    expect(classify(tx(), [move('approval', me, other)])).toBe('approve')
    expect(classify(tx(), [move('approval_for_all', me, other)])).toBe('approve')
    expect(classify(tx(), [])).toBe('execute')
    expect(classify(tx({ toAddress: null, contractAddress: token }), [move('erc20', zero, me)])).toBe(
      'deploy',
    )
  })

  test('WETH: wrapping is a deposit, unwrapping a withdraw', () => {
    const wrap = tx({ toAddress: weth })
    expect(classify(wrap, [move('native', me, weth), move('erc20', zero, me, { token: weth })])).toBe(
      'deposit',
    )
    expect(classify(wrap, [move('erc20', me, zero, { token: weth }), move('native', weth, me)])).toBe(
      'withdraw',
    )
  })

  test('a failed transaction is named by what its call tried', () => {
    const failed = (selector: string | null) => tx({ status: 'failed', selector })
    expect(classify(failed(null), [])).toBe('send')
    expect(classify(failed(toFunctionSelector('approve(address,uint256)')), [])).toBe('approve')
    expect(classify(failed(toFunctionSelector('transfer(address,uint256)')), [])).toBe('send')
    expect(
      classify(
        failed(toFunctionSelector('swapExactTokensForTokens(uint256,uint256,address[],address,uint256)')),
        [],
      ),
    ).toBe('trade')
    expect(classify(failed('0x12345678'), [])).toBe('execute')
  })
})

describe('SELECTORS', () => {
  test('each selector is the function it names', () => {
    const signatures = {
      'approve(address,uint256)': 'approve',
      'setApprovalForAll(address,bool)': 'approve',
      'transfer(address,uint256)': 'send',
      'transferFrom(address,address,uint256)': 'send',
      'safeTransferFrom(address,address,uint256)': 'send',
      'safeTransferFrom(address,address,uint256,bytes)': 'send',
      'swapExactTokensForTokens(uint256,uint256,address[],address,uint256)': 'trade',
      'swapTokensForExactTokens(uint256,uint256,address[],address,uint256)': 'trade',
      'swapExactETHForTokens(uint256,address[],address,uint256)': 'trade',
      'swapETHForExactTokens(uint256,address[],address,uint256)': 'trade',
      'swapExactTokensForETH(uint256,uint256,address[],address,uint256)': 'trade',
      'swapTokensForExactETH(uint256,uint256,address[],address,uint256)': 'trade',
      'deposit()': 'deposit',
      'withdraw(uint256)': 'withdraw',
    }
    for (const [signature, type] of Object.entries(signatures))
      expect(classify(tx({ status: 'failed', selector: toFunctionSelector(signature) }), []), signature).toBe(
        type,
      )
  })
})
