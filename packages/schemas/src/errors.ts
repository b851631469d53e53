/**
 * The error catalogue of spec sections 5 and 8: every user-visible or thrown message, defined once.
 * Alerts (title + detail + code) live in `alerts.ts`; CAIP messages in `caip.ts`.
 */

// --- Section 1 ----------------------------------------------------------------------------------------

/** Warning when the remote project configuration overrides local options. */
export const LOCAL_CONFIGURATION_IGNORED = 'Local configuration ignored'

// --- Section 5: validation ----------------------------------------------------------------------------

/** Both SIWX and the legacy SIWE config were given. */
export const SIWX_AND_SIWE_BOTH_SET = 'Cannot set both `siweConfig` and `siwx` options'

/** Switching network failed because adding the chain failed. */
export const CHAIN_NOT_SUPPORTED = 'Chain is not supported'

/** Fetching transactions without an account address. */
export const TRANSACTIONS_NEED_ACCOUNT_ADDRESS = "Transactions can't be fetched without an accountAddress"

/** The login email was sent less than the cooldown ago: wait `seconds` more. */
export function pleaseTryAgainAfter(seconds: number): string {
  return `Please try again after ${seconds} seconds`
}

/** Send without an amount or a receiver. */
export const SEND_AMOUNT_AND_RECEIVER_REQUIRED = 'An amount and receiver address are required'

/** EVM send without a token. */
export const SEND_TOKEN_REQUIRED = 'A token is required'

/** Send on a namespace Send does not support. */
export const UNSUPPORTED_CHAIN = 'Unsupported chain'

/** An account name with other characters than letters, digits and hyphens. */
export const ACCOUNT_NAME_INVALID_CHARACTERS = 'Name can only contain letters, numbers and - characters'

/** An account name shorter than 4 characters. */
export const ACCOUNT_NAME_TOO_SHORT = 'Name must be at least 4 characters'

/** An email that is not valid. */
export const INVALID_EMAIL = 'Invalid email'

/** A social provider that is not supported. */
export const INVALID_SOCIAL_PROVIDER = 'Invalid social provider'

/** An address that does not fit its chain namespace. */
export const INVALID_ADDRESS = 'Invalid address'

// --- Section 8: toasts and errors ---------------------------------------------------------------------

/** Toast: balances failed or the network is unsupported (retry then blocked 30 s). */
export const TOKEN_BALANCE_UNAVAILABLE = 'Token Balance Unavailable'

/** Swaps asked on a network without swaps. */
export const NETWORK_NOT_SUPPORTED_FOR_SWAPS = 'Network not supported for Swaps'

/** Gas price asked on a network without it. */
export const NETWORK_NOT_SUPPORTED_FOR_GAS_PRICE = 'Network not supported for Gas Price'

/** Login errors. */
export const LOGIN = {
  MODAL_CLOSED: 'Modal closed',
  POPUP_CLOSED: 'Popup closed',
  FAILED_TO_CONNECT: 'Failed to connect',
  FAILED_TO_INITIATE_SOCIAL: 'Failed to initiate social connection',
  CONNECTION_REJECTED: 'Connection rejected',
  FAILED_TO_CONNECT_FARCASTER: 'Failed to connect to farcaster',
  NO_AUTH_CONNECTOR: 'No auth connector found',
  NOT_CONNECTED_TO_EMAIL_OR_SOCIAL: 'Not connected to email or social',
} as const

/** Authentication could not start (the user is disconnected). */
export const AUTH_INIT_FAILED = 'A problem occurred while trying initialize authentication'

/** The user declined to sign. */
export const SIGNATURE_DECLINED = 'Signature declined'

/** Shown for smart accounts when a request fails. */
export const SMART_ACCOUNTS_MAYBE_UNSUPPORTED = 'This application might not support Smart Accounts'

/** Toast when the history fails (the list is emptied). */
export const FAILED_TO_FETCH_TRANSACTIONS = 'Failed to fetch transactions'

/** Toast for a disallowed RPC method. */
export const ACTION_NOT_ALLOWED = 'Action not allowed'

/** Console message for a disallowed RPC method. */
export const RPC_CALL_NOT_ALLOWED = 'Requested RPC call is not allowed'

/** Embedded-wallet frame errors. */
export const FRAME = {
  EMAIL_LOGIN_DEPENDENCY: 'Unable to load email login dependency',
  /** When an error reply has no message of its own. */
  AN_ERROR_OCCURRED: 'An error occurred',
  REQUEST_ABORTED: 'Request was aborted',
  SOMETHING_WENT_WRONG: 'Something went wrong',
  /** Reported event when the frame does not load in time. */
  IFRAME_LOAD_FAILED: 'iframe_load_failed',
  /** Reported event when a login/connect request times out. */
  IFRAME_REQUEST_TIMEOUT: 'iframe_request_timeout',
  /** Reported event when the auth frame's server cannot verify the page (not on the project's allowlist). */
  UNVERIFIED_DOMAIN: 'unverified_domain',
} as const

/** Toast: a transaction the wallet sent was mined but reverted (section 8's standard 'execution reverted'). */
export const EXECUTION_REVERTED = 'Execution reverted'

// These tables are modules of their own, so that a chunk carries only the tables it uses (a bundler
// places whole modules: the modal's first-open chunks would otherwise carry them, for lazy views).
export { INTERNAL } from './internal-errors.js'
export { NAMES } from './name-errors.js'
export { NOT_AVAILABLE_ON_THIS_SERVER, networkNotAvailable, noUpstream } from './no-upstream-errors.js'
export { SERVER } from './server-errors.js'

/** Internal error when disconnecting some chains failed; `details` lists them. */
export function failedToDisconnectChains(details: string): string {
  return `Failed to disconnect chains: ${details}`
}
