import { describe, expect, test } from 'vitest'
import * as z from 'zod/mini'
import * as Message from './message.js'
import * as Pay from './pay.js'

const recipient = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

describe('PayRequest', () => {
  test('names the field and what it must be', () => {
    const parse = (value: unknown) => Message.parseParams('pay', { params: Pay.PayRequest } as never, value)
    expect(parse({ asset: 'native', amount: '5', recipient })).toEqual({
      ok: true,
      value: { asset: 'native', amount: '5', recipient },
    })
    expect(parse({ asset: 'FUSD', amount: '5', recipient })).toEqual({
      ok: false,
      message: 'Invalid params for "pay": params.asset: must be "native" or a token address',
    })
    expect(parse({ asset: 'native', amount: '5,5', recipient })).toMatchObject({
      message: 'Invalid params for "pay": params.amount: must be a decimal string like "5"',
    })
    expect(parse({ asset: 'native', amount: '5', recipient: '0x1234' })).toMatchObject({
      message: 'Invalid params for "pay": params.recipient: must be an address',
    })
  })

  test('amounts: digits with an optional fraction, no sign, exponent or spaces', () => {
    const ok = (amount: unknown) =>
      z.safeParse(Pay.PayRequest, { asset: 'native', amount, recipient }).success
    for (const amount of ['5', '0.25', '0005', '1.000000']) expect(ok(amount)).toBe(true)
    for (const amount of ['', '.5', '5.', '-1', '+1', '1e3', ' 5', '5 ', 'Infinity', '0x10', 5])
      expect(ok(amount)).toBe(false)
  })
})

describe('TransactionHash', () => {
  test('0x and 64 hex digits', () => {
    expect(z.safeParse(Pay.TransactionHash, `0x${'aB'.repeat(32)}`).success).toBe(true)
    expect(z.safeParse(Pay.TransactionHash, `0x${'a'.repeat(63)}`).success).toBe(false)
  })
})
