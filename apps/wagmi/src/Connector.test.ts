// @vitest-environment jsdom
import type * as HostSdk from '@frontdoor/host-sdk'
import {
  connect,
  createConfig,
  createStorage,
  disconnect,
  getConnection,
  http,
  reconnect,
  switchChain,
} from '@wagmi/core'
import { defineChain, UserRejectedRequestError } from 'viem'
import { beforeEach, describe, expect, test, vi } from 'vitest'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

/**
 * A stand-in for createFrontdoor(): the state, the provider's events and the modal's answers. Like the
 * real provider, eth_accounts answers only once the modal has restored its stored connections (a state
 * snapshot with `restored: true`), and fails with 4900 when the modal does not answer.
 */
function fakeFrontdoor() {
  let state: HostSdk.State = {
    open: false,
    loading: false,
    view: 'Connect',
    status: 'disconnected',
    chainId: 31337,
  }
  const stateListeners = new Set<(s: HostSdk.State) => void>()
  const events = new Map<string, Set<(...args: unknown[]) => void>>()
  const emit = (event: string, ...args: unknown[]) => {
    for (const l of [...(events.get(event) ?? [])]) l(...args)
  }
  let pending: { resolve: (a: string[]) => void; reject: (e: unknown) => void } | undefined
  let restored = false
  let waiting: { resolve: () => void; reject: (e: unknown) => void }[] = []
  const untilRestored = () =>
    restored ? Promise.resolve() : new Promise<void>((resolve, reject) => waiting.push({ resolve, reject }))
  const settleWaiting = (error?: unknown) => {
    for (const w of waiting) error ? w.reject(error) : w.resolve()
    waiting = []
  }
  /** A state snapshot from the modal; `restored: true` once it restored its stored connections. */
  const set = ({ restored: done, ...next }: Partial<HostSdk.State> & { restored?: true }) => {
    const previous = state
    state = { ...state, ...next }
    if (previous.address !== state.address) emit('accountsChanged', state.address ? [state.address] : [])
    if (previous.chainId !== state.chainId) emit('chainChanged', `0x${state.chainId?.toString(16)}`)
    if (previous.status !== 'connected' && state.status === 'connected')
      emit('connect', { chainId: `0x${state.chainId?.toString(16)}` })
    if (previous.status === 'connected' && state.status === 'disconnected')
      emit('disconnect', { code: 4900, message: 'Disconnected' })
    if (state.status === 'connected' && pending) {
      pending.resolve([state.address!])
      pending = undefined
    }
    for (const l of stateListeners) l(state)
    if (done && !restored) {
      restored = true
      settleWaiting()
    }
  }
  const requests: { method: string; params?: unknown }[] = []
  const provider: HostSdk.Provider = {
    async request(args) {
      requests.push(args)
      switch (args.method) {
        case 'eth_accounts':
          await untilRestored()
          return state.address ? [state.address] : []
        case 'eth_chainId':
          return `0x${state.chainId?.toString(16)}`
        case 'eth_requestAccounts':
          if (state.status === 'connected') return [state.address]
          set({ open: true })
          return new Promise((resolve, reject) => {
            pending = { resolve, reject }
          })
        case 'wallet_switchEthereumChain': {
          const [{ chainId }] = args.params as [{ chainId: string }]
          // The modal's state snapshot comes just after the answer.
          setTimeout(() => set({ chainId: Number(chainId) }), 5)
          return null
        }
      }
      throw new Error(`unexpected ${args.method}`)
    },
    on(event, listener) {
      const set = events.get(event) ?? new Set()
      events.set(event, set)
      set.add(listener as never)
    },
    removeListener(event, listener) {
      events.get(event)?.delete(listener as never)
    },
  }
  return {
    requests,
    events,
    set,
    /** The visitor picks a wallet in the modal (which has long restored by then). */
    visitorConnects(address = ADDRESS) {
      set({ open: false, status: 'connected', address, restored: true })
    },
    /** The modal frame never answers: waiting requests fail with 4900. */
    modalFails() {
      settleWaiting(Object.assign(new Error('Disconnected'), { code: 4900 }))
    },
    /** The visitor closes the modal. */
    visitorCloses() {
      set({ open: false })
      pending?.reject(Object.assign(new Error('User rejected the request.'), { code: 4001 }))
      pending = undefined
    },
    frontdoor: {
      provider,
      getState: () => state,
      subscribe(listener: (s: HostSdk.State) => void) {
        stateListeners.add(listener)
        return () => stateListeners.delete(listener)
      },
      disconnect: vi.fn(async () => {
        const { address: _a, ...rest } = state
        state = rest
        set({ status: 'disconnected' })
      }),
    },
  }
}

let fake = fakeFrontdoor()
const createFrontdoor = vi.fn((_options: HostSdk.Options) => fake.frontdoor)
vi.mock('@frontdoor/host-sdk', () => ({ createFrontdoor: (o: HostSdk.Options) => createFrontdoor(o) }))
const { frontdoor } = await import('./Connector.js')

const devnet = (id: number) =>
  defineChain({
    id,
    name: `Devnet ${id}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [] } },
  })
const chains = [devnet(31337), devnet(31338)] as const

function configWith(storage = createStorage({ storage: window.localStorage })) {
  return createConfig({
    chains,
    connectors: [frontdoor({ projectId: 'demo', metadata: { name: 'Test' } })],
    storage,
    transports: { 31337: http(), 31338: http() },
  })
}

beforeEach(() => {
  localStorage.clear()
  fake = fakeFrontdoor()
  createFrontdoor.mockClear()
})

describe('frontdoor', () => {
  test("creates the modal with the config's chains as CAIP networks, and dedupes its EIP-6963 announcement", () => {
    const config = configWith()
    expect(config.connectors.map((c) => [c.id, c.rdns])).toEqual([['frontdoor', 'dev.frontdoor']])
    expect(createFrontdoor).toHaveBeenCalledTimes(1)
    const options = createFrontdoor.mock.calls[0]![0]
    expect(options.projectId).toBe('demo')
    expect(options.networks.map((n) => (n as HostSdk.Network).caipNetworkId)).toEqual([
      'eip155:31337',
      'eip155:31338',
    ])
  })

  test('connect stays pending while the modal is open and resolves once the visitor connected', async () => {
    const config = configWith()
    const connector = config.connectors[0]!
    expect(getConnection(config).status).toBe('disconnected')
    let settled = false
    const result = connect(config, { connector }).finally(() => {
      settled = true
    })
    await vi.waitFor(() => expect(fake.frontdoor.getState().open).toBe(true))
    await new Promise((r) => setTimeout(r, 20))
    expect(settled).toBe(false)
    expect(getConnection(config).status).toBe('connecting')
    fake.visitorConnects()
    await expect(result).resolves.toEqual({ accounts: [ADDRESS], chainId: 31337 })
    expect(getConnection(config)).toMatchObject({ status: 'connected', address: ADDRESS, chainId: 31337 })
  })

  test('closing the modal rejects with UserRejectedRequestError', async () => {
    const config = configWith()
    const result = connect(config, { connector: config.connectors[0]! })
    await vi.waitFor(() => expect(fake.frontdoor.getState().open).toBe(true))
    fake.visitorCloses()
    await expect(result).rejects.toBeInstanceOf(UserRejectedRequestError)
    expect(getConnection(config).status).toBe('disconnected')
  })

  test('switchChain asks for wallet_switchEthereumChain and returns once the state is on the chain', async () => {
    const config = configWith()
    const result = connect(config, { connector: config.connectors[0]! })
    await vi.waitFor(() => expect(fake.frontdoor.getState().open).toBe(true))
    fake.visitorConnects()
    await result
    expect(getConnection(config).chainId).toBe(31337)
    const chain: { id: number } = await switchChain(config, { chainId: 31338 })
    expect(chain.id).toBe(31338)
    expect(fake.frontdoor.getState().chainId).toBe(31338)
    expect(fake.requests.at(-1)).toEqual({
      method: 'wallet_switchEthereumChain',
      params: [{ chainId: '0x7a6a' }],
    })
    expect(getConnection(config).chainId).toBe(31338)
    await expect(switchChain(config, { chainId: 1 as never })).rejects.toThrow(/Chain not configured/)
  })

  test("the wallet's events reach wagmi: chainChanged, then accountsChanged [] disconnects", async () => {
    const config = configWith()
    const result = connect(config, { connector: config.connectors[0]! })
    await vi.waitFor(() => expect(fake.frontdoor.getState().open).toBe(true))
    fake.visitorConnects()
    await result
    fake.set({ chainId: 31338 })
    expect(getConnection(config).chainId).toBe(31338)
    fake.set({ status: 'disconnected', address: undefined as never })
    await vi.waitFor(() => expect(getConnection(config).status).toBe('disconnected'))
  })

  test('disconnect ends the session in the modal and forgets it for the next reload', async () => {
    const config = configWith()
    const result = connect(config, { connector: config.connectors[0]! })
    await vi.waitFor(() => expect(fake.frontdoor.getState().open).toBe(true))
    fake.visitorConnects()
    await result
    expect(localStorage.getItem('wagmi.frontdoor.connected')).toBe('true')
    await disconnect(config)
    expect(fake.frontdoor.disconnect).toHaveBeenCalledTimes(1)
    expect(getConnection(config).status).toBe('disconnected')
    expect(localStorage.getItem('wagmi.frontdoor.connected')).toBeNull()
  })

  test('a connection made in the modal itself (frontdoor.open()) is adopted by wagmi', async () => {
    const config = configWith()
    await vi.waitFor(() => expect(fake.events.get('connect')?.size).toBe(1))
    fake.visitorConnects()
    await vi.waitFor(() =>
      expect(getConnection(config)).toMatchObject({ status: 'connected', address: ADDRESS }),
    )
  })
})

describe('frontdoor: reload', () => {
  test('reconnects without asking once the modal restored the session', async () => {
    localStorage.setItem('wagmi.frontdoor.connected', 'true')
    const config = configWith()
    let settled = false
    const result = reconnect(config).finally(() => {
      settled = true
    })
    fake.set({ status: 'reconnecting' })
    // eth_accounts waits for the modal's restore.
    await new Promise((r) => setTimeout(r, 20))
    expect(settled).toBe(false)
    fake.set({ status: 'connected', address: ADDRESS, restored: true })
    const connections = await result
    expect(connections.map((c) => c.accounts)).toEqual([[ADDRESS]])
    expect(fake.requests.map((r) => r.method)).not.toContain('eth_requestAccounts')
    expect(getConnection(config)).toMatchObject({ status: 'connected', address: ADDRESS })
  })

  test('a page that never connected does not wait for the modal', async () => {
    const config = configWith()
    const started = Date.now()
    expect(await reconnect(config)).toEqual([])
    expect(Date.now() - started).toBeLessThan(1_000)
    expect(getConnection(config).status).toBe('disconnected')
  })

  test('a restore that fails leaves wagmi disconnected', async () => {
    localStorage.setItem('wagmi.frontdoor.connected', 'true')
    const config = configWith()
    const result = reconnect(config)
    // The modal's snapshots arrive after wagmi asked (eth_accounts waits for the restore).
    await new Promise((r) => setTimeout(r, 20))
    fake.set({ status: 'reconnecting' })
    fake.set({ status: 'disconnected', restored: true })
    expect(await result).toEqual([])
    expect(getConnection(config).status).toBe('disconnected')
  })

  test('a modal that does not answer leaves wagmi disconnected', async () => {
    localStorage.setItem('wagmi.frontdoor.connected', 'true')
    const config = configWith()
    const result = reconnect(config)
    await new Promise((r) => setTimeout(r, 20))
    fake.modalFails()
    expect(await result).toEqual([])
    expect(getConnection(config).status).toBe('disconnected')
  })
})
