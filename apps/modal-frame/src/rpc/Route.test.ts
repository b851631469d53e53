import { describe, expect, test } from 'vitest'
import * as Route from './Route.js'

describe('route', () => {
  test('safe reads go to the node, signing needs an account, the rest is unsupported', () => {
    expect(Route.route('eth_getBalance')).toBe('node')
    expect(Route.route('eth_blockNumber')).toBe('node')
    expect(Route.route('eth_accounts')).toBe('account')
    expect(Route.route('personal_sign')).toBe('account')
    expect(Route.route('eth_sendTransaction')).toBe('account')
    expect(Route.route('eth_sign')).toBe('unsupported')
    expect(Route.route('debug_traceTransaction')).toBe('unsupported')
  })

  test("EIP-5792's methods go to the connected wallet, never to a node", () => {
    expect(Route.route('wallet_sendCalls')).toBe('account')
    expect(Route.route('wallet_getCallsStatus')).toBe('account')
    expect(Route.route('wallet_getCapabilities')).toBe('account')
    expect(Route.route('wallet_showCallsStatus')).toBe('account')
    expect(Route.route('wallet_ShowCallsStatus')).toBe('unsupported')
  })
})
