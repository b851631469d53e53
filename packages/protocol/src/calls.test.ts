import { describe, expect, test } from 'vitest'
import * as Calls from './calls.js'
import * as Errors from './errors.js'
import * as Policy from './policy.js'

const FROM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3'

/** A valid wallet_sendCalls parameter, as viem's sendCalls sends it. */
const batch = (change: Record<string, unknown> = {}) => ({
  version: '2.0.0',
  chainId: '0x7a69',
  from: FROM,
  atomicRequired: false,
  calls: [
    { to: TOKEN, data: '0x095ea7b3', value: undefined },
    { to: FROM, value: '0xde0b6b3a7640000' },
  ],
  capabilities: undefined,
  id: undefined,
  ...change,
})

/** The -32602 error checkParams throws, or undefined when it passes. */
function rejection(method: Calls.Method, params: unknown) {
  try {
    Calls.checkParams(method, params)
    return undefined
  } catch (error) {
    return error as Errors.ProviderRpcError
  }
}

describe('METHODS', () => {
  test("the four EIP-5792 methods; the policy lets the embedded wallet answer three (the modal shows a batch's status itself)", () => {
    expect(Calls.METHODS).toEqual([
      'wallet_sendCalls',
      'wallet_getCallsStatus',
      'wallet_showCallsStatus',
      'wallet_getCapabilities',
    ])
    expect(Policy.classify('wallet_showCallsStatus')).toBe('disallowed')
    expect(Policy.classify('wallet_sendCalls')).toBe('unsafe')
    expect(Policy.classify('wallet_getCallsStatus')).toBe('safe')
    expect(Policy.classify('wallet_getCapabilities')).toBe('safe')
    expect(Policy.isUnsupported('wallet_sendCalls')).toBe(false)
  })

  test('isCallsMethod matches exactly', () => {
    for (const method of Calls.METHODS) expect(Calls.isCallsMethod(method)).toBe(true)
    for (const other of [
      'wallet_SendCalls',
      'eth_sendTransaction',
      'wallet_ShowCallsStatus',
      '',
      undefined,
      7,
    ])
      expect(Calls.isCallsMethod(other)).toBe(false)
  })
})

describe('the constants of EIP-5792', () => {
  test('status codes, atomic values and error codes as the EIP lists them', () => {
    expect(Calls.VERSION).toBe('2.0.0')
    expect(Calls.STATUS).toEqual({
      pending: 100,
      confirmed: 200,
      offchainFailure: 400,
      reverted: 500,
      partiallyReverted: 600,
    })
    expect(Object.values(Calls.ATOMIC)).toEqual(['supported', 'ready', 'unsupported'])
    expect(Object.values(Calls.ERRORS).map((e) => e.code)).toEqual([5700, 5710, 5720, 5730, 5740, 5750, 5760])
    const atomicity = Calls.error('atomicityNotSupported')
    expect(atomicity).toBeInstanceOf(Errors.ProviderRpcError)
    expect([atomicity.code, atomicity.message]).toEqual([5760, 'Atomicity not supported'])
  })

  test("a wallet's -32601 or 4200 means unsupported; other errors do not", () => {
    expect(Calls.isUnsupportedAnswer({ code: -32601, message: 'Method not found' })).toBe(true)
    expect(Calls.isUnsupportedAnswer({ code: 4200, message: 'Unsupported' })).toBe(true)
    expect(Calls.isUnsupportedAnswer({ code: 4001, message: 'User rejected' })).toBe(false)
    expect(Calls.isUnsupportedAnswer({ code: -32603, message: 'Internal' })).toBe(false)
    expect(Calls.isUnsupportedAnswer(new Error('no code'))).toBe(false)
    expect(Calls.isUnsupportedAnswer(null)).toBe(false)
  })

  test('unsupported: 4200 with the one standard message, naming the method', () => {
    const error = Calls.unsupported('wallet_sendCalls')
    expect(error.code).toBe(4200)
    expect(error.message).toBe(Errors.PROVIDER_ERRORS.unsupportedMethod.message)
    expect(error.message).toBe('The Provider does not support the requested method.')
    expect(error.data).toEqual({ method: 'wallet_sendCalls' })
  })
})

describe('checkParams: wallet_sendCalls', () => {
  test("viem's request passes; unknown fields of a call are dropped", () => {
    expect(rejection('wallet_sendCalls', [batch()])).toBeUndefined()
    const [checked] = Calls.checkParams('wallet_sendCalls', [
      batch({ calls: [{ to: TOKEN, data: '0x', gasLimit: '0x1' }] }),
    ]) as [Calls.SendCalls]
    expect(checked.calls).toEqual([{ to: TOKEN, data: '0x' }])
    // The batch's own id and capabilities pass through.
    const [withId] = Calls.checkParams('wallet_sendCalls', [
      batch({ id: '0xabc', capabilities: { paymasterService: { url: 'https://pm.example' } } }),
    ]) as [Calls.SendCalls]
    expect(withId.id).toBe('0xabc')
    expect(withId.capabilities).toEqual({ paymasterService: { url: 'https://pm.example' } })
  })

  test.each([
    ['no params', undefined, ''],
    ['an empty list', [], ''],
    ['no calls', [batch({ calls: [] })], '0.calls'],
    [
      'too many calls',
      [batch({ calls: Array.from({ length: Calls.MAX_CALLS + 1 }, () => ({ to: TOKEN })) })],
      '0.calls',
    ],
    ['a bad address', [batch({ calls: [{ to: '0x1234' }] })], '0.calls.0.to'],
    ['non-hex data', [batch({ calls: [{ to: TOKEN, data: 'approve()' }] })], '0.calls.0.data'],
    ['a decimal value', [batch({ calls: [{ to: TOKEN, value: '1000' }] })], '0.calls.0.value'],
    ['a decimal chain id', [batch({ chainId: '31337' })], '0.chainId'],
    ['a chain id with a leading zero', [batch({ chainId: '0x07a69' })], '0.chainId'],
    ['no atomicRequired', [batch({ atomicRequired: undefined })], '0.atomicRequired'],
    ['a bad from', [batch({ from: 'me' })], '0.from'],
    ['an empty id', [batch({ id: '' })], '0.id'],
    ['no version', [batch({ version: undefined })], '0.version'],
    ['a second parameter', [batch(), {}], ''],
  ])('%s: -32602 naming the field', (_name, params, field) => {
    const error = rejection('wallet_sendCalls', params)
    expect(error?.code).toBe(-32602)
    expect(error?.message).toBe('Invalid method parameter(s).')
    expect(error?.data).toMatchObject({ method: 'wallet_sendCalls', field })
  })

  test(`exactly ${Calls.MAX_CALLS} calls pass`, () => {
    const calls = Array.from({ length: Calls.MAX_CALLS }, () => ({ to: TOKEN }))
    expect(rejection('wallet_sendCalls', [batch({ calls })])).toBeUndefined()
  })
})

describe('checkParams: wallet_getCallsStatus, wallet_showCallsStatus and wallet_getCapabilities', () => {
  test('getCallsStatus and showCallsStatus take one id', () => {
    for (const method of ['wallet_getCallsStatus', 'wallet_showCallsStatus'] as const) {
      expect(rejection(method, ['0x1234'])).toBeUndefined()
      for (const bad of [[], [''], [5], ['0x1', '0x2'], [{ id: '0x1' }], ['x'.repeat(8195)]])
        expect(rejection(method, bad)?.code).toBe(-32602)
    }
  })

  test("getCapabilities: viem's forms (with or without an account and chain ids)", () => {
    for (const good of [[], [FROM], [undefined], [null], [FROM, ['0x7a69', '0x7a6a']]])
      expect(rejection('wallet_getCapabilities', good)).toBeUndefined()
    for (const bad of [['me'], [FROM, ['31337']], [FROM, '0x7a69'], [FROM, [], 1]])
      expect(rejection('wallet_getCapabilities', bad)?.code).toBe(-32602)
  })
})

describe('Calls.requiredCapabilities', () => {
  const call = { to: '0x1111111111111111111111111111111111111111' }
  test('names each capability of the batch or a call not marked optional, unless supported', () => {
    expect(
      Calls.requiredCapabilities({
        capabilities: { paymasterService: { url: 'x' }, auxiliaryFunds: { optional: true } },
        calls: [call, { ...call, capabilities: { permissions: { optional: false } } }],
      }),
    ).toEqual(['paymasterService', 'permissions'])
    expect(
      Calls.requiredCapabilities({ capabilities: { paymasterService: {} }, calls: [call] }, [
        'paymasterService',
      ]),
    ).toEqual([])
    expect(Calls.requiredCapabilities({ calls: [call] })).toEqual([])
  })
})

describe('Calls.amount', () => {
  test('a call\'s hex value in wei; "0x" and no value are 0 (Call accepts both)', () => {
    expect(
      Calls.checkParams('wallet_sendCalls', [
        { version: '2.0.0', chainId: '0x1', atomicRequired: false, calls: [{ value: '0x' }] },
      ]),
    ).toHaveLength(1)
    expect(Calls.amount({ value: '0x' })).toBe(0n)
    expect(Calls.amount({})).toBe(0n)
    expect(Calls.amount({ value: '0x0' })).toBe(0n)
    expect(Calls.amount({ value: '0xde0b6b3a7640000' })).toBe(10n ** 18n)
  })
})
