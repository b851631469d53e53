import type * as Token from '@frontdoor/schemas/entities/token'
import * as Errors from '@frontdoor/schemas/errors'
import { decodeFunctionData, parseAbi } from 'viem'
import { describe, expect, test } from 'vitest'
import * as SendForm from './SendForm.js'

const ME = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const FUSD = '0x86963C0Be1Ef7dF4273e5c86E918759a97486169'
const eth: Token.TokenBalance = {
  name: 'Ether',
  symbol: 'ETH',
  chainId: 'eip155:31337',
  price: 2000,
  value: 20_000_000,
  quantity: { decimals: '18', numeric: '10000.0' },
  iconUrl: '',
}
const fusd: Token.TokenBalance = {
  name: 'Frontdoor USD',
  symbol: 'FUSD',
  chainId: 'eip155:31337',
  address: `eip155:31337:${FUSD}`,
  price: 1,
  value: 10_000,
  quantity: { decimals: 6, numeric: '10000' },
  iconUrl: '',
}

describe('validate', () => {
  test("the spec's errors first, in order", () => {
    expect(SendForm.validate({ token: eth, amount: '1', receiverAddress: TO }, 'cosmos')).toBe(
      Errors.UNSUPPORTED_CHAIN,
    )
    expect(SendForm.validate({ token: eth, amount: '', receiverAddress: TO }, 'eip155')).toBe(
      Errors.SEND_AMOUNT_AND_RECEIVER_REQUIRED,
    )
    expect(SendForm.validate({ token: eth, amount: '1', receiverAddress: undefined }, 'eip155')).toBe(
      Errors.SEND_AMOUNT_AND_RECEIVER_REQUIRED,
    )
    expect(SendForm.validate({ token: undefined, amount: '1', receiverAddress: TO }, 'eip155')).toBe(
      Errors.SEND_TOKEN_REQUIRED,
    )
  })

  test('then a malformed amount, a receiver that is not an address, more than the balance', () => {
    // Typed but malformed: there, so not 'required' (issue 34: it read 'required' with both filled in).
    for (const amount of ['1.2.3', '1,5', 'abc'])
      expect(SendForm.validate({ token: eth, amount, receiverAddress: TO }, 'eip155')).toBe(
        SendForm.INVALID_AMOUNT,
      )
    expect(SendForm.validate({ token: eth, amount: '  ', receiverAddress: TO }, 'eip155')).toBe(
      Errors.SEND_AMOUNT_AND_RECEIVER_REQUIRED,
    )
    expect(SendForm.validate({ token: eth, amount: '1e3', receiverAddress: TO }, 'eip155')).toBe(
      SendForm.INVALID_AMOUNT,
    )
    expect(SendForm.validate({ token: eth, amount: '1', receiverAddress: '0x12' }, 'eip155')).toBe(
      Errors.INVALID_ADDRESS,
    )
    expect(SendForm.validate({ token: fusd, amount: '10000.000001', receiverAddress: TO }, 'eip155')).toBe(
      SendForm.INSUFFICIENT_BALANCE,
    )
    expect(SendForm.validate({ token: fusd, amount: '10000', receiverAddress: TO }, 'eip155')).toBeUndefined()
  })

  test('more decimals than the token has are refused, not cut (trailing zeros aside)', () => {
    expect(SendForm.validate({ token: fusd, amount: '1.0000019', receiverAddress: TO }, 'eip155')).toBe(
      SendForm.INVALID_AMOUNT,
    )
    expect(
      SendForm.validate({ token: fusd, amount: '1.0000010', receiverAddress: TO }, 'eip155'),
    ).toBeUndefined()
  })
})

describe('previewProblem', () => {
  const draft = { token: eth, amount: '1', receiverAddress: undefined }
  test("a typed receiver that is not usable says why, never 'required' (issue 34: both were filled in)", () => {
    expect(SendForm.previewProblem(draft, '0x12', Errors.INVALID_ADDRESS, 'eip155')).toBe(
      Errors.INVALID_ADDRESS,
    )
    expect(SendForm.previewProblem(draft, 'nobody.fd', 'Error resolving name', 'eip155')).toBe(
      'Error resolving name',
    )
  })

  test("'required' for an empty field, the amount's before the receiver's own problem", () => {
    expect(SendForm.previewProblem(draft, '  ', undefined, 'eip155')).toBe(
      Errors.SEND_AMOUNT_AND_RECEIVER_REQUIRED,
    )
    expect(SendForm.previewProblem({ ...draft, amount: '' }, '0x12', Errors.INVALID_ADDRESS, 'eip155')).toBe(
      Errors.SEND_AMOUNT_AND_RECEIVER_REQUIRED,
    )
  })

  test('a usable receiver: the draft rules as they are', () => {
    expect(
      SendForm.previewProblem({ ...draft, receiverAddress: TO }, TO, undefined, 'eip155'),
    ).toBeUndefined()
    expect(
      SendForm.previewProblem({ ...draft, amount: '1,5', receiverAddress: TO }, TO, undefined, 'eip155'),
    ).toBe(SendForm.INVALID_AMOUNT)
  })
})

describe('transaction', () => {
  test('the native coin: a value transfer to the receiver', () => {
    expect(SendForm.transaction(eth, '0.1', ME, TO)).toEqual({ from: ME, to: TO, value: '0x16345785d8a0000' })
  })

  test('an ERC-20: transfer(to, amount) on the token contract, no value', () => {
    const request = SendForm.transaction(fusd, '5', ME, TO)
    expect(request.to).toBe(FUSD)
    expect(request.value).toBe('0x0')
    expect(request.data?.slice(0, 10)).toBe('0xa9059cbb')
    const decoded = decodeFunctionData({
      abi: parseAbi(['function transfer(address to, uint256 amount) returns (bool)']),
      data: request.data!,
    })
    expect(decoded.args).toEqual([TO, 5_000_000n])
  })
})

describe('maxAmount', () => {
  test('a token: the whole balance; the native coin: the balance less the fee', () => {
    expect(SendForm.maxAmount(fusd, 1n)).toBe('10000')
    expect(SendForm.maxAmount(eth, 21_000n * 1_000_000_000n)).toBe('9999.999979')
    expect(SendForm.maxAmount({ ...eth, quantity: { decimals: 18, numeric: '0' } }, 5n)).toBe('0')
  })
})
