/**
 * The business constants of spec section 9 and the defaults of section 1, plus the field constants of
 * REFERENCE.md. Every time, size or count that code elsewhere needs comes from here. Units are in names.
 */

// --- Section 1: defaults ---------------------------------------------------------------------------

/** Default social login providers, in display order. */
export const DEFAULT_SOCIALS = ['google', 'x', 'farcaster', 'discord', 'apple', 'github', 'facebook'] as const

/** Default swap providers. */
export const DEFAULT_SWAPS_PROVIDERS = ['1inch'] as const

/** Default connect method order in the Connect view. */
export const DEFAULT_CONNECT_METHOD_ORDER = ['email', 'social', 'wallet'] as const

/** Default features: send, receive, analytics and allWallets on; swaps by 1inch; the default socials. */
export const DEFAULT_FEATURES = {
  send: true,
  receive: true,
  analytics: true,
  allWallets: true,
  swaps: DEFAULT_SWAPS_PROVIDERS,
  socials: DEFAULT_SOCIALS,
  connectMethodsOrder: DEFAULT_CONNECT_METHOD_ORDER,
} as const

/** Default account type per chain namespace: smartAccount for EVM, eoa for Solana and Polkadot, payment for Bitcoin. */
export const DEFAULT_ACCOUNT_TYPES = {
  eip155: 'smartAccount',
  solana: 'eoa',
  polkadot: 'eoa',
  bip122: 'payment',
} as const

/**
 * The 12 EVM chains swaps are supported on (spec section 1), as AppKit lists them for its 1inch swaps
 * (`SWAP_SUPPORTED_NETWORKS` of @reown/appkit-controllers' ConstantsUtil): Ethereum, Arbitrum One,
 * OP Mainnet, zkSync Era, Base, BNB Smart Chain, Polygon, Gnosis, Avalanche, Fantom, Klaytn (Kaia) and
 * Aurora.
 */
export const SWAP_SUPPORTED_CHAINS = [
  'eip155:1',
  'eip155:42161',
  'eip155:10',
  'eip155:324',
  'eip155:8453',
  'eip155:56',
  'eip155:137',
  'eip155:100',
  'eip155:43114',
  'eip155:250',
  'eip155:8217',
  'eip155:1313161554',
] as const

/** Number of EVM chains swaps are supported on. */
export const SWAP_SUPPORTED_CHAINS_COUNT = SWAP_SUPPORTED_CHAINS.length

/** Chain namespaces Send supports. */
export const SEND_SUPPORTED_NAMESPACES = ['eip155', 'solana'] as const

/** Chain namespaces Activity (transaction history) supports. */
export const ACTIVITY_SUPPORTED_NAMESPACES = ['eip155'] as const

/** Chain namespaces account names support. */
export const NAMES_SUPPORTED_NAMESPACES = ['eip155'] as const

/** Connection statuses per chain namespace (spec section 4). */
export const CONNECTION_STATUSES = ['disconnected', 'connecting', 'reconnecting', 'connected'] as const

/** Chain namespaces the embedded wallet authenticates on. */
export const AUTH_NAMESPACES = ['eip155', 'solana', 'polkadot', 'bip122', 'cosmos'] as const

// --- Section 2: modal --------------------------------------------------------------------------------

/** How long the modal's shake flag lasts. */
export const MODAL_SHAKE_MS = 500

// --- Section 9: business constants and limits -------------------------------------------------------

/** Login email may be sent at most once per this many seconds per address. */
export const EMAIL_LOGIN_COOLDOWN_S = 30

/** After a failed balance fetch, retries are blocked this long. */
export const BALANCE_RETRY_LOCK_S = 30

/** Portfolio (token balances) cache lifetime. */
export const PORTFOLIO_CACHE_S = 30

/** Native balance cache lifetime. */
export const NATIVE_BALANCE_CACHE_S = 30

/** ENS (name) cache lifetime. */
export const ENS_CACHE_S = 300

/** Identity cache lifetime. */
export const IDENTITY_CACHE_S = 300

/** How many recent wallets are kept. */
export const RECENT_WALLETS_KEPT = 2

/** Delay before a toast replaces the one shown. */
export const TOAST_REPLACEMENT_DELAY_MS = 150

/** Social login popup width. */
export const SOCIAL_POPUP_WIDTH_PX = 600

/** Social login popup height. */
export const SOCIAL_POPUP_HEIGHT_PX = 800

/** Currencies the fallback on-ramp limits apply to. */
export const ONRAMP_FALLBACK_CURRENCIES = ['USD', 'EUR'] as const

/** Fallback on-ramp limits per payment method, in the fiat currency (USD or EUR). */
export const ONRAMP_FALLBACK_LIMITS = {
  card: { min: 10, max: 7500 },
  bank_account: { min: 10, max: 25000 },
} as const

/** Auth frame load timeout (then `iframe_load_failed`). */
export const FRAME_LOAD_TIMEOUT_S = 20

/** Login/connect request timeout (then `iframe_request_timeout`). */
export const LOGIN_REQUEST_TIMEOUT_S = 120

/** How long sign-out waits for the auth frame. */
export const SIGN_OUT_WAIT_S = 3

/** Delay after the auth frame's ready event before it is considered ready. */
export const READY_DELAY_MS = 500

/** Wallets per page in AllWallets. */
export const WALLETS_PER_PAGE = 40

/** Recommended wallets fetched. */
export const RECOMMENDED_WALLETS_COUNT = 4

/** Wallets fetched per search. */
export const SEARCH_WALLETS_COUNT = 100

/** Featured wallets shown by default. */
export const FEATURED_WALLETS_COUNT = 4

/** At most this many pending transactions are counted in the badge (shown as 99). */
export const MAX_PENDING_TRANSACTIONS_SHOWN = 99

/** Swap slippage tolerance, in percent. */
export const SWAP_SLIPPAGE_TOLERANCE_PERCENT = 1

/** On-ramp providers. */
export const ONRAMP_PROVIDERS = ['meld', 'coinbase'] as const

/** Lowest on-ramp fee, in percent. */
export const ONRAMP_FEE_MIN_PERCENT = 1

/** Highest on-ramp fee, in percent. */
export const ONRAMP_FEE_MAX_PERCENT = 2

/** First retry delay; each further retry doubles it. */
export const RETRY_BASE_MS = 1000

/** Longest retry delay. */
export const RETRY_CAP_MS = 30000

/** Default number of retries (queries on the client). */
export const RETRY_DEFAULT_COUNT = 3

/** Number of query retries on the server. */
export const RETRY_SERVER_COUNT = 0

/** Delay before the 'Action not allowed' toast after a disallowed RPC method. */
export const DISALLOWED_METHOD_MESSAGE_DELAY_MS = 300

/** Decimals shown for transaction amounts. */
export const TRANSACTION_AMOUNT_DECIMALS = 3

/** Characters kept at the start of a truncated address. */
export const ADDRESS_TRUNCATE_START_CHARS = 4

/** Characters kept at the end of a truncated address. */
export const ADDRESS_TRUNCATE_END_CHARS = 6

/** Operation types shown with a '+' sign. */
export const PLUS_OPERATION_TYPES = ['receive', 'deposit', 'borrow', 'claim'] as const

/** Operation types shown with a '-' sign. */
export const MINUS_OPERATION_TYPES = ['withdraw', 'repay', 'burn'] as const

/** Default SDK version (the `sv` query parameter's default). */
export const DEFAULT_SDK_VERSION = 4

/** Default log level. */
export const DEFAULT_LOG_LEVEL = 'error'

/** At most this many error reports per window. */
export const ERROR_REPORTS_MAX = 5

/** The error-report window. */
export const ERROR_REPORTS_WINDOW_S = 60

/** HTTP JSON-RPC request timeout. */
export const HTTP_RPC_TIMEOUT_MS = 10000

/** Largest HTTP JSON-RPC batch. */
export const HTTP_RPC_BATCH_SIZE = 1000

/** How often the RPC fallback pings each transport. */
export const FALLBACK_PING_INTERVAL_MS = 4000

/** How many ping samples the RPC fallback ranks on. */
export const FALLBACK_SAMPLE_COUNT = 10

/** Weight of stability in the RPC fallback ranking. */
export const FALLBACK_STABILITY_WEIGHT = 0.7

/** Weight of latency in the RPC fallback ranking. */
export const FALLBACK_LATENCY_WEIGHT = 0.3

/** WalletConnect pairing URI lifetime: the '4 min' reading of the spec. */
export const PAIRING_URI_LIFETIME_S = 240

/** A pairing URI is treated as expired this long before its lifetime ends. */
export const PAIRING_URI_EXPIRY_MARGIN_S = 10

/** An unused (inactive) pairing lives this long: the '5 min' reading of the spec. */
export const PAIRING_INACTIVE_LIFETIME_S = 300

/** An active pairing lives this long (30 days). */
export const PAIRING_ACTIVE_LIFETIME_S = 30 * 24 * 60 * 60

/** A WalletConnect session lives this long (7 days). */
export const SESSION_LIFETIME_S = 7 * 24 * 60 * 60

/** Relay heartbeat interval. */
export const RELAY_HEARTBEAT_S = 5

/** How long to wait for images to preload. */
export const IMAGE_PRELOAD_WAIT_MS = 2000

// --- REFERENCE.md: constants seen in the field -------------------------------------------------------

/** Digits in an email one-time password. */
export const OTP_LENGTH = 6

/** A toast hides itself after this long. */
export const TOAST_AUTO_HIDE_MS = 2500

/** A wallet search shows its loading state at least this long. */
export const WALLET_SEARCH_MIN_WAIT_MS = 300

/** Wallet search input debounce. */
export const WALLET_SEARCH_DEBOUNCE_MS = 500

/** Transaction history cache lifetime. */
export const TRANSACTION_HISTORY_CACHE_S = 15

/** Token price cache lifetime. */
export const TOKEN_PRICE_CACHE_S = 15

// --- Section 5: validation limits ---------------------------------------------------------------------

/** Shortest account name. */
export const ACCOUNT_NAME_MIN_LENGTH = 4

/** The zone account names are registered under: `<name>.frontdoor.id`. */
export const ACCOUNT_NAME_ZONE = 'frontdoor.id'

/**
 * The restricted time zones (China regions, spec section 9): there the embedded-wallet frame calls a
 * second, regional API base when one is configured (as AppKit does). IANA names, compared ignoring case.
 */
export const RESTRICTED_TIMEZONES = [
  'Asia/Shanghai',
  'Asia/Urumqi',
  'Asia/Chongqing',
  'Asia/Chungking',
  'Asia/Harbin',
  'Asia/Kashgar',
  'Asia/Hong_Kong',
  'Asia/Macau',
  'Asia/Macao',
  'Hongkong',
  'PRC',
] as const

/**
 * The name of a network the page named only by its id, before the network registry (`GET /v1/networks`)
 * gives it one: this prefix and the id's reference (`Chain 31339`).
 */
export const UNNAMED_CHAIN_PREFIX = 'Chain '
