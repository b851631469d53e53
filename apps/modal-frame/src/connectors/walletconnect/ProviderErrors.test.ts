import * as ProtocolErrors from '@frontdoor/protocol/errors'
import { Errors } from '@frontdoor/schemas'
import { describe, expect, test } from 'vitest'
import * as ProviderErrors from './ProviderErrors.js'

describe('toError', () => {
  test("sign-client's plain {code, message, data} becomes a provider error with them", () => {
    const error = ProviderErrors.toError({ code: 5000, message: 'User rejected.', data: { why: 1 } })
    expect(error).toBeInstanceOf(ProtocolErrors.ProviderRpcError)
    expect(error).toMatchObject({ code: 5000, message: 'User rejected.', data: { why: 1 } })
  })

  test('an Error is kept as it is; one without a code or message gets the generic message', () => {
    const original = new Error('boom')
    expect(ProviderErrors.toError(original)).toBe(original)
    const bare = ProviderErrors.toError({ data: 'x' })
    expect(bare).not.toBeInstanceOf(ProtocolErrors.ProviderRpcError)
    expect(bare).toMatchObject({ message: Errors.FRAME.AN_ERROR_OCCURRED, data: 'x' })
    expect(ProviderErrors.toError(undefined).message).toBe(Errors.FRAME.AN_ERROR_OCCURRED)
  })
})

describe('isUnrecognizedChain', () => {
  test('4902, or a message that says the wallet does not know the chain', () => {
    expect(ProviderErrors.isUnrecognizedChain({ code: 4902, message: '' })).toBe(true)
    expect(
      ProviderErrors.isUnrecognizedChain({ code: -32603, message: 'Unrecognized chain ID "0x7a6a"' }),
    ).toBe(true)
    expect(ProviderErrors.isUnrecognizedChain(new Error('chain 31338 not added'))).toBe(true)
    expect(ProviderErrors.isUnrecognizedChain({ code: 4001, message: 'User rejected.' })).toBe(false)
    expect(ProviderErrors.isUnrecognizedChain(null)).toBe(false)
  })
})
