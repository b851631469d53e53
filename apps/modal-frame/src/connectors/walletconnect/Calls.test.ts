import { DEV_ACCOUNTS } from '@frontdoor/devnet/accounts'
import type * as HostModal from '@frontdoor/protocol/host-modal'
import * as Relay from '@frontdoor/relay'
import { afterEach, describe, expect, test } from 'vitest'
import { WebSocket } from 'ws'
import * as TestWallet from '../../../../../e2e/wallets/walletconnect.js'
import type * as Connector from '../Connector.js'
import * as WalletConnect from './WalletConnect.js'

// EIP-5792 through WalletConnect: the connector (sign-client in Node) and the e2e test wallet pair
// through a real relay started here. Batches mined on the devnet: e2e/calls.

type Network = HostModal.HostInfo['networks'][number]
const network = (id: number): Network => ({
  id,
  caipNetworkId: `eip155:${id}`,
  chainNamespace: 'eip155',
  name: `Devnet ${id}`,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [`http://127.0.0.1:${id === 31337 ? 8545 : 8546}`] } },
})
const CONTEXT: Connector.Context = { networks: [network(31337), network(31338)], chainId: 31337 }
const WALLET_KEY = DEV_ACCOUNTS[3]!.privateKey
const BATCH = {
  version: '2.0.0',
  chainId: '0x7a69',
  atomicRequired: false,
  calls: [{ to: DEV_ACCOUNTS[4]!.address, value: '0x1' }],
}

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {})
})

/** A relay, the connector and the test wallet (`eip5792` or not), paired and approved. */
async function paired(eip5792: boolean) {
  const server = await Relay.Server.start({ env: { LOG_LEVEL: 'silent', RELAY_PROJECTS: 'demo' }, port: 0 })
  cleanups.push(() => server.stop())
  const backend = new Map<string, string>()
  const connector = WalletConnect.create({
    projectId: 'demo',
    relayUrl: server.url,
    metadata: { name: 'Calls test', description: '', url: 'http://localhost:5173', icons: [] },
    probe: (url) =>
      new Promise((resolve) => {
        const socket = new WebSocket(url)
        socket.on('open', () => {
          socket.close()
          resolve(true)
        })
        socket.on('error', () => resolve(false))
      }),
    customStoragePrefix: `calls-test-${eip5792}`,
    backend: {
      getItem: (key) => backend.get(key) ?? null,
      setItem: (key, value) => void backend.set(key, value),
      removeItem: (key) => void backend.delete(key),
    },
  })
  cleanups.push(async () => {
    const client = await connector.client()
    client?.core.heartbeat.stop()
    await client?.core.relayer.transportClose()
  })
  const wallet = await TestWallet.create({ privateKey: WALLET_KEY, relayUrl: server.url, eip5792 })
  cleanups.push(() => wallet.stop())
  let shown: (uri: string) => void = () => {}
  const uri = new Promise<string>((resolve) => {
    shown = resolve
  })
  const session = connector.connect(CONTEXT, { onUri: shown })
  const proposal = await wallet.pair(await uri)
  await wallet.approve(proposal)
  await session
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
