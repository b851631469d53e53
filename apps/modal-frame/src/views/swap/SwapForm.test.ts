import type * as Convert from '@frontdoor/schemas/api/convert'
import * as ConvertRule from '@frontdoor/schemas/convert-rules'
import type * as Token from '@frontdoor/schemas/entities/token'
import { encodeFunctionData, parseAbi } from 'viem'
import { describe, expect, test } from 'vitest'
import * as SwapForm from './SwapForm.js'

const CHAIN = 'eip155:31337'
const FUSD_ID = `${CHAIN}:0x86963C0Be1Ef7dF4273e5c86E918759a97486169`
const DOOR_ID = `${CHAIN}:0xb81ae52a73f6f9a45b57539b0661ebe3a8b94b56`
const tokens: Convert.ConvertToken[] = [
  { name: 'Ether', symbol: 'ETH', address: ConvertRule.nativeId(CHAIN), decimals: 18, logoUri: 'eth.png' },
  { name: 'Frontdoor USD', symbol: 'FUSD', address: FUSD_ID.toLowerCase(), decimals: 6, logoUri: 'fusd.png' },
  { name: 'Door Token', symbol: 'DOOR', address: DOOR_ID, decimals: 18, logoUri: 'door.png' },
]
const balance = (
  symbol: string,
  address: string | undefined,
  numeric: string,
  value: number,
): Token.TokenBalance => ({
  name: symbol,
  symbol,
  chainId: CHAIN,
  ...(address ? { address } : {}),
  value,
  price: numeric === '0' ? 0 : value / Number(numeric),
  quantity: { decimals: symbol === 'FUSD' ? '6' : '18', numeric },
  iconUrl: `${symbol}.svg`,
})
const balances = [balance('ETH', undefined, '2', 4000), balance('FUSD', FUSD_ID, '150.5', 150.5)]

describe('holdings', () => {
  test('every swappable token with its balance (CAIP-10 matched case-insensitively), held ones first', () => {
    const list = SwapForm.holdings(tokens, balances)
    expect(list.map((t) => [t.symbol, t.balance])).toEqual([
      ['ETH', '2'],
      ['FUSD', '150.5'],
      ['DOOR', '0'],
    ])
    expect(list[1]?.iconUrl).toBe('FUSD.svg')
    expect(list[2]?.iconUrl).toBe('door.png')
  })
})

describe('search', () => {
  test('by symbol, name or the end of the address', () => {
    const list = SwapForm.holdings(tokens, balances)
    expect(SwapForm.search(list, 'door').map((t) => t.symbol)).toEqual(['FUSD', 'DOOR'])
    expect(SwapForm.search(list, 'Door T').map((t) => t.symbol)).toEqual(['DOOR'])
    expect(SwapForm.search(list, ' usd').map((t) => t.symbol)).toEqual(['FUSD'])
    expect(SwapForm.search(list, '486169').map((t) => t.symbol)).toEqual(['FUSD'])
    expect(SwapForm.search(list, 'nothing')).toEqual([])
    expect(SwapForm.search(list, '')).toHaveLength(3)
  })
})

describe('validate', () => {
  const [eth, fusd, door] = SwapForm.holdings(tokens, balances)
  test('two distinct tokens, a positive amount within the balance', () => {
    expect(SwapForm.validate(eth, undefined, '1')).toBe(SwapForm.PICK_TOKENS)
    expect(SwapForm.validate(eth, eth, '1')).toBe(SwapForm.SAME_TOKEN)
    expect(SwapForm.validate(eth, fusd, '')).toBe(SwapForm.INVALID_AMOUNT)
    expect(SwapForm.validate(eth, fusd, '1e3')).toBe(SwapForm.INVALID_AMOUNT)
    expect(SwapForm.validate(eth, fusd, '0')).toBe(SwapForm.INVALID_AMOUNT)
    expect(SwapForm.validate(eth, fusd, '2.0000001')).toBe(SwapForm.INSUFFICIENT_BALANCE)
    expect(SwapForm.validate(eth, fusd, '2')).toBeUndefined()
    expect(SwapForm.validate(door, fusd, '1')).toBe(SwapForm.INSUFFICIENT_BALANCE)
  })

  test('more decimals than the token has are refused, not cut', () => {
    expect(SwapForm.validate(fusd, eth, '0.0000019')).toBe(SwapForm.INVALID_AMOUNT)
    expect(SwapForm.validate(eth, fusd, `1.${'0'.repeat(18)}1`)).toBe(SwapForm.INVALID_AMOUNT)
  })
})

describe('maxAmount', () => {
  const [eth, fusd] = SwapForm.holdings(tokens, balances)
  test("a token's whole balance; the native coin less the swap's gas", () => {
    expect(SwapForm.maxAmount(fusd!, 10n ** 9n)).toBe('150.5')
    // 2 ETH less 400,000 gas at 1 gwei = 0.0004 ETH.
    expect(SwapForm.maxAmount(eth!, 10n ** 9n)).toBe('1.9996')
    expect(SwapForm.maxAmount(eth!, 10n ** 16n)).toBe('0')
  })
})

describe('approved / rate / percent', () => {
  test('the allowance covers the amount', () => {
    expect(SwapForm.approved(undefined, 1n)).toBe(false)
    expect(SwapForm.approved('99', 100n)).toBe(false)
    expect(SwapForm.approved('100', 100n)).toBe(true)
  })
  test('the rate in whole tokens; percentages with two decimals', () => {
    expect(SwapForm.rate({ fromAmount: (10n ** 18n).toString(), toAmount: '1974316068' }, 18, 6)).toBeCloseTo(
      1974.316068,
      6,
    )
    expect(SwapForm.percent(0.99123)).toBe('0.99%')
    expect(SwapForm.percent(0.001)).toBe('<0.01%')
    expect(SwapForm.percent(0)).toBe('0.00%')
  })
})

describe('terms / keepsTo', () => {
  const abi = parseAbi([
    'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline)',
    'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
  ])
  const me = '0x00000000000000000000000000000000000a11ce'
  const ethIn = {
    data: encodeFunctionData({ abi, functionName: 'swapExactETHForTokens', args: [990n, [], me, 1n] }),
    amount: '5',
  }
  const tokenIn = {
    data: encodeFunctionData({
      abi,
      functionName: 'swapExactTokensForTokens',
      args: [7n, 1_980n, [], me, 1n],
    }),
    amount: '0',
  }

  test('the amount in (the value sent for the native coin) and the least out, from the calldata', () => {
    expect(SwapForm.terms(ethIn)).toEqual({ amountIn: 5n, minimumOut: 990n })
    expect(SwapForm.terms(tokenIn)).toEqual({ amountIn: 7n, minimumOut: 1_980n })
    expect(SwapForm.terms({ data: '0x095ea7b3', amount: '0' })).toBeUndefined()
  })

  test('a swap keeps to the preview when it pays what was shown and takes no less than its minimum', () => {
    expect(SwapForm.keepsTo(tokenIn, { amountIn: 7n, minimumOut: 1_980n })).toBe(true)
    expect(SwapForm.keepsTo(tokenIn, { amountIn: 7n, minimumOut: 1_900n })).toBe(true)
    expect(SwapForm.keepsTo(tokenIn, { amountIn: 7n, minimumOut: 1_981n })).toBe(false)
    expect(SwapForm.keepsTo(tokenIn, { amountIn: 8n, minimumOut: 1_980n })).toBe(false)
    expect(SwapForm.keepsTo(ethIn, { amountIn: 5n, minimumOut: 990n })).toBe(true)
    expect(SwapForm.keepsTo({ data: '0x', amount: '5' }, { amountIn: 5n, minimumOut: 0n })).toBe(false)
  })
})
