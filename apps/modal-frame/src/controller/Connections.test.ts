import type { AddressInfo } from 'node:net'
import { Errors } from '@frontdoor/schemas'
import { describe, expect, test, vi } from 'vitest'
import { WebSocketServer } from 'ws'
import type * as HostBridge from '../bridge/HostBridge.js'
import * as ConnectionStorage from '../connection/Storage.js'
import type * as Env from '../env/Env.js'
import * as Router from '../router/Router.js'
import * as Toast from '../ui/Toast.js'
import * as Connections from './Connections.js'
import * as State from './State.js'

const ALICE = '0x00000000000000000000000000000000000a11ce'
const ENV: Env.Env = {
  projectId: 'p1',
  mode: 'modal',
  apiUrl: 'http://127.0.0.1:9',
  relayUrl: 'ws://127.0.0.1:9',
  authUrl: 'http://127.0.0.1:9',
  allowedOrigins: [],
  originsError: undefined,
  embedder: undefined,
}
const network = (id: number) => ({
  id,
  caipNetworkId: `eip155:${id}`,
  chainNamespace: 'eip155',
  name: `Chain ${id}`,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
})
const WALLET = { uuid: 'u1', rdns: 'io.example', name: 'Example', icon: '' }

/**
 * Connections with a stand-in of the host page: its bridge answers the injected wallet's requests as
 * an extension on `walletChainId` would (the real page and extension are covered by the e2e suite).
 */
function setup(walletChainId: number, env: Env.Env = ENV) {
  const state = State.create(env, [])
  const router = Router.create()
  const backend = ConnectionStorage.switchable()
  const calls = { show: 0, requestClose: 0, walletRequests: [] as string[] }
  let open = false
  const host = {
    origin: 'http://page.test',
    info: { networks: [network(31337), network(31338)] },
    remote: {
      injectedWalletRequest: async ({ request }: { uuid: string; request: { method: string } }) => {
        calls.walletRequests.push(request.method)
        if (request.method === 'eth_requestAccounts' || request.method === 'eth_accounts') return [ALICE]
        if (request.method === 'eth_chainId') return `0x${walletChainId.toString(16)}`
        return null
      },
    },
  } as unknown as HostBridge.Connected
  const connections = Connections.create({
    env,
    state,
    router,
    storage: ConnectionStorage.create(backend),
    backend,
    host: () => host,
    ui: {
      show: () => {
        open = true
        calls.show++
      },
      isOpen: () => open,
      close: () => {
        open = false
      },
      requestClose: () => {
        open = false
        calls.requestClose++
      },
    },
  })
  return { state, router, connections, calls }
}

describe('injected wallets', () => {
  test('a wallet the page has not announced has no connector; once announced, one connector', async () => {
    const { state, connections } = setup(31337)
    expect(await connections.injectedConnector('io.example')).toBeUndefined()
    state.set((s) => ({ ...s, injected: [WALLET] }))
    const first = await connections.injectedConnector('io.example')
    expect(first?.id).toBe('injected:io.example')
    expect(await connections.injectedConnector('io.example')).toBe(first)
  })

  test('connecting on a listed chain mirrors the account into the state and closes the modal', async () => {
    const { state, router, connections, calls } = setup(31338)
    state.set((s) => ({ ...s, injected: [WALLET] }))
    expect(state.get()).toMatchObject({ status: 'disconnected', address: undefined })
    const connector = await connections.injectedConnector('io.example')
    await connections.connect(connector!)
    expect(state.get()).toMatchObject({ status: 'connected', address: ALICE, chainId: 31338 })
    expect(calls.requestClose).toBe(1)
    expect(connections.home()).toBe('Account')
    expect(router.get().view).toBe('Connect')
  })

  test('a wallet on a chain the page does not list: UnsupportedChain, and the modal stays open', async () => {
    const { state, router, connections, calls } = setup(1)
    state.set((s) => ({ ...s, injected: [WALLET] }))
    await connections.connect((await connections.injectedConnector('io.example'))!)
    expect(router.get().view).toBe('UnsupportedChain')
    expect(connections.onSupportedChain()).toBe(false)
    expect(connections.home()).toBe('UnsupportedChain')
    expect(calls.requestClose).toBe(0)
    expect(calls.show).toBe(1)
  })

  test('disconnecting from an account view goes back to Connect', async () => {
    const { state, router, connections } = setup(31337)
    state.set((s) => ({ ...s, injected: [WALLET] }))
    await connections.connect((await connections.injectedConnector('io.example'))!)
    router.reset('Account')
    await connections.connection.disconnect()
    expect(state.get().status).toBe('disconnected')
    expect(router.get().view).toBe('Connect')
  })
})

describe('a wallet listed once for its EIP-6963 and Wallet Standard sides (injected/Merge.ts)', () => {
  test("one connector, found by either side's rdns; each side's events reach it", async () => {
    const { state, connections } = setup(31337)
    const solana = { ...WALLET, uuid: 'u2', rdns: 'wallet-standard.example', chains: ['solana:localnet'] }
    state.set((s) => ({ ...s, injected: [{ ...WALLET, standard: solana }] }))
    const connector = await connections.injectedConnector('io.example')
    expect(connector?.id).toBe('injected:io.example')
    // A connection stored under the Wallet Standard side's rdns (before the two were listed once) finds it.
    expect(await connections.injectedConnector('wallet-standard.example')).toBe(connector)
    const emitted: [unknown, unknown][] = []
    const emit = connector!.emit.bind(connector)
    connector!.emit = (event, uuid) => {
      emitted.push([event.event, uuid])
      emit(event, uuid)
    }
    connections.injectedEvent('u1', { event: 'chainChanged', data: '0x7a69' })
    connections.injectedEvent('u2', { event: 'accountsChanged', data: [] })
    connections.injectedEvent('u3', { event: 'accountsChanged', data: [] })
    expect(emitted).toEqual([
      ['chainChanged', 'u1'],
      ['accountsChanged', 'u2'],
    ])
  })
})

describe('switchTo', () => {
  test("a chain the page does not list is refused with 4902, and the modal opens on 'Network Not Found'", async () => {
    const { connections, state, calls } = setup(31337)
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    Toast.frame.hide()
    const before = state.get().chainId
    expect(calls.show).toBe(0)
    expect(state.get().toasts).toBeUndefined()
    await expect(connections.switchTo(5)).rejects.toMatchObject({
      code: 4902,
      message: 'Chain is not supported',
    })
    expect(state.get().chainId).toBe(before)
    expect(calls.show).toBe(1)
    // The toast region mounts for it, though no wallet is connected (App.tsx).
    expect(state.get().toasts).toBe(true)
    await vi.waitFor(() =>
      expect(Toast.frame.get()).toMatchObject({ message: 'Network Not Found', variant: 'error' }),
    )
    expect(errors).toHaveBeenCalledWith(
      'frontdoor: Network not found - make sure it is listed in the networks passed to createFrontdoor()',
    )
    errors.mockRestore()
    Toast.frame.hide()
  })

  test('a listed chain: no alert', async () => {
    const { connections, calls } = setup(31337)
    Toast.frame.hide()
    await connections.switchTo(31338)
    expect(calls.show).toBe(0)
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(Toast.frame.get()).toBeUndefined()
  })

  test('without a wallet, the page network just changes', async () => {
    const { state, connections } = setup(31337)
    await connections.switchTo(31338)
    expect(state.get().chainId).toBe(31338)
  })
})

describe('the WalletConnect relay refusing the socket (spec section 8)', () => {
  test("a JWT not yet valid (the device's clock ahead): 'Session Expired', the modal opened for it", async () => {
    // A stand-in for our relay refusing a token issued in the future: it completes the upgrade, then
    // closes with 3000 and the reason apps/relay's Auth.closeReason gives (tested there, and end to end
    // with the browser's clock moved ahead).
    const relay = new WebSocketServer({ port: 0, host: '127.0.0.1' })
    relay.on('connection', (socket) => socket.close(3000, Errors.SERVER.TOKEN_NOT_YET_VALID))
    await new Promise((resolve) => relay.once('listening', resolve))
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const relayUrl = `ws://127.0.0.1:${(relay.address() as AddressInfo).port}`
      const { connections, state, calls } = setup(31337, { ...ENV, relayUrl })
      Toast.frame.hide()
      const walletConnect = await connections.walletConnect.get()
      const started = Date.now()
      const connecting = walletConnect.connect({ networks: [network(31337)] as never, chainId: 31337 }, {})
      connecting.catch(() => {})
      expect(calls.show).toBe(0)
      await vi.waitFor(
        () => expect(Toast.frame.get()).toMatchObject({ message: 'Session Expired', variant: 'error' }),
        { timeout: 10_000 },
      )
      expect(calls.show).toBe(1)
      expect(state.get().toasts).toBe(true)
      expect(errors).toHaveBeenCalledWith(
        'frontdoor: The session is not valid yet - check the clock of this device and connect again',
      )
      // The pairing ends at once (no URI will come), not after the URI timeout.
      await expect(connecting).rejects.toMatchObject({ code: 4900 })
      expect(Date.now() - started).toBeLessThan(5_000)
      const client = await walletConnect.client()
      client?.core.heartbeat.stop()
      await client?.core.relayer.transportClose().catch(() => {})
    } finally {
      errors.mockRestore()
      Toast.frame.hide()
      relay.close()
    }
  }, 30_000)
})
