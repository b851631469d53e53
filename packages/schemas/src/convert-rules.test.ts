import { describe, expect, test } from 'vitest'
import * as z from 'zod/mini'
import * as Constants from './constants.js'
import * as ConvertRule from './convert-rules.js'
import * as Errors from './errors.js'

const FUSD = 'eip155:31337:0x86963C0Be1Ef7dF4273e5c86E918759a97486169'
const DOOR = 'eip155:31337:0xb81AE52a73f6F9a45B57539B0661ebE3a8b94B56'
const ETH = ConvertRule.nativeId('eip155:31337')
const USER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

const messages = (schema: z.ZodMiniType, input: unknown) => {
  const result = z.safeParse(schema, input)
  return result.success ? [] : result.error.issues.map((issue) => issue.message)
}

describe('minimumOut', () => {
  test('takes the spec slippage (1%) off, rounded down', () => {
    expect(Constants.SWAP_SLIPPAGE_TOLERANCE_PERCENT).toBe(1)
    expect(ConvertRule.minimumOut(1_000_000n)).toBe(990_000n)
    expect(ConvertRule.minimumOut(199n)).toBe(197n)
    expect(ConvertRule.minimumOut(1_000n, 0.5)).toBe(995n)
    expect(ConvertRule.minimumOut(1_000n, 0)).toBe(1_000n)
  })
})

describe('isNative / nativeId', () => {
  test('the pseudo-address is the native coin', () => {
    expect(ConvertRule.isNative(ETH)).toBe(true)
    expect(ConvertRule.isNative(FUSD)).toBe(false)
  })
})

describe('QuotesQuery', () => {
  test('two tokens of one chain and a positive amount', () => {
    expect(messages(ConvertRule.QuotesQuery, { amount: '10', from: ETH, to: FUSD })).toEqual([])
    expect(messages(ConvertRule.QuotesQuery, { amount: '0', from: ETH, to: FUSD })).toEqual([
      'must be more than 0',
    ])
    expect(messages(ConvertRule.QuotesQuery, { amount: '1.5', from: ETH, to: FUSD })).toEqual([
      'must be an amount in base units',
    ])
    expect(messages(ConvertRule.QuotesQuery, { amount: '10', from: FUSD, to: FUSD })).toEqual([
      ConvertRule.SAME_TOKEN,
    ])
    expect(
      messages(ConvertRule.QuotesQuery, { amount: '10', from: FUSD, to: DOOR.replace('31337', '31338') }),
    ).toEqual([ConvertRule.CROSS_CHAIN])
    expect(messages(ConvertRule.QuotesQuery, { amount: '10', from: 'solana:x:abc', to: FUSD })).toContain(
      Errors.INVALID_ADDRESS,
    )
  })
})

describe('QuotesQuery gasPrice', () => {
  test('not read: the quote is amounts only, its route chosen by output; the parameter is dropped like any unknown one', () => {
    const query = { amount: '10', from: ETH, to: FUSD }
    expect(z.parse(ConvertRule.QuotesQuery, { ...query, gasPrice: '1000000000' })).toEqual(query)
    expect(messages(ConvertRule.QuotesQuery, { ...query, gasPrice: 'fast' })).toEqual([])
  })
})

describe('Amount', () => {
  test('base units up to 2^256 - 1 (a uint256); one more is refused, not left to the encoder', () => {
    const max = (2n ** 256n - 1n).toString()
    expect(max).toHaveLength(78)
    expect(messages(ConvertRule.Amount, max)).toEqual([])
    expect(messages(ConvertRule.Amount, (2n ** 256n).toString())).toEqual([ConvertRule.AMOUNT_TOO_LARGE])
    expect(messages(ConvertRule.Amount, '9'.repeat(78))).toEqual([ConvertRule.AMOUNT_TOO_LARGE])
    expect(messages(ConvertRule.Amount, '9'.repeat(79))).toEqual(['must be an amount in base units'])
  })
})

describe('BuildTransactionBody', () => {
  test('slippage as a number or a numeric string, at most 50', () => {
    const body = { amount: '5', from: FUSD, to: DOOR, userAddress: USER }
    const parsed = z.parse(ConvertRule.BuildTransactionBody, { ...body, eip155: { slippage: '1' } })
    expect(parsed.eip155?.slippage).toBe(1)
    expect(messages(ConvertRule.BuildTransactionBody, { ...body, eip155: { slippage: 51 } })).toHaveLength(1)
    expect(messages(ConvertRule.BuildTransactionBody, { ...body, eip155: { slippage: 'a' } })).toHaveLength(1)
    expect(messages(ConvertRule.BuildTransactionBody, body)).toEqual([])
  })

  test('the user as an address or CAIP-10 account', () => {
    const body = { amount: '5', from: FUSD, to: DOOR }
    expect(
      z.parse(ConvertRule.BuildTransactionBody, { ...body, userAddress: `eip155:31337:${USER}` }).userAddress,
    ).toBe(USER)
    expect(messages(ConvertRule.BuildTransactionBody, { ...body, userAddress: '0x12' })).toEqual([
      Errors.INVALID_ADDRESS,
    ])
  })
})

describe('QuotesResponse', () => {
  test('quotes with or without route details', () => {
    const quote = { id: null, fromAmount: '1', fromAccount: ETH, toAmount: '2', toAccount: FUSD }
    expect(z.safeParse(ConvertRule.QuotesResponse, { quotes: [quote] }).success).toBe(true)
    expect(
      z.safeParse(ConvertRule.QuotesResponse, {
        quotes: [{ ...quote, path: [ETH, FUSD], priceImpact: 0.01, feePercent: 0.3 }],
      }).success,
    ).toBe(true)
    expect(
      z.safeParse(ConvertRule.QuotesResponse, { quotes: [{ ...quote, priceImpact: '1' }] }).success,
    ).toBe(false)
  })
})
