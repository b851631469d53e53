import * as Policy from '@frontdoor/protocol/policy'
import { describe, expect, test } from 'vitest'
import * as RequestChain from './RequestChain.js'

const FROM = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** The demo's page (the two devnets) with a wallet on `chainId` (none: not connected). */
function page(chainId: number | undefined) {
  return {
    connection: { get: () => ({ session: chainId === undefined ? undefined : { chainId } }) },
    evmIds: () => [31337, 31338],
  }
}

const check = (method: string, params: unknown, on: ReturnType<typeof page>) => () =>
  RequestChain.check({ method, params }, on)

describe('check', () => {
  test.each(Policy.CHAIN_METHODS)('%s from a wallet on a chain the page does not list: 4901', (method) => {
    const on = page(1)
    expect(check(method, [{ from: FROM }], on)).toThrow(
      expect.objectContaining({
        code: 4901,
        message: 'The Provider is not connected to the requested chain.',
      }),
    )
  })

  test('a message, a read or a permission revoked is for no chain: passed on from any chain', () => {
    const on = page(1)
    for (const method of [
      'personal_sign',
      'eth_getBalance',
      'wallet_revokePermissions',
      'solana_signMessage',
    ])
      expect(check(method, [{ chainId: '0x1' }], on)).not.toThrow()
  })

  test('params[0].chainId naming another chain than the wallet: -32602 naming both; a chain id is hex or a number, anything else is named as it is', () => {
    const on = page(31337)
    const refused = (named: string) => ({
      code: -32602,
      message: `Invalid method parameter(s). params.0.chainId: ${named} is not the active chain 31337`,
    })
    expect(check('eth_sendTransaction', [{ from: FROM, chainId: '0x7a6a' }], on)).toThrow(
      expect.objectContaining(refused('31338')),
    )
    expect(check('wallet_sendCalls', [{ chainId: '0x1', calls: [] }], on)).toThrow(
      expect.objectContaining(refused('1')),
    )
    expect(check('wallet_grantPermissions', [{ chainId: 10 }], on)).toThrow(
      expect.objectContaining(refused('10')),
    )
    // Decimal text is no quantity (EIP-1474), even when its digits are the wallet's chain.
    expect(check('eth_sendTransaction', [{ chainId: '31337' }], on)).toThrow(
      expect.objectContaining(refused('31337')),
    )
    expect(check('eth_sendTransaction', [{ chainId: 'eip155:31337' }], on)).toThrow(
      expect.objectContaining(refused('eip155:31337')),
    )
    expect(check('eth_sendTransaction', [{ chainId: null }], on)).toThrow(
      expect.objectContaining(refused('null')),
    )
  })

  test("naming the wallet's chain, or none: passed on", () => {
    const on = page(31337)
    expect(check('eth_sendTransaction', [{ from: FROM, chainId: '0x7a69' }], on)).not.toThrow()
    expect(check('eth_sendTransaction', [{ from: FROM, chainId: 31337 }], on)).not.toThrow()
    expect(check('eth_sendTransaction', [{ from: FROM }], on)).not.toThrow()
    // Typed data names its chain in its domain, which the wallet's own screen shows: passed on.
    expect(check('eth_signTypedData_v4', [FROM, '{"domain":{"chainId":1}}'], on)).not.toThrow()
    expect(check('eth_sendTransaction', undefined, on)).not.toThrow()
  })

  test('no wallet connected: nothing to check (the request for a wallet answers 4100 itself)', () => {
    const on = page(undefined)
    expect(check('eth_sendTransaction', [{ chainId: '0x1' }], on)).not.toThrow()
  })
})
