// @vitest-environment jsdom
import type * as HostSdk from '@frontdoor/host-sdk'
import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const devnet = (id: number): HostSdk.Network => ({
  id,
  caipNetworkId: `eip155:${id}`,
  chainNamespace: 'eip155',
  name: `Devnet ${id}`,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [] } },
})
const OPTIONS: HostSdk.Options = {
  projectId: 'demo',
  networks: [devnet(31337), devnet(31338)],
  metadata: { name: 'Test' },
}

/** A stand-in for the SDK's instance: its state store and spies for the calls. */
function fakeFrontdoor() {
  let state: HostSdk.State = {
    open: false,
    loading: false,
    view: 'Connect',
    status: 'disconnected',
    chainId: 31337,
  }
  const listeners = new Set<(s: HostSdk.State) => void>()
  return {
    listeners,
    set(next: Partial<HostSdk.State>) {
      state = { ...state, ...next }
      for (const l of listeners) l(state)
    },
    getState: () => state,
    subscribe(listener: (s: HostSdk.State) => void) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    open: vi.fn(async () => {}),
    close: vi.fn(async () => {}),
    switchNetwork: vi.fn(async () => {}),
  }
}

let fake = fakeFrontdoor()
const createFrontdoor = vi.fn((_options: HostSdk.Options) => fake)
vi.mock('@frontdoor/host-sdk', async (original) => ({
  ...(await original<typeof HostSdk>()),
  createFrontdoor: (o: HostSdk.Options) => createFrontdoor(o),
}))
const React = await import('./index.js')

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
let container: HTMLDivElement
let root: Root
beforeEach(() => {
  fake = fakeFrontdoor()
  createFrontdoor.mockClear()
  container = document.createElement('div')
  document.body.append(container)
  root = createRoot(container)
})
afterEach(() => {
  act(() => root.unmount())
  container.remove()
})

let hooks: {
  frontdoor: ReturnType<typeof React.useFrontdoor>
  state: HostSdk.State
  account: ReturnType<typeof React.useFrontdoorAccount>
  network: ReturnType<typeof React.useFrontdoorNetwork>
}
function Probe() {
  hooks = {
    frontdoor: React.useFrontdoor(),
    state: React.useFrontdoorState(),
    account: React.useFrontdoorAccount(),
    network: React.useFrontdoorNetwork(),
  }
  return <p data-testid="status">{hooks.account.status}</p>
}
const mount = () =>
  act(() =>
    root.render(
      <React.FrontdoorProvider options={OPTIONS}>
        <Probe />
      </React.FrontdoorProvider>,
    ),
  )

describe('FrontdoorProvider', () => {
  test('creates the instance once, in an effect, with the options', async () => {
    await mount()
    expect(createFrontdoor).toHaveBeenCalledTimes(1)
    expect(createFrontdoor.mock.calls[0]![0]).toBe(OPTIONS)
    expect(hooks.frontdoor.frontdoor).toBe(fake)
    await act(() =>
      root.render(
        <React.FrontdoorProvider options={{ ...OPTIONS }}>
          <Probe />
        </React.FrontdoorProvider>,
      ),
    )
    expect(createFrontdoor).toHaveBeenCalledTimes(1)
  })

  test('hooks outside the provider throw', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(() => act(() => root.render(<Probe />))).toThrow(
      'useFrontdoor() must be used inside <FrontdoorProvider>',
    )
    spy.mockRestore()
  })
})

describe('useFrontdoor', () => {
  test('open and close call the instance', async () => {
    await mount()
    expect(fake.open).not.toHaveBeenCalled()
    await hooks.frontdoor.open({ view: 'AllWallets' })
    expect(fake.open).toHaveBeenCalledWith({ view: 'AllWallets' })
    await hooks.frontdoor.close()
    expect(fake.close).toHaveBeenCalledTimes(1)
  })
})

describe('useFrontdoorState', () => {
  test('follows getState / subscribe and unsubscribes on unmount', async () => {
    await mount()
    expect(hooks.state).toMatchObject({ open: false, view: 'Connect', loading: false })
    await act(() => fake.set({ open: true, view: 'AllWallets', loading: true }))
    expect(hooks.state).toMatchObject({ open: true, view: 'AllWallets', loading: true })
    expect(fake.listeners.size).toBeGreaterThan(0)
    await act(() => root.render(null))
    expect(fake.listeners.size).toBe(0)
  })
})

describe('useFrontdoorAccount', () => {
  test('disconnected, then connected with the address', async () => {
    await mount()
    expect(hooks.account).toEqual({ address: undefined, isConnected: false, status: 'disconnected' })
    await act(() => fake.set({ status: 'connecting' }))
    expect(container.textContent).toBe('connecting')
    await act(() => fake.set({ status: 'connected', address: ADDRESS }))
    expect(hooks.account).toEqual({ address: ADDRESS, isConnected: true, status: 'connected' })
    expect(container.textContent).toBe('connected')
  })
})

describe('useFrontdoorNetwork', () => {
  test('chainId, CAIP id and network object; switchNetwork asks the instance', async () => {
    await mount()
    expect(hooks.network).toMatchObject({
      chainId: 31337,
      caipNetworkId: 'eip155:31337',
      network: OPTIONS.networks[0],
    })
    await hooks.network.switchNetwork(31338)
    expect(fake.switchNetwork).toHaveBeenCalledWith(31338)
    await hooks.network.switchNetwork(OPTIONS.networks[1] as HostSdk.Network)
    expect(fake.switchNetwork).toHaveBeenLastCalledWith(31338)
    await act(() => fake.set({ chainId: 31338 }))
    expect(hooks.network).toMatchObject({ chainId: 31338, network: OPTIONS.networks[1] })
  })
})
