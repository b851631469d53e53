/**
 * The reports of `POST /e` (spec section 7) as the modal and the auth frame send them, and as the
 * dashboard reads them: each report's `props` is an analytics event (`type: 'track'`) or an error
 * report (`type: 'error'`). One definition of each event name and property; the zod schemas of the
 * props are in `analytics-props.ts` (no zod here, so the frames' client stays small).
 */

/** The analytics events, by name (`props.event`). */
export const EVENT = {
  /** The modal opened. */
  MODAL_OPEN: 'MODAL_OPEN',
  /** The modal closed. */
  MODAL_CLOSE: 'MODAL_CLOSE',
  /** The visitor chose how to connect (a wallet, WalletConnect, email, a social provider, Farcaster). */
  SELECT_METHOD: 'SELECT_METHOD',
  /** A connect started (the wallet's prompt, the pairing, the login). */
  CONNECT_ATTEMPT: 'CONNECT_ATTEMPT',
  /** A connect succeeded. */
  CONNECT_SUCCESS: 'CONNECT_SUCCESS',
  /** A connect failed or was declined. */
  CONNECT_ERROR: 'CONNECT_ERROR',
  /** Sign in with the wallet (SIWX) succeeded. */
  SIWX_SUCCESS: 'SIWX_SUCCESS',
  /** Sign in with the wallet (SIWX) failed or was declined. */
  SIWX_ERROR: 'SIWX_ERROR',
  /** The connected wallet moved to another network. */
  SWITCH_NETWORK: 'SWITCH_NETWORK',
  /** A send was submitted. */
  SEND_SUCCESS: 'SEND_SUCCESS',
  /** A send failed or was declined. */
  SEND_ERROR: 'SEND_ERROR',
  /** A swap was submitted. */
  SWAP_SUCCESS: 'SWAP_SUCCESS',
  /** A swap failed or was declined. */
  SWAP_ERROR: 'SWAP_ERROR',
  /** The on-ramp's checkout opened. */
  BUY_STARTED: 'BUY_STARTED',
} as const

/** An analytics event's name. */
export type EventName = (typeof EVENT)[keyof typeof EVENT]

/** The `event` of every error report. */
export const ERROR_EVENT = 'ERROR'

/** The kinds of connector (the stored connector id's prefix). */
export const CONNECTOR_KINDS = ['injected', 'walletConnect', 'embedded'] as const

/** A connector kind. */
export type ConnectorKind = (typeof CONNECTOR_KINDS)[number]

/** The connect methods of the funnel's 'chose a method' step. */
export const METHODS = ['injected', 'walletConnect', 'email', 'social', 'farcaster'] as const

/** A connect method. */
export type Method = (typeof METHODS)[number]

/** Where an error report comes from. */
export const SOURCES = ['modal', 'auth'] as const

/**
 * What an error report is about: an error nobody caught, a failed HTTP request, or the embedded
 * wallet's frame failing (spec section 8: its name is `iframe_load_failed`, `iframe_request_timeout` or
 * `unverified_domain`).
 */
export const ERROR_KINDS = ['uncaught', 'request', 'frame'] as const

/** Longest message kept in a report. */
export const MESSAGE_MAX_CHARS = 300

const EMAIL = /[^\s@"'<>]+@[^\s@"'<>]+\.[^\s@"'<>]+/g
const HEX = /0x[0-9a-fA-F]{40,}/g
/** Long runs of token-like characters: session tokens, keys, signatures, base58 addresses. */
const SECRET = /[A-Za-z0-9_\-+/=.]{24,}/g
/** One-time codes: 6 digits standing alone. */
const CODE = /\b\d{6}\b/g

/**
 * `text` with what must never leave the browser taken out: emails, hex strings of an address's length
 * or longer (kept as their first 4 and last 6 characters, spec section 9), token-like runs and codes;
 * cut at {@link MESSAGE_MAX_CHARS}.
 *
 * @example
 * redact('no session for a@b.co at 0x52908400098527886E0F7030069857D2E4169EE7')
 * // 'no session for <email> at 0x5290…169EE7'
 */
export function redact(text: string): string {
  return text
    .replace(EMAIL, '<email>')
    .replace(HEX, (hex) => (hex.length === 42 ? `${hex.slice(0, 6)}…${hex.slice(-6)}` : '<hex>'))
    .replace(SECRET, (run) => (/^[a-z]+(\.[a-z]+)*$/i.test(run) ? run : '<redacted>'))
    .replace(CODE, '<code>')
    .slice(0, MESSAGE_MAX_CHARS)
}
