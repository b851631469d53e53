import type * as HostModal from '@frontdoor/protocol/host-modal'

/**
 * A connector: one way to reach a wallet (WalletConnect, an injected wallet of the host page, the
 * embedded wallet of the auth frame). The Connection controller drives connectors; views only start
 * `connect` and show its progress.
 */

/** The kinds of connector, as the stored connector id starts. */
export type Kind = 'walletConnect' | 'injected' | 'embedded'

/** A wallet's identity, shown in the modal and kept in recent wallets. */
export type WalletInfo = {
  /** Directory id (WalletConnect), rdns (injected), or the login method (embedded). */
  id: string
  name: string
  icon?: string | undefined
}

/** A live connection to a wallet. */
export type Session = {
  /** Accounts, the current one first (checksummed or as the wallet gave them). */
  accounts: `0x${string}`[]
  chainId: number
  wallet: WalletInfo
  /** WalletConnect: the session's topic (one connector keeps several sessions, each its own connection). */
  topic?: string | undefined
}

/** What a connector tells the controller after connecting. */
export type Event =
  | { type: 'accountsChanged'; accounts: `0x${string}`[] }
  | { type: 'chainChanged'; chainId: number }
  | { type: 'disconnect' }

/** What a connector needs to know about the page: its networks. */
export type Context = {
  /** The page's EVM networks (from `createFrontdoor({ networks })`), in its order. */
  networks: HostModal.HostInfo['networks']
  /** The chain to connect on, when the page has a current one. */
  chainId: number | undefined
  /**
   * On a reconnect: the wallet the stored connection kept (its name is the email or social login's
   * provider for the embedded wallet, which restores how the user logged in from it).
   */
  stored?: { name: string } | undefined
}

/** Options of `Connector.connect`. */
export type ConnectOptions = {
  /** WalletConnect: a new pairing URI (the first, and each refresh before it expires). */
  onUri?: (uri: string) => void
  /** Aborted when the user leaves the connecting view. */
  signal?: AbortSignal
  /** Kind-specific input: the email and OTP, the social provider, the injected wallet's rdns ... */
  data?: Record<string, unknown>
  /**
   * Email login: the code was right, but the account has not approved this browser; the login goes on
   * once the user approves it with the link the code's address was sent.
   */
  onDeviceApproval?: () => void
}

/** A connector. Errors it throws carry an EIP-1193 `code` where one applies (4001 rejected ...). */
export type Connector = {
  /** Stored id: `walletConnect`, `injected:<rdns>`, `embedded`. */
  id: string
  kind: Kind
  /** Connects with the user's involvement (pairing, the extension's prompt, a login). */
  connect: (context: Context, options?: ConnectOptions) => Promise<Session>
  /** Restores a stored connection without asking the user; undefined when there is none. */
  reconnect: (context: Context) => Promise<Session | undefined>
  /** Sends a request to the wallet (signing, sending; anything the wallet answers). */
  request: (method: string, params: unknown) => Promise<unknown>
  /**
   * Asks the wallet to switch chain, adding it (`wallet_addEthereumChain`) when the wallet lacks it;
   * rejects with 'Chain is not supported' (code 4902) when that fails.
   */
  switchChain: (chainId: number, context: Context) => Promise<void>
  /** Ends the connection (and its session with the wallet). */
  disconnect: () => Promise<void>
  /** Wallet events after connecting. Returns the unsubscribe function. */
  subscribe: (listener: (event: Event) => void) => () => void
  /**
   * For a connector that keeps several connections (WalletConnect: one per session), the connector of
   * the one `session` belongs to, stored under its own id; the connector itself keeps it when absent.
   */
  keeper?: (session: Session) => Connector | undefined
  /**
   * The type of one of the connection's accounts (spec section 3, Connection accounts[].type): the
   * embedded wallet's smart account is `smartAccount`; an EOA when absent or undefined.
   */
  accountType?: (address: string) => 'eoa' | 'smartAccount' | undefined
  /**
   * The chain namespaces the connection has accounts in (spec section 3's connected namespaces), for a
   * connector that knows more than eip155 and its Solana account (the embedded wallet's bip122,
   * polkadot and cosmos accounts).
   */
  namespaces?: () => string[]
}
