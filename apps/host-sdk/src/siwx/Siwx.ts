import * as Errors from '@frontdoor/schemas/errors'
import * as Check from './Check.js'

/**
 * Sign in with the wallet (SIWX, CAIP-122 / EIP-4361) on the page's side. The page gives `siwx`: its
 * own functions, or the default that keeps sessions on our API (DefaultSiwx.ts); the legacy
 * `siweConfig` maps onto the same shape (Siwe.ts, in the npm build only: a script tag cannot pass
 * functions). The modal asks for these functions over the bridge
 * (packages/protocol siwx.ts); the page runs them and answers, and the modal checks the answers.
 */

/** Options of the default sign-in (`siwx: { required?, statement? }`; DefaultSiwx.ts). */
export type DefaultOptions = {
  /** True: the visitor must sign in (default false). */
  required?: boolean
  /** The statement shown in the message. */
  statement?: string
}

/** What a sign-in message says (packages/schemas `Siwx.SiwxMessageData`). */
export type MessageData = {
  accountAddress: string
  /** CAIP-2, e.g. `eip155:1`. */
  chainId: string
  domain: string
  uri: string
  version: string
  nonce: string
  statement?: string
  issuedAt?: string
  expirationTime?: string
  notBefore?: string
  requestId?: string
  resources?: string[]
}

/** A message the page made: its data, and its own text if it wrote one (`toString`). */
type Message = MessageData & { toString?: () => string }

/**
 * A session: the message data, the message as signed, its signature, and the CACAO if there is one.
 * The default siwx's `getSessions` gives an empty signature for a session this browser did not sign.
 */
export type Session = { data: MessageData; message: string; signature: string; cacao?: unknown }

/** The `siwx` option: how the page makes messages and keeps sessions (AppKit's SIWXConfig shape). */
export type Config = {
  /** The message for `accountAddress` on `chainId` (CAIP-2) to sign; usually fetches a nonce. */
  createMessage: (input: { accountAddress: string; chainId: string }) => Promise<Message>
  /** Stores (and verifies) a signed session. */
  addSession: (session: Session) => Promise<void>
  /** Revokes the sessions of `address` on `chainId`. */
  revokeSession: (chainId: string, address: string) => Promise<void>
  /** Replaces the stored sessions (WalletConnect's one-click auth gives several at once). */
  setSessions?: (sessions: Session[]) => Promise<void>
  /** The live sessions of `address` on `chainId`, newest first (the default: this browser's first). */
  getSessions: (chainId: string, address: string) => Promise<Session[]>
  /** True: the visitor must sign in; the modal cannot be closed until they do (or they disconnect). */
  getRequired?: () => boolean
}

/**
 * The page's sign-in configuration from `createFrontdoor` options: `siwx` or the legacy `siweConfig`
 * mapped onto it, never both (spec section 5: 'Cannot set both `siweConfig` and `siwx` options').
 */
export function configOf(
  options: { siwx?: Config | DefaultOptions | undefined; siweConfig?: unknown },
  fallback: (options: DefaultOptions) => Config,
): Config | undefined {
  // The npm entry maps `siweConfig` onto `siwx` (index.ts) after the same check.
  if (options.siwx !== undefined && options.siweConfig !== undefined)
    throw new Error(Errors.SIWX_AND_SIWE_BOTH_SET)
  if (!options.siwx) return undefined
  return 'createMessage' in options.siwx ? options.siwx : fallback(options.siwx)
}

/** Reads the data of a page's message (only the fields a message has), and its own text if it has one. */
function created(message: Message): { data: MessageData; message?: string } {
  const data = Check.messageData(message, false)
  const own = typeof message.toString === 'function' && message.toString !== Object.prototype.toString
  return own ? { data, message: String(message) } : { data }
}

/**
 * The host's answers to the modal's SIWX messages: params checked (Check.ts) before the page's
 * functions run; `onSession` hears the session the page now has (undefined after a revoke or none).
 */
export function handlers(config: Config, onSession: (session: Session | undefined) => void) {
  return {
    siwxCreateMessage: [
      Check.account,
      async (p: { accountAddress: string; chainId: string }) => created(await config.createMessage(p)),
    ],
    siwxAddSession: [
      Check.session,
      async (session: Session) => {
        await config.addSession(session)
        onSession(session)
      },
    ],
    siwxGetSessions: [
      Check.chainAddress,
      async ({ chainId, address }: { chainId: string; address: string }) => {
        const sessions = await config.getSessions(chainId, address)
        onSession(sessions[0])
        return sessions
      },
    ],
    siwxGetRequired: [Check.noParams, async () => config.getRequired?.() === true],
    siwxRevokeSession: [
      Check.chainAddress,
      async ({ chainId, address }: { chainId: string; address: string }) => {
        await config.revokeSession(chainId, address)
        onSession(undefined)
      },
    ],
  } as const satisfies Record<string, readonly [(p: unknown) => unknown, (p: never) => Promise<unknown>]>
}
