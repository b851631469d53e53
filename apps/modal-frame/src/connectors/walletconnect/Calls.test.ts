import { DEV_ACCOUNTS } from '@frontdoor/devnet/accounts'
import { afterEach, describe, expect, test } from 'vitest'
import * as TestWalletConnect from './TestWalletConnect.js'

// EIP-5792 through WalletConnect: the connector (sign-client in Node) and the e2e test wallet pair
// through a real relay started here (TestWalletConnect). Batches mined on the devnet: e2e/calls.

const BATCH = {
  version: '2.0.0',
  chainId: '0x7a69',
  atomicRequired: false,
  calls: [{ to: DEV_ACCOUNTS[4]!.address, value: '0x1' }],
}

afterEach(TestWalletConnect.cleanup)

/** A relay, the connector and the test wallet (`eip5792` or not), paired and approved. */
async function paired(eip5792: boolean) {
  const server = await TestWalletConnect.relay()
  const connector = TestWalletConnect.connector(server.url)
  const wallet = await TestWalletConnect.wallet(server.url, { eip5792 })
  const { proposal } = await TestWalletConnect.pairing(connector, wallet)
  return { connector, wallet, proposal }
}

describe('EIP-5792 through WalletConnect', () => {
  test('proposed to the wallet; one that supports it answers wallet_getCapabilities per chain', async () => {
    const { connector, wallet, proposal } = await paired(true)
    expect(proposal.params.optionalNamespaces?.eip155?.methods).toEqual(
      expect.arrayContaining(['wallet_sendCalls', 'wallet_getCallsStatus', 'wallet_getCapabilities']),
    )
    expect(wallet.requests).toEqual([])
    await expect(connector.request('wallet_getCapabilities', [wallet.address])).resolves.toEqual({
      '0x7a69': { atomic: { status: 'unsupported' } },
      '0x7a6a': { atomic: { status: 'unsupported' } },
    })
    expect(wallet.requests).toEqual([
      { method: 'wallet_getCapabilities', params: [wallet.address], chainId: 'eip155:31337' },
    ])
    // The wallet's own errors pass unchanged: an unknown batch id is EIP-5792's 5730.
    await expect(connector.request('wallet_getCallsStatus', ['0x1234'])).rejects.toMatchObject({ code: 5730 })
    // atomicRequired with an EOA wallet: 5760.
    await expect(
      connector.request('wallet_sendCalls', [{ ...BATCH, atomicRequired: true }]),
    ).rejects.toMatchObject({ code: 5760 })
  })

  test("a wallet whose session lacks the methods: 4200 'The Provider does not support the requested method.', the wallet not asked", async () => {
    const { connector, wallet } = await paired(false)
    for (const [method, params] of [
      ['wallet_sendCalls', [BATCH]],
      ['wallet_getCallsStatus', ['0x1234']],
      ['wallet_getCapabilities', [wallet.address]],
    ] as const)
      await expect(connector.request(method, params)).rejects.toMatchObject({
        code: 4200,
        message: 'The Provider does not support the requested method.',
        data: { method },
      })
    expect(wallet.requests).toEqual([])
  })

  test('bad params: -32602 naming the field, the wallet not asked', async () => {
    const { connector, wallet } = await paired(true)
    await expect(
      connector.request('wallet_sendCalls', [{ ...BATCH, chainId: 'eip155:31337' }]),
    ).rejects.toMatchObject({ code: -32602, data: { field: '0.chainId' } })
    expect(wallet.requests).toEqual([])
  })
})
