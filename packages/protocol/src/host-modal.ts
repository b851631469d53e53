import { Account, Directory, Network } from '@frontdoor/schemas'
import * as Caip from '@frontdoor/schemas/caip'
import * as z from 'zod/mini'
import * as Message from './message.js'
import * as Pay from './pay.js'
import * as SolanaWallet from './solana-wallet.js'
import * as Timeouts from './timeouts.js'
import { VIEWS } from './views.js'

/**
 * The host page <-> modal frame channel: open/close/shake, state snapshots (with the loading flag), EIP-1193 requests
 * and events, the page's injected wallets (EIP-6963) and requests to them, theme and dapp metadata.
 * The host end is {@link host}, the modal end {@link modal}; both are built from the same definitions.
 */

/** The penpal channel name of this protocol. */
export const CHANNEL = 'frontdoor:host-modal'

const text = (max: number) => z.string().check(z.maxLength(max))
const name = z.string().check(z.minLength(1), z.maxLength(100))
const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).check(z.maxLength(2048))

// --- Shared shapes -------------------------------------------------------------------------------------

/** The modal's views a host may open, named as spec section 2. */
export { VIEWS }

/** A modal view. */
export const View = z.enum(VIEWS)
/** A modal view. */
export type View = z.infer<typeof View>

/** Light or dark. */
export const ThemeMode = z.enum(['light', 'dark'])
/** Light or dark. */
export type ThemeMode = z.infer<typeof ThemeMode>

// A theme value ends up in CSS: refuse what could break out of a declaration.
const cssValue = (max: number) =>
  z.string().check(z.maxLength(max), z.regex(/^[^;{}<>\\]*$/, 'must not contain ; { } < > or \\'))

/** Theme variables a page may set. */
export const ThemeVariables = z.strictObject({
  /** Accent colour, any CSS colour. */
  accent: z.optional(cssValue(64)),
  /** Font family list. */
  font: z.optional(cssValue(200)),
  /** Corner radius of the modal's card, in px. */
  radius: z.optional(z.number().check(z.gte(0), z.lte(40))),
})
/** Theme variables a page may set. */
export type ThemeVariables = z.infer<typeof ThemeVariables>

/** The theme: mode and variables. */
export const Theme = z.strictObject({
  themeMode: z.optional(ThemeMode),
  themeVariables: z.optional(ThemeVariables),
})
/** The theme: mode and variables. */
export type Theme = z.infer<typeof Theme>

/** The dapp's metadata shown in the modal. */
export const Metadata = z.strictObject({
  name,
  description: z.optional(text(500)),
  url: z.optional(httpUrl),
  icons: z.optional(z.array(httpUrl).check(z.maxLength(8))),
})
/** The dapp's metadata shown in the modal. */
export type Metadata = z.infer<typeof Metadata>

/** Feature options of `createFrontdoor({ features })` (the remote project config may override them). */
export const Features = z.strictObject({
  email: z.optional(z.boolean()),
  socials: z.optional(z.union([z.array(text(32)).check(z.maxLength(16)), z.literal(false)])),
  swaps: z.optional(z.union([z.array(text(32)).check(z.maxLength(16)), z.literal(false)])),
  onramp: z.optional(z.union([z.array(text(32)).check(z.maxLength(16)), z.boolean()])),
  activity: z.optional(z.boolean()),
  send: z.optional(z.boolean()),
  receive: z.optional(z.boolean()),
  analytics: z.optional(z.boolean()),
  allWallets: z.optional(z.boolean()),
  multiWallet: z.optional(z.boolean()),
  connectMethodsOrder: z.optional(z.array(z.enum(['email', 'social', 'wallet'])).check(z.maxLength(3))),
})
/** Feature options of `createFrontdoor({ features })`. */
export type Features = z.infer<typeof Features>

const walletIds = z.array(Directory.WalletId).check(z.maxLength(100))

/** What the host tells the modal right after the handshake (`createFrontdoor` options). */
export const HostInfo = z.strictObject({
  projectId: z.string().check(z.minLength(1), z.maxLength(64)),
  metadata: Metadata,
  networks: z.array(Network.Network).check(z.minLength(1), z.maxLength(100)),
  features: z.optional(Features),
  theme: z.optional(Theme),
  siwx: z.optional(z.boolean()),
  /** Wallet directory filters of AllWallets and Connect: only these wallets, never these, these first. */
  includeWalletIds: z.optional(walletIds),
  excludeWalletIds: z.optional(walletIds),
  featuredWalletIds: z.optional(walletIds),
  /** false: stored connections are not restored when the page loads (spec section 4: reconnect off). */
  enableReconnect: z.optional(z.boolean()),
  /** `modal`: a dialog over the page; `inline`: embedded in the page's layout. */
  mode: z.enum(['modal', 'inline']),
  sdkVersion: text(32),
})
/** What the host tells the modal right after the handshake. */
export type HostInfo = z.infer<typeof HostInfo>

/** A state snapshot the modal sends the host after every change. */
export const State = z.strictObject({
  open: z.boolean(),
  loading: z.boolean(),
  view: View,
  /** Connection status: disconnected, connecting, reconnecting, connected. */
  status: Account.ConnectionStatus,
  /** The connected account: spec section 3's account state (packages/schemas `Account.AccountState`). */
  account: z.optional(Account.AccountState),
  network: z.optional(Network.Network),
  /**
   * True once the modal has restored the stored connections (or found none): until then a
   * `disconnected` status may still become `connected` without the visitor doing anything.
   */
  restored: z.optional(z.boolean()),
})
/** A state snapshot the modal sends the host after every change. */
export type State = z.infer<typeof State>

/** An EIP-1193 request: an id the host chose, the method and its params. */
export const RpcRequest = z.strictObject({
  id: z.union([z.string().check(z.minLength(1), z.maxLength(64)), z.number().check(z.int())]),
  method: z.string().check(z.minLength(1), z.maxLength(100)),
  params: z.optional(z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())])),
})
/** An EIP-1193 request. */
export type RpcRequest = z.infer<typeof RpcRequest>

/** An EIP-1193 `ProviderRpcError` as sent over the bridge: integer code, message, optional data. */
export const RpcError = z.strictObject({
  code: z.number().check(z.int()),
  message: z.string().check(z.maxLength(10_000)),
  data: z.optional(z.unknown()),
})
/** An EIP-1193 `ProviderRpcError` as sent over the bridge. */
export type RpcError = z.infer<typeof RpcError>

const hex = z.string().check(z.regex(/^0x[0-9a-fA-F]+$/, 'must be a 0x-prefixed hex string'))

/** An EIP-1193 provider event with its payload. */
export const ProviderEvent = z.discriminatedUnion('event', [
  z.strictObject({ event: z.literal('connect'), data: z.strictObject({ chainId: hex }) }),
  z.strictObject({ event: z.literal('disconnect'), data: RpcError }),
  z.strictObject({ event: z.literal('chainChanged'), data: hex }),
  z.strictObject({ event: z.literal('accountsChanged'), data: z.array(z.string().check(z.maxLength(128))) }),
  z.strictObject({
    event: z.literal('message'),
    data: z.strictObject({ type: z.string().check(z.maxLength(100)), data: z.unknown() }),
  }),
])
/** An EIP-1193 provider event with its payload. */
export type ProviderEvent = z.infer<typeof ProviderEvent>

/** An image data URI (RFC 2397), as EIP-6963 requires for wallet icons; at most 256 KB. */
export const ImageDataUri = z
  .string()
  .check(
    z.maxLength(256 * 1024),
    z.regex(/^data:image\/[a-z0-9.+-]+(;[a-z0-9=.+-]+)*,/i, 'must be an image data URI'),
  )

const solanaChain = z.string().check(z.regex(SolanaWallet.CHAIN, 'must be a Solana chain (solana:<name>)'))

/** A Solana account of a connection (solana-wallet.ts): base58 address and Wallet Standard chains. */
export const SolanaAccount = z.strictObject({
  address: z.string().check(z.regex(SolanaWallet.ADDRESS, 'must be a base58 Solana address')),
  chains: z.array(solanaChain).check(z.maxLength(16)),
})

/** An injected wallet the host page found by EIP-6963 (its provider info) or by the Wallet Standard. */
export const InjectedWallet = z.strictObject({
  uuid: z
    .string()
    .check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'must be a UUID')),
  name,
  icon: ImageDataUri,
  rdns: z
    .string()
    .check(z.maxLength(200), z.regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i, 'must be a reverse DNS name')),
  /**
   * A Wallet Standard wallet (found by `@wallet-standard/app`, not EIP-6963): its Solana chains as the
   * Wallet Standard names them (`solana:mainnet`, `solana:localnet` ...). Absent for an EIP-6963 wallet.
   */
  chains: z.optional(z.array(solanaChain).check(z.minLength(1), z.maxLength(16))),
})
/** An injected wallet the host page found by EIP-6963 or the Wallet Standard. */
export type InjectedWallet = z.infer<typeof InjectedWallet>

const uuid = InjectedWallet.shape.uuid

/** Most keys the modal keeps in the page's storage. */
export const STORAGE_MAX_KEYS = 200
/** Longest value the modal keeps in the page's storage (a WalletConnect session store fits). */
export const STORAGE_VALUE_MAX = 512 * 1024

/** A key of the modal's stored state. */
export const StorageKey = z
  .string()
  .check(z.regex(/^[A-Za-z0-9:._@/-]{1,200}$/, 'must be 1-200 letters, digits or : . _ @ / -'))
const storageValue = z.string().check(z.maxLength(STORAGE_VALUE_MAX))

// --- Messages ------------------------------------------------------------------------------------------

/** Messages the modal frame answers (the host calls them). */
export const ModalMessages = {
  /**
   * Show the modal, on a view (Connect by default, Account while connected). Refused, with a message
   * the page can read, for a view whose feature is off or that needs a connected wallet when none is.
   */
  open: Message.define({
    params: z.optional(z.strictObject({ view: z.optional(View) })),
    result: Message.Ack,
  }),
  /** Close the modal; `closed: false` when it may not close now (it shakes instead). */
  close: Message.define({ params: Message.NoParams, result: z.strictObject({ closed: z.boolean() }) }),
  /** Shake the modal (500 ms). */
  shake: Message.define({ params: Message.NoParams, result: Message.Ack }),
  /** The current state snapshot. */
  getState: Message.define({ params: Message.NoParams, result: State }),
  /** An EIP-1193 request from the page's provider; may wait for the user's approval. */
  request: Message.define({
    params: RpcRequest,
    result: z.unknown(),
    error: RpcError,
    timeoutMs: Timeouts.NO_TIMEOUT,
  }),
  /** The injected wallets the page found (EIP-6963), replacing the previous list. */
  injectedWallets: Message.define({
    params: z.strictObject({ wallets: z.array(InjectedWallet).check(z.maxLength(50)) }),
    result: Message.Ack,
  }),
  /** An event of an injected wallet the host talks to for the modal. */
  injectedWalletEvent: Message.define({
    params: z.strictObject({ uuid, event: ProviderEvent }),
    result: Message.Ack,
  }),
  /** A new theme. */
  theme: Message.define({ params: Theme, result: Message.Ack }),
  /** New dapp metadata. */
  metadata: Message.define({ params: Metadata, result: Message.Ack }),
  /** Disconnect the current account. */
  disconnect: Message.define({ params: Message.NoParams, result: Message.Ack }),
  /**
   * The Solana account of the current connection (the page's Wallet Standard wallet, solana-wallet.ts,
   * asks on connect and after each state change); null while the connected wallet has none.
   */
  solanaAccount: Message.define({ params: Message.NoParams, result: z.nullable(SolanaAccount) }),
  /** Switch to a network the page configured. */
  switchNetwork: Message.define({
    params: z.strictObject({ caipNetworkId: Caip.Caip2Schema }),
    result: Message.Ack,
    error: RpcError,
  }),
  /**
   * A payment the page asks for (`frontdoor.pay()`, pay.ts): the modal shows it until the visitor pays
   * (the hash of the mined transaction) or declines (4001).
   */
  pay: Message.define({
    params: Pay.PayRequest,
    result: Pay.TransactionHash,
    error: RpcError,
    timeoutMs: Timeouts.NO_TIMEOUT,
  }),
} as const

/** Messages the host page answers (the modal calls them). */
export const HostMessages = {
  /** The page's options, asked once after the handshake. */
  hostInfo: Message.define({ params: Message.NoParams, result: HostInfo }),
  /** A state snapshot after every change. */
  state: Message.define({ params: State, result: Message.Ack }),
  /** Show the dialog (e.g. an unsafe request needs approval, or 'Action not allowed'). */
  open: Message.define({ params: Message.NoParams, result: Message.Ack }),
  /** Hide the dialog (the modal closed itself). */
  requestClose: Message.define({ params: Message.NoParams, result: Message.Ack }),
  /** An event for the page's EIP-1193 provider. */
  providerEvent: Message.define({ params: ProviderEvent, result: Message.Ack }),
  /**
   * The modal's stored state (connections, recent wallets, WalletConnect sessions) kept in the page's
   * storage, for browsers that deny a third-party frame its own storage. Nothing secret goes there:
   * embedded-wallet sessions stay in the auth frame.
   */
  storageRead: Message.define({
    params: Message.NoParams,
    result: z.record(StorageKey, storageValue),
  }),
  /** Writes (or, with `value: null`, removes) one key of the modal's state in the page's storage. */
  storageWrite: Message.define({
    params: z.strictObject({ key: StorageKey, value: z.nullable(storageValue) }),
    result: Message.Ack,
  }),
  /** An EIP-1193 request to an injected wallet, by its EIP-6963 uuid; waits for the wallet's user. */
  injectedWalletRequest: Message.define({
    params: z.strictObject({
      uuid,
      request: z.strictObject({ method: RpcRequest.shape.method, params: RpcRequest.shape.params }),
    }),
    result: z.unknown(),
    error: RpcError,
    timeoutMs: Timeouts.NO_TIMEOUT,
  }),
} as const

/** The host page's end: answers {@link HostMessages}, calls {@link ModalMessages}. */
export const host = Message.end(CHANNEL, HostMessages, ModalMessages)

/** The modal frame's end: answers {@link ModalMessages}, calls {@link HostMessages}. */
export const modal = Message.end(CHANNEL, ModalMessages, HostMessages)
