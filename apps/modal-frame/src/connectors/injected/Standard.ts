import * as ProtocolErrors from '@frontdoor/protocol/errors'
import type * as HostModal from '@frontdoor/protocol/host-modal'
import * as SolanaWallet from '@frontdoor/protocol/solana-wallet'
import { Errors } from '@frontdoor/schemas'
import type * as Connector from '../Connector.js'
import * as WalletErrors from '../WalletErrors.js'
import type * as Host from './Host.js'
import * as Id from './Id.js'

/**
 * The connector of a Wallet Standard wallet of the page (a Solana wallet, found by the host SDK's
 * `@frontdoor/host-sdk/solana` through `@wallet-standard/app`): bridged as an injected wallet, its
 * requests go through the host SDK, which calls the wallet's features (standard:connect,
 * solana:signMessage ...). Its connection has a Solana account and no EVM one: the session lists no
 * EVM accounts (the page's EIP-1193 provider sees none) and keeps the page's chain; the Solana account
 * is read by `solanaAccount()` (the page's Frontdoor wallet asks for it, HostMessages.solanaAccount).
 */

/** The Solana methods the wallet answers (the page's Frontdoor wallet sends them as `request`). */
const SOLANA_METHODS: ReadonlySet<string> = new Set([
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAndSendTransaction',
])

const withCode = (message: string, code: number) => new ProtocolErrors.ProviderRpcError(code, message)
const codeOf = (error: unknown) => (error as { code?: unknown } | null)?.code

/** The Solana accounts of a `standard:connect` answer (or an accountsChanged event's addresses). */
function accountsOf(value: unknown, chains: string[]): SolanaWallet.Account[] {
  const list = Array.isArray(value)
    ? value
    : Array.isArray((value as { accounts?: unknown } | null)?.accounts)
      ? (value as { accounts: unknown[] }).accounts
      : []
  return list.flatMap((entry) => {
    const address = typeof entry === 'string' ? entry : (entry as { address?: unknown } | null)?.address
    if (typeof address !== 'string' || !SolanaWallet.ADDRESS.test(address)) return []
    const own = (entry as { chains?: unknown } | null)?.chains
    const accountChains = Array.isArray(own)
      ? own.filter((c): c is string => typeof c === 'string' && SolanaWallet.CHAIN.test(c))
      : chains
    return [{ address, chains: accountChains }]
  })
}

/** Creates the connector of one Wallet Standard wallet (`wallet.chains` set). */
export function create(wallet: HostModal.InjectedWallet, host: Host.Port) {
  const listeners = new Set<(event: Connector.Event) => void>()
  const info: Connector.WalletInfo = { id: wallet.rdns, name: wallet.name, icon: wallet.icon }
  const chains = wallet.chains ?? []
  let account: SolanaWallet.Account | undefined
  // A refusal in another code than 4001 is 4001, as for an EIP-6963 wallet (Injected.ts).
  const call = (method: string, params?: Record<string, unknown>) =>
    host
      .request(wallet.uuid, params === undefined ? { method } : { method, params })
      .catch((error: unknown) => Promise.reject(WalletErrors.fromWallet(error)))

  /** The session of a connection: no EVM account; the page's chain (the wallet has none of its own). */
  function session(context: Connector.Context): Connector.Session {
    const chainId = context.chainId ?? Number(context.networks[0]?.id ?? 1)
    return { accounts: [], chainId, wallet: info }
  }
  const emit = (event: Connector.Event) => {
    for (const listener of [...listeners]) listener(event)
  }

  const connector = {
    id: Id.idOf(wallet.rdns),
    kind: 'injected',
    async connect(context) {
      let accounts: SolanaWallet.Account[]
      try {
        accounts = accountsOf(await call(SolanaWallet.STANDARD_METHODS.connect), chains)
      } catch (error) {
        if (codeOf(error) === 4001) throw withCode(Errors.LOGIN.CONNECTION_REJECTED, 4001)
        throw error
      }
      account = accounts[0]
      if (!account) throw withCode(Errors.LOGIN.CONNECTION_REJECTED, 4001)
      return session(context)
    },
    async reconnect(context) {
      // A wallet that still trusts the page answers a silent connect without asking its user.
      const accounts = await call(SolanaWallet.STANDARD_METHODS.connect, { silent: true }).then(
        (value) => accountsOf(value, chains),
        () => [],
      )
      account = accounts[0]
      return account ? session(context) : undefined
    },
    async request(method, params) {
      if (!account) throw ProtocolErrors.providerError('unauthorized')
      if (!SOLANA_METHODS.has(method)) throw ProtocolErrors.providerError('unsupportedMethod')
      const { chain, ...given } = (
        params !== null && typeof params === 'object' && !Array.isArray(params) ? params : {}
      ) as Record<string, unknown>
      // Read before the wallet sees it, as for WalletConnect (solana/Requests.ts, loaded with the first
      // request); the signer is this connection's account, whatever the page named; the chain it names
      // goes on to the host SDK, which answers 4901 for one the wallet does not serve.
      const checked = (await import('../solana/Requests.js')).check(method, given, account.address)
      return checked.answer(
        await call(method, { ...checked.params, ...(chain !== undefined ? { chain } : {}) }),
      )
    },
    // A Solana wallet has no EVM chain to switch: the page's chain changes alone.
    async switchChain() {},
    async disconnect() {
      account = undefined
      // standard:disconnect is optional in the Wallet Standard: a wallet without it stays authorized.
      await call(SolanaWallet.STANDARD_METHODS.disconnect).catch(() => {})
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    /** The Solana account of this connection (HostMessages.solanaAccount). */
    async solanaAccount() {
      return account ?? null
    },
    emit(event: HostModal.ProviderEvent) {
      // The host forwards the wallet's `change` events as accountsChanged with the Solana addresses.
      if (event.event === 'disconnect') {
        account = undefined
        return emit({ type: 'disconnect' })
      }
      if (event.event !== 'accountsChanged' || !account) return
      const accounts = accountsOf(event.data, chains)
      if (accounts.length === 0) {
        account = undefined
        return emit({ type: 'disconnect' })
      }
      account = accounts.find((a) => a.address === account?.address) ?? accounts[0]
    },
  } satisfies Connector.Connector & {
    solanaAccount: () => Promise<SolanaWallet.Account | null>
    emit: (event: HostModal.ProviderEvent) => void
  }
  return connector
}
