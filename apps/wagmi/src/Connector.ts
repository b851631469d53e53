import * as HostSdk from '@frontdoor/host-sdk'
import { ChainNotConfiguredError, createConnector, ProviderNotFoundError } from '@wagmi/core'
import {
  type Address,
  getAddress,
  numberToHex,
  type ProviderConnectInfo,
  SwitchChainError,
  UserRejectedRequestError,
} from 'viem'
import * as Networks from './Networks.js'

/** Options of {@link frontdoor}: those of `createFrontdoor()`; `networks` defaults to the config's chains. */
export type Parameters = Omit<HostSdk.Options, 'networks'> & {
  /** The networks the modal offers (default: wagmi's `config.chains`, in order). */
  networks?: HostSdk.Network[]
}

type StorageItem = { 'frontdoor.connected': true }
type Listener = (...args: never[]) => void

const RDNS = 'dev.frontdoor'
const USER_REJECTED = 4001
/** How long switchChain waits for the modal to report the new chain after the wallet switched. */
const SWITCH_REPORT_TIMEOUT_MS = 5_000

const codeOf = (error: unknown) => (error as { code?: unknown } | undefined)?.code

frontdoor.type = 'frontdoor' as const

/**
 * A wagmi connector for Frontdoor: connecting opens the modal and resolves once the visitor connected a
 * wallet; a reload reconnects without asking; `useSignMessage`, `useSendTransaction`, `useSwitchChain`
 * and `useDisconnect` work unchanged. The modal is created on the client only (wagmi SSR is safe).
 *
 * @example
 * import { frontdoor } from '@frontdoor/wagmi'
 * const config = createConfig({
 *   chains: [mainnet],
 *   connectors: [frontdoor({ projectId: 'demo', metadata: { name: 'My dapp' } })],
 *   transports: { [mainnet.id]: http() },
 * })
 */
export function frontdoor(parameters: Parameters) {
  const { networks, ...options } = parameters
  let instance: HostSdk.Frontdoor | undefined
  let onConnect: Listener | undefined
  let onAccountsChanged: Listener | undefined
  let onChainChanged: Listener | undefined
  let onDisconnect: Listener | undefined

  return createConnector<HostSdk.Provider, Record<string, unknown>, StorageItem>((config) => {
    /** The page's Frontdoor (created on first use, in the browser). */
    function sdk(): HostSdk.Frontdoor {
      if (typeof window === 'undefined') throw new ProviderNotFoundError()
      instance ??= HostSdk.createFrontdoor({
        ...options,
        networks: networks ?? Networks.fromChains(config.chains),
      })
      return instance
    }

    return {
      id: 'frontdoor',
      name: 'Frontdoor',
      rdns: RDNS,
      type: frontdoor.type,

      async setup() {
        if (typeof window === 'undefined') return
        const provider = await this.getProvider()
        // The visitor may connect through the modal itself (frontdoor.open()): wagmi follows.
        watchConnect(this, provider)
      },

      async connect({ chainId, isReconnecting, withCapabilities } = {}) {
        const provider = await this.getProvider()
        unwatchConnect(provider)
        try {
          let accounts: readonly Address[] = isReconnecting ? await this.getAccounts() : []
          if (accounts.length === 0) {
            const requested = (await provider.request({ method: 'eth_requestAccounts' })) as string[]
            accounts = requested.map((a) => getAddress(a))
          }
          listen(this, provider)

          let currentChainId = await this.getChainId()
          if (chainId && currentChainId !== chainId) {
            const chain = await this.switchChain!({ chainId }).catch((error) => {
              if (codeOf(error) === USER_REJECTED) throw error
              return { id: currentChainId }
            })
            currentChainId = chain.id
          }
          await config.storage?.setItem('frontdoor.connected', true)
          return {
            accounts: (withCapabilities
              ? accounts.map((address) => ({ address, capabilities: {} }))
              : accounts) as never,
            chainId: currentChainId,
          }
        } catch (error) {
          watchConnect(this, provider)
          if (codeOf(error) === USER_REJECTED) throw new UserRejectedRequestError(error as Error)
          throw error
        }
      },

      async disconnect() {
        const provider = await this.getProvider()
        unlisten(provider)
        watchConnect(this, provider)
        await config.storage?.removeItem('frontdoor.connected')
        await sdk().disconnect()
      },

      async getAccounts() {
        const provider = await this.getProvider()
        const accounts = (await provider.request({ method: 'eth_accounts' })) as string[]
        return accounts.map((a) => getAddress(a))
      },

      async getChainId() {
        const provider = await this.getProvider()
        return Number(await provider.request({ method: 'eth_chainId' }))
      },

      async getProvider() {
        return sdk().provider
      },

      async isAuthorized() {
        if (typeof window === 'undefined') return false
        // Only a page that connected before waits for the modal's restore (eth_accounts waits for it).
        if (config.storage && !(await config.storage.getItem('frontdoor.connected'))) return false
        try {
          return (await this.getAccounts()).length > 0
        } catch {
          return false
        }
      },

      async switchChain({ chainId }) {
        const chain = config.chains.find((c) => c.id === chainId)
        if (!chain) throw new SwitchChainError(new ChainNotConfiguredError())
        const provider = await this.getProvider()
        try {
          await provider.request({
            method: 'wallet_switchEthereumChain',
            params: [{ chainId: numberToHex(chainId) }],
          })
        } catch (error) {
          if (codeOf(error) === USER_REJECTED) throw new UserRejectedRequestError(error as Error)
          throw new SwitchChainError(error as Error)
        }
        // The modal reports the new chain just after the wallet answered: wait, so wagmi reads it.
        await chainReported(sdk(), chainId)
        config.emitter.emit('change', { chainId })
        return chain
      },

      onAccountsChanged(accounts) {
        if (accounts.length === 0) this.onDisconnect()
        else config.emitter.emit('change', { accounts: accounts.map((a) => getAddress(a)) })
      },

      onChainChanged(chain) {
        config.emitter.emit('change', { chainId: Number(chain) })
      },

      async onConnect(connectInfo: ProviderConnectInfo) {
        const accounts = await this.getAccounts()
        if (accounts.length === 0) return
        const provider = await this.getProvider()
        unwatchConnect(provider)
        listen(this, provider)
        await config.storage?.setItem('frontdoor.connected', true)
        config.emitter.emit('connect', { accounts, chainId: Number(connectInfo.chainId) })
      },

      async onDisconnect() {
        const provider = await this.getProvider()
        unlisten(provider)
        watchConnect(this, provider)
        await config.storage?.removeItem('frontdoor.connected')
        config.emitter.emit('disconnect')
      },
    }
  })

  /** While disconnected, a connection made in the modal itself reaches wagmi through `connect`. */
  function watchConnect(
    connector: { onConnect?: (info: ProviderConnectInfo) => void },
    provider: HostSdk.Provider,
  ) {
    if (onConnect || !connector.onConnect) return
    onConnect = connector.onConnect.bind(connector) as Listener
    provider.on('connect', onConnect)
  }

  function unwatchConnect(provider: HostSdk.Provider) {
    if (onConnect) provider.removeListener('connect', onConnect)
    onConnect = undefined
  }

  /** Subscribes the connector to the provider's events while connected. */
  function listen(
    connector: {
      onAccountsChanged: (accounts: string[]) => void
      onChainChanged: (chainId: string) => void
      onDisconnect: (error?: Error) => void
    },
    provider: HostSdk.Provider,
  ) {
    if (!onAccountsChanged) {
      onAccountsChanged = connector.onAccountsChanged.bind(connector) as Listener
      provider.on('accountsChanged', onAccountsChanged)
    }
    if (!onChainChanged) {
      onChainChanged = connector.onChainChanged.bind(connector) as Listener
      provider.on('chainChanged', onChainChanged)
    }
    if (!onDisconnect) {
      onDisconnect = connector.onDisconnect.bind(connector) as Listener
      provider.on('disconnect', onDisconnect)
    }
  }

  function unlisten(provider: HostSdk.Provider) {
    if (onAccountsChanged) provider.removeListener('accountsChanged', onAccountsChanged)
    if (onChainChanged) provider.removeListener('chainChanged', onChainChanged)
    if (onDisconnect) provider.removeListener('disconnect', onDisconnect)
    onAccountsChanged = undefined
    onChainChanged = undefined
    onDisconnect = undefined
  }
}

/**
 * Resolves once the modal's state is on `chainId` (it reports a switch just after the wallet made it),
 * or after {@link SWITCH_REPORT_TIMEOUT_MS}.
 */
function chainReported(
  modal: Pick<HostSdk.Frontdoor, 'getState' | 'subscribe'>,
  chainId: number,
): Promise<void> {
  if (modal.getState().chainId === chainId) return Promise.resolve()
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer)
      unsubscribe()
      resolve()
    }
    const timer = setTimeout(done, SWITCH_REPORT_TIMEOUT_MS)
    const unsubscribe = modal.subscribe((state) => {
      if (state.chainId === chainId) done()
    })
  })
}
