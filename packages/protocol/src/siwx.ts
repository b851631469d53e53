import { Siwx } from '@frontdoor/schemas'
import * as Caip from '@frontdoor/schemas/caip'
import * as z from 'zod/mini'
import * as Message from './message.js'

/**
 * Sign in with the wallet (SIWX) across the host <-> modal bridge. The page's `siwx` functions (its
 * own, or the SDK's default that uses our API) run in the page; the modal asks for them with these
 * messages, which the host answers. Each is validated at the receiving end, both ways.
 */

/** The longest sign-in message text carried (EIP-4361 messages are a few hundred characters). */
export const MESSAGE_MAX_CHARS = 4_096

/** The longest signature carried (an ERC-6492 one wraps a deployment, so it can be long). */
export const SIGNATURE_MAX_CHARS = 16_384

/** Most sessions one answer of `siwxGetSessions` carries. */
export const SESSIONS_MAX = 100

/** How long the page's sign-in functions may take (they usually call the page's server). */
export const SIWX_CALL_TIMEOUT_MS = 30_000

const address = z.string().check(z.minLength(1), z.maxLength(128))

/** Whose sign-in: an account address on a CAIP-2 network. */
export const Account = z.strictObject({ chainId: Caip.Caip2Schema, address })
/** Whose sign-in: an account address on a CAIP-2 network. */
export type Account = z.infer<typeof Account>

/** What a sign-in message says (packages/schemas `Siwx.SiwxMessageData`), with no other key. */
export const MessageData = z.strictObject(Siwx.SiwxMessageData.shape)

/**
 * A session as carried over the bridge: the message data, its text, its signature, an optional CACAO.
 * In `siwxGetSessions`' answer the signature may be empty: a session the page knows of but does not
 * hold (the default siwx reads the account's sessions from our API, which never answers a signature;
 * it has those this browser signed). It still counts as a session: the modal only asks whether there
 * is one.
 */
export const Session = z.strictObject({
  data: MessageData,
  message: z.string().check(z.maxLength(MESSAGE_MAX_CHARS)),
  signature: z.string().check(z.maxLength(SIGNATURE_MAX_CHARS)),
  /** The CACAO (CAIP-74) a WalletConnect one-click auth gives: an object. */
  cacao: z.optional(z.record(z.string(), z.unknown())),
})
/** A session as carried over the bridge. */
export type Session = z.infer<typeof Session>

/**
 * What the page's `createMessage` gives: the message's data, and its text when the page wrote its own
 * (a legacy SIWE `createMessage`); without a text the modal writes the EIP-4361 / CAIP-122 text.
 */
export const CreatedMessage = z.strictObject({
  data: MessageData,
  message: z.optional(z.string().check(z.minLength(1), z.maxLength(MESSAGE_MAX_CHARS))),
})
/** What the page's `createMessage` gives. */
export type CreatedMessage = z.infer<typeof CreatedMessage>

/**
 * Messages the host page answers for SIWX (the modal calls them), on the host <-> modal channel. Apart
 * from HostModal.HostMessages so the modal's first-open code does not carry them: the modal's lazy
 * sign-in chunk calls them through `Bridge.Connection.extend`. HostInfo's `siwx` says the page set it.
 */
export const HostMessages = {
  /** The message for the account to sign (the page's `createMessage`; a nonce is usually fetched). */
  siwxCreateMessage: Message.define({
    params: z.strictObject({ accountAddress: address, chainId: Caip.Caip2Schema }),
    result: CreatedMessage,
    timeoutMs: SIWX_CALL_TIMEOUT_MS,
  }),
  /** Stores a signed session (the page's `addSession`; the default verifies it on our API). */
  siwxAddSession: Message.define({ params: Session, result: Message.Ack, timeoutMs: SIWX_CALL_TIMEOUT_MS }),
  /** The account's sessions (the page's `getSessions`). */
  siwxGetSessions: Message.define({
    params: Account,
    result: z.array(Session).check(z.maxLength(SESSIONS_MAX)),
    timeoutMs: SIWX_CALL_TIMEOUT_MS,
  }),
  /** Whether the visitor must sign in (the page's `getRequired`). */
  siwxGetRequired: Message.define({ params: Message.NoParams, result: z.boolean() }),
  /** Revokes the account's sessions (the page's `revokeSession`). */
  siwxRevokeSession: Message.define({
    params: Account,
    result: Message.Ack,
    timeoutMs: SIWX_CALL_TIMEOUT_MS,
  }),
} as const
