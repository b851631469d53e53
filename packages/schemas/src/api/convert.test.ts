import { describe, expect, test } from 'vitest'
import * as Convert from './convert.js'

const fees = { gas: '21000', gasPrice: '1000000000' }

describe('ConvertToken', () => {
  test('a swappable token', () => {
    const token = { name: 'Dev USD', symbol: 'DUSD', address: 'eip155:31337:0x5', decimals: 6, logoUri: '' }
    expect(Convert.ConvertToken.safeParse(token).success).toBe(true)
    expect(Convert.ConvertToken.safeParse({ ...token, eip2612: true }).success).toBe(true)
    expect(Convert.ConvertToken.safeParse({ ...token, decimals: '6' }).success).toBe(false)
  })
})

describe('TokensResponse', () => {
  test('a tokens list', () => {
    expect(Convert.TokensResponse.safeParse({ tokens: [] }).success).toBe(true)
    expect(Convert.TokensResponse.safeParse({}).success).toBe(false)
  })
})

describe('QuotesQuery', () => {
  test('amount, userAddress, from, to', () => {
    const query = { projectId: 'p', amount: '1000', userAddress: 'eip155:1:0x1', from: 'a', to: 'b' }
    expect(Convert.QuotesQuery.safeParse(query).success).toBe(true)
    expect(Convert.QuotesQuery.safeParse({ ...query, amount: undefined }).success).toBe(false)
  })
})

describe('QuotesResponse', () => {
  test('quotes', () => {
    const quote = { id: null, fromAmount: '1', fromAccount: 'a', toAmount: '2', toAccount: 'b' }
    expect(Convert.QuotesResponse.safeParse({ quotes: [quote] }).success).toBe(true)
  })
})

describe('AllowanceResponse', () => {
  test('an allowance string', () => {
    expect(Convert.AllowanceResponse.safeParse({ allowance: '0' }).success).toBe(true)
    expect(Convert.AllowanceResponse.safeParse({ allowance: 0 }).success).toBe(false)
  })
})

describe('GasPriceResponse', () => {
  test('standard, fast, instant', () => {
    expect(Convert.GasPriceResponse.safeParse({ standard: '1', fast: '2', instant: '3' }).success).toBe(true)
    expect(Convert.GasPriceResponse.safeParse({ standard: '1' }).success).toBe(false)
  })
})

describe('BuildApproveResponse', () => {
  test('a tx with value and eip155 fees', () => {
    const tx = { from: '0x1', to: '0x2', data: '0x', value: '0', eip155: fees }
    expect(Convert.BuildApproveResponse.safeParse({ tx }).success).toBe(true)
    expect(Convert.BuildApproveResponse.safeParse({ tx: { ...tx, eip155: undefined } }).success).toBe(false)
  })
})

describe('BuildTransactionBody', () => {
  test('amount, slippage, addresses', () => {
    const body = {
      amount: '1',
      eip155: { slippage: 1 },
      projectId: 'p',
      from: 'a',
      to: 'b',
      userAddress: 'u',
    }
    expect(Convert.BuildTransactionBody.safeParse({ ...body, disableEstimate: true }).success).toBe(true)
    expect(Convert.BuildTransactionBody.safeParse({ ...body, eip155: {} }).success).toBe(false)
  })
})

describe('BuildTransactionResponse', () => {
  test('a tx with amount and eip155 fees', () => {
    const tx = { from: '0x1', to: '0x2', data: '0x', amount: '1', eip155: fees }
    expect(Convert.BuildTransactionResponse.safeParse({ tx }).success).toBe(true)
  })
})
