import type * as HostSdk from '@frontdoor/host-sdk'
import { useCallback, useMemo, useSyncExternalStore } from 'react'
import * as Context from './Context.js'

/** The state before the modal exists: on the server, and on the client until the provider's effect ran. */
export const INITIAL_STATE: HostSdk.State = Object.freeze({
  open: false,
  loading: false,
  view: 'Connect',
  status: 'disconnected',
})

const noop = () => {}
const notReady = () =>
  Promise.reject(new Error('Frontdoor is not created yet (it is, once mounted on the client)'))

/**
 * The modal's controls: `open` (optionally on a view), `close`, and the instance itself (undefined during
 * server rendering and the first client render).
 *
 * @example
 * const { open } = useFrontdoor()
 * <button onClick={() => open()}>Connect</button>
 */
export function useFrontdoor() {
  const { frontdoor } = Context.useValue('useFrontdoor')
  return useMemo(
    () => ({
      open: (options?: { view?: HostSdk.State['view'] }): Promise<void> =>
        frontdoor ? frontdoor.open(options) : notReady(),
      close: (): Promise<void> => (frontdoor ? frontdoor.close() : notReady()),
      frontdoor,
    }),
    [frontdoor],
  )
}

/** The SDK's state (`getState` / `subscribe`), re-rendering on every change; SSR-safe. */
export function useFrontdoorState(): HostSdk.State {
  const { frontdoor } = Context.useValue('useFrontdoorState')
  const subscribe = useCallback(
    (onChange: () => void) => (frontdoor ? frontdoor.subscribe(onChange) : noop),
    [frontdoor],
  )
  const snapshot = useCallback(() => frontdoor?.getState() ?? INITIAL_STATE, [frontdoor])
  return useSyncExternalStore(subscribe, snapshot, serverSnapshot)
}

function serverSnapshot(): HostSdk.State {
  return INITIAL_STATE
}

/**
 * The connected account: `address` (undefined until connected), `isConnected` and `status`
 * (disconnected, connecting, reconnecting, connected).
 */
export function useFrontdoorAccount() {
  const state = useFrontdoorState()
  const isConnected = state.status === 'connected' && state.address !== undefined
  return {
    address: isConnected ? state.address : undefined,
    isConnected,
    status: state.status,
  }
}

/**
 * The current network: `chainId`, its CAIP-2 id, the network object from the provider's `networks`, and
 * `switchNetwork(chainId)` (asks the wallet; rejects with the provider's error).
 */
export function useFrontdoorNetwork() {
  const { frontdoor, networks } = Context.useValue('useFrontdoorNetwork')
  const { chainId } = useFrontdoorState()
  const switchNetwork = useCallback(
    (to: number | Pick<HostSdk.Network, 'id'>): Promise<void> =>
      frontdoor ? frontdoor.switchNetwork(typeof to === 'number' ? to : Number(to.id)) : notReady(),
    [frontdoor],
  )
  const network = networks.find((n) => n.chainNamespace === 'eip155' && Number(n.id) === chainId)
  return {
    chainId,
    caipNetworkId: chainId === undefined ? undefined : `eip155:${chainId}`,
    network,
    switchNetwork,
  }
}
