import { z } from 'zod'
import * as JsonRpc from './JsonRpc.js'

/**
 * The frames of the WalletConnect v2 relay protocol (REFERENCE.md, "WalletConnect v2 relay"), validated
 * with zod. Unknown members are allowed (clients add fields over time) but never forwarded: the relay
 * stores and delivers only the members it knows.
 */

/** Close codes and JSON-RPC error codes of the relay. */
export const Codes = {
  /** Bad or missing JWT. */
  unauthorized: 3000,
  /** Too many messages from one socket. */
  rateLimited: 3001,
} as const

/** Tags the relay puts on the messages of the two session methods. */
export const Tags = {
  sessionProposal: 1100,
  sessionProposalResponse: 1101,
  sessionSettlement: 1102,
} as const

/** The TTL of a session proposal, its response and the settlement when the client gives none. */
export const SESSION_METHOD_TTL_S = 300

/** Topics one batch may name. */
export const MAX_BATCH_TOPICS = 500

/** A topic: 32 bytes in hex. */
export const Topic = z.string().regex(/^[0-9a-fA-F]{64}$/, 'topic must be 32 bytes of hex')

const Ttl = z.number().int().positive()
const Tag = z.number().int().nonnegative()

/** `irn_subscribe` params. */
export const SubscribeParams = z.object({ topic: Topic })

/** `irn_batchSubscribe` and `irn_batchFetchMessages` params. */
export const BatchSubscribeParams = z.object({ topics: z.array(Topic).min(1).max(MAX_BATCH_TOPICS) })

/** `irn_unsubscribe` params. */
export const UnsubscribeParams = z.object({ topic: Topic, id: z.string().max(128).optional() })

/** `irn_batchUnsubscribe` params. */
export const BatchUnsubscribeParams = z.object({
  subscriptions: z.array(UnsubscribeParams).min(1).max(MAX_BATCH_TOPICS),
})

/** `irn_publish` params. */
export const PublishParams = z.object({
  topic: Topic,
  message: z.string().min(1),
  ttl: Ttl,
  prompt: z.boolean().optional(),
  tag: Tag.optional(),
  attestation: z.string().max(8192).optional(),
})
export type PublishParams = z.infer<typeof PublishParams>

/** `irn_batchPublish` params. */
export const BatchPublishParams = z.object({ messages: z.array(PublishParams).min(1).max(MAX_BATCH_TOPICS) })

/** `wc_proposeSession` params: the proposal goes to the pairing topic, the sender listens there. */
export const ProposeSessionParams = z.object({
  pairingTopic: Topic,
  sessionProposal: z.string().min(1),
  ttl: Ttl.optional(),
  attestation: z.string().max(8192).optional(),
})

/** `wc_approveSession` params: the response goes to the pairing topic, the settlement to the session topic. */
export const ApproveSessionParams = z.object({
  pairingTopic: Topic,
  sessionTopic: Topic,
  sessionProposalResponse: z.string().min(1),
  sessionSettlementRequest: z.string().min(1),
  ttl: Ttl.optional(),
  attestation: z.string().max(8192).optional(),
})

/** The params schema of each method the relay serves. */
export const Methods = {
  irn_subscribe: SubscribeParams,
  irn_batchSubscribe: BatchSubscribeParams,
  irn_unsubscribe: UnsubscribeParams,
  irn_batchUnsubscribe: BatchUnsubscribeParams,
  irn_publish: PublishParams,
  irn_batchPublish: BatchPublishParams,
  irn_batchFetchMessages: BatchSubscribeParams,
  wc_proposeSession: ProposeSessionParams,
  wc_approveSession: ApproveSessionParams,
} as const

export type Method = keyof typeof Methods

/** A request of a known method with its validated params. */
export type Request = {
  [M in Method]: { kind: 'request'; id: string; method: M; params: z.infer<(typeof Methods)[M]> }
}[Method]

/** What one incoming frame is. */
export type Frame =
  | Request
  /** A client's answer to a relay request (the ack of an `irn_subscription`). */
  | { kind: 'response'; id: string; ok: boolean }
  /** Not acceptable: answer with this error (`id` is `null` when unknown). */
  | { kind: 'invalid'; id: string; error: JsonRpc.ErrorObject }

const Id = z.union([z.number(), z.string().max(64), z.null()])

const Envelope = z.union([
  z.object({ id: Id, jsonrpc: z.literal('2.0').optional(), method: z.string().max(64), params: z.unknown() }),
  z.object({ id: Id, jsonrpc: z.literal('2.0').optional(), result: z.unknown() }),
  z.object({ id: Id, jsonrpc: z.literal('2.0').optional(), error: z.unknown() }),
])

function describe(error: z.ZodError): string {
  const issue = error.issues[0]
  if (!issue) return 'Invalid params'
  const path = issue.path.join('.')
  return path ? `Invalid params: ${path}: ${issue.message}` : `Invalid params: ${issue.message}`
}

/**
 * Parses and validates one text frame.
 *
 * @example
 * const frame = Messages.parse('{"id":1,"jsonrpc":"2.0","method":"irn_subscribe","params":{"topic":"…"}}')
 * if (frame.kind === 'request' && frame.method === 'irn_subscribe') frame.params.topic
 */
export function parse(text: string): Frame {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return { kind: 'invalid', id: 'null', error: { code: JsonRpc.ErrorCodes.parse, message: 'Parse error' } }
  }
  const envelope = Envelope.safeParse(value)
  if (!envelope.success) {
    const id =
      value && typeof value === 'object' && 'id' in value
        ? JsonRpc.idText((value as { id: unknown }).id, text)
        : 'null'
    return {
      kind: 'invalid',
      id,
      error: { code: JsonRpc.ErrorCodes.invalidRequest, message: 'Invalid request' },
    }
  }
  const frame = envelope.data
  const id = JsonRpc.idText(frame.id, text)
  if (!('method' in frame)) return { kind: 'response', id, ok: 'result' in frame }
  const schema = Methods[frame.method as Method] as (typeof Methods)[Method] | undefined
  if (!schema || !Object.hasOwn(Methods, frame.method)) {
    return {
      kind: 'invalid',
      id,
      error: { code: JsonRpc.ErrorCodes.methodNotFound, message: `Method not found: ${frame.method}` },
    }
  }
  const params = schema.safeParse(frame.params)
  if (!params.success) {
    return {
      kind: 'invalid',
      id,
      error: { code: JsonRpc.ErrorCodes.invalidParams, message: describe(params.error) },
    }
  }
  return { kind: 'request', id, method: frame.method, params: params.data } as Request
}
