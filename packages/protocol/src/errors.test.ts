import { describe, expect, test } from 'vitest'
import * as Errors from './errors.js'

describe('frame strings', () => {
  test("the spec's exact strings", () => {
    expect({
      aborted: Errors.REQUEST_ABORTED,
      wrong: Errors.SOMETHING_WENT_WRONG,
      occurred: Errors.AN_ERROR_OCCURRED,
      email: Errors.EMAIL_LOGIN_DEPENDENCY,
      notAllowed: Errors.ACTION_NOT_ALLOWED,
      load: Errors.IFRAME_LOAD_FAILED,
      timeout: Errors.IFRAME_REQUEST_TIMEOUT,
    }).toMatchInlineSnapshot(`
      {
        "aborted": "Request was aborted",
        "email": "Unable to load email login dependency",
        "load": "iframe_load_failed",
        "notAllowed": "Action not allowed",
        "occurred": "An error occurred",
        "timeout": "iframe_request_timeout",
        "wrong": "Something went wrong",
      }
    `)
  })
})

describe('PROVIDER_ERRORS', () => {
  test('EIP-1193 and JSON-RPC codes', () => {
    expect(Object.values(Errors.PROVIDER_ERRORS).map(({ code, name }) => `${code} ${name}`)).toEqual([
      '4001 User Rejected Request',
      '4100 Unauthorized',
      '4200 Unsupported Method',
      '4900 Disconnected',
      '4901 Chain Disconnected',
      '-32602 Invalid params',
      '-32603 Internal error',
    ])
  })
})

describe('ProviderRpcError', () => {
  test('an Error with code and data', () => {
    const error = new Errors.ProviderRpcError(4001, 'no', { why: 'user' })
    expect(error).toBeInstanceOf(Error)
    expect([error.name, error.code, error.message, error.data]).toEqual([
      'ProviderRpcError',
      4001,
      'no',
      { why: 'user' },
    ])
  })
})

describe('providerError', () => {
  test('standard message unless one is given', () => {
    expect(Errors.providerError('userRejectedRequest').message).toBe('The user rejected the request.')
    expect(Errors.providerError('unsupportedMethod', 'eth_sign is not supported').code).toBe(4200)
    expect(Errors.providerError('invalidParams', undefined, [1]).data).toEqual([1])
  })
})

describe('providerErrorName', () => {
  test('standard codes only', () => {
    expect(Errors.providerErrorName(4901)).toBe('Chain Disconnected')
    expect(Errors.providerErrorName(-32603)).toBe('Internal error')
    expect(Errors.providerErrorName(1234)).toBeUndefined()
  })
})
