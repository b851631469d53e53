import * as ProtocolErrors from '@frontdoor/protocol/errors'
import type * as HostModal from '@frontdoor/protocol/host-modal'
import { Errors } from '@frontdoor/schemas'
import * as Calls from '../../rpc/Calls.js'
import type * as Connector from '../Connector.js'
import * as WalletErrors from '../WalletErrors.js'
import type * as Host from './Host.js'
import * as Id from './Id.js'
import type * as Merge from './Merge.js'
import * as Standard from './Standard.js'

/**
 * The injected connector (a chunk of its own, loaded once the page announced a wallet): a wallet extension of the host page, found there by EIP-6963. An extension
 * cannot see into our cross-origin frame, so every request goes through the host SDK, which talks to
 * the extension's provider and forwards its events back (ARCHITECTURE.md section 3).
 */

const hex = (n: number) => `0x${n.toString(16)}`
const isAddress = (value: unknown): value is `0x${string}` =>
  typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value)

function accountsOf(value: unknown): `0x${string}`[] {
  return Array.isArray(value) ? value.filter(isAddress) : []
}

function chainOf(value: unknown): number {
  const id = typeof value === 'string' ? Number.parseInt(value, 16) : Number(value)
  if (!Number.isSafeInteger(id) || id <= 0)
    throw new Error(`The wallet answered an invalid chain id: ${String(value)}`)
  return id
}

/** An EIP-1193 error code of a thrown error, if any. */
function codeOf(error: unknown): number | undefined {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'number' ? code : undefined
}

/** Answers of a wallet that does not know wallet_revokePermissions (EIP-1193 4200, JSON-RPC -32601). */
const UNSUPPORTED_CODES = new Set([4200, -32601])

const withCode = (message: string, code: number) => new ProtocolErrors.ProviderRpcError(code, message)

/**
 * Creates the connector for one injected wallet: an EIP-6963 wallet's, a Wallet Standard wallet's
 * (it lists Solana `chains`; Standard.ts), or one wallet's two sides listed once (Merge.ts). `emit` is
 * fed by the host's injectedWalletEvent, with the uuid of the side that sent it.
 */
export function create(wallet: Merge.Listed, host: Host.Port) {
  if (wallet.standard)
    return twoSided(eip1193(wallet, host), Standard.create(wallet.standard, host), wallet.standard.uuid)
  return wallet.chains ? Standard.create(wallet, host) : eip1193(wallet, host)
}

/** The uuids whose events go to the connector of `wallet`: its own, and its Wallet Standard side's. */
export const uuidsOf = (wallet: Merge.Listed) => [
  wallet.uuid,
  ...(wallet.standard ? [wallet.standard.uuid] : []),
]

/**
 * The connector of a wallet with an EVM side (EIP-6963) and a Solana side (the Wallet Standard) listed
 * once (Merge.ts). The EVM side holds the connection: its accounts and chain, the EVM requests, chain
 * switches and events. The Solana side adds the Solana account (`solanaAccount`, the page's Frontdoor
 * Solana wallet reads it) and answers the solana_ requests. Connecting asks the EVM side, then the
 * Solana side; a Solana side that refuses leaves the connection EVM-only (its solana_ requests 4100).
 * Both sides end with the connection.
 */
function twoSided(
  evm: ReturnType<typeof eip1193>,
  solana: ReturnType<typeof Standard.create>,
  solanaUuid: string,
) {
  const connector = {
    ...evm,
    async connect(context) {
      const session = await evm.connect(context)
      await solana.connect(context).catch(() => {})
      return session
    },
    async reconnect(context) {
      const session = await evm.reconnect(context)
      if (session) await solana.reconnect(context).catch(() => {})
      return session
    },
    request: (method, params) =>
      method.startsWith('solana_') ? solana.request(method, params) : evm.request(method, params),
    async disconnect() {
      await Promise.all([evm.disconnect(), solana.disconnect()])
    },
    solanaAccount: () => solana.solanaAccount(),
    emit(event: HostModal.ProviderEvent, uuid?: string) {
      // The Solana side's own disconnect only drops its account: the EVM side holds the connection.
      if (uuid === solanaUuid) solana.emit(event)
      else evm.emit(event)
    },
  } satisfies Connector.Connector & {
    solanaAccount: () => Promise<unknown>
    emit: (event: HostModal.ProviderEvent, uuid?: string) => void
  }
  return connector
}

/** The connector of an EIP-6963 wallet (an EIP-1193 provider). */
function eip1193(wallet: HostModal.InjectedWallet, host: Host.Port) {
  const listeners = new Set<(event: Connector.Event) => void>()
  const info: Connector.WalletInfo = { id: wallet.rdns, name: wallet.name, icon: wallet.icon }
  // An extension's refusal in another code than 4001 (WalletConnect's 5000, a bare -32000 ...) is 4001.
  const call = (method: string, params?: unknown[] | Record<string, unknown>) =>
    host
      .request(wallet.uuid, params === undefined ? { method } : { method, params })
      .catch((error: unknown) => Promise.reject(WalletErrors.fromWallet(error)))

  async function session(accounts: `0x${string}`[]): Promise<Connector.Session> {
    return { accounts, chainId: chainOf(await call('eth_chainId')), wallet: info }
  }

  const connector: Connector.Connector & {
    /** An event the host forwarded from this wallet. */
    emit: (event: HostModal.ProviderEvent) => void
  } = {
    id: Id.idOf(wallet.rdns),
    kind: 'injected',
    async connect() {
      let accounts: `0x${string}`[]
      try {
        accounts = accountsOf(await call('eth_requestAccounts'))
      } catch (error) {
        if (codeOf(error) === 4001) throw withCode(Errors.LOGIN.CONNECTION_REJECTED, 4001)
        throw error
      }
      if (accounts.length === 0) throw withCode(Errors.LOGIN.CONNECTION_REJECTED, 4001)
      return session(accounts)
    },
    async reconnect() {
      const accounts = accountsOf(await call('eth_accounts'))
      return accounts.length > 0 ? session(accounts) : undefined
    },
    request: (method, params) =>
      // EIP-5792: checked first; a wallet that does not know the method gives the page 4200.
      Calls.isCallsMethod(method)
        ? Calls.request(method, params, (checked) => call(method, checked))
        : call(method, params as unknown[] | Record<string, unknown> | undefined),
    async switchChain(chainId, context) {
      try {
        await call('wallet_switchEthereumChain', [{ chainId: hex(chainId) }])
        return
      } catch (error) {
        // 4902: the wallet does not know the chain (EIP-3326); -32603 is what some wallets answer instead.
        if (codeOf(error) !== 4902 && codeOf(error) !== -32603) throw error
      }
      const network = context.networks.find((n) => n.chainNamespace === 'eip155' && Number(n.id) === chainId)
      if (!network) throw withCode(Errors.CHAIN_NOT_SUPPORTED, 4902)
      try {
        await call('wallet_addEthereumChain', [
          {
            chainId: hex(chainId),
            chainName: network.name,
            nativeCurrency: network.nativeCurrency,
            rpcUrls: network.rpcUrls.default.http,
            ...(network.blockExplorers?.default
              ? { blockExplorerUrls: [network.blockExplorers.default.url] }
              : {}),
          },
        ])
        await call('wallet_switchEthereumChain', [{ chainId: hex(chainId) }])
      } catch {
        throw withCode(Errors.CHAIN_NOT_SUPPORTED, 4902)
      }
    },
    async disconnect() {
      // EIP-2255: extensions that support it forget the permission; others simply stay authorized (an
      // unsupported method is no failure). Any other error is the wallet refusing: it is reported.
      try {
        await call('wallet_revokePermissions', [{ eth_accounts: {} }])
      } catch (error) {
        if (!UNSUPPORTED_CODES.has(codeOf(error) ?? 0)) throw error
      }
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    emit(event) {
      let mapped: Connector.Event | undefined
      if (event.event === 'accountsChanged')
        mapped = { type: 'accountsChanged', accounts: accountsOf(event.data) }
      else if (event.event === 'chainChanged') mapped = { type: 'chainChanged', chainId: chainOf(event.data) }
      else if (event.event === 'disconnect') mapped = { type: 'disconnect' }
      if (mapped) for (const listener of [...listeners]) listener(mapped)
    },
  }
  return connector
}

export type Injected = ReturnType<typeof create>
