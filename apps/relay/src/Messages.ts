import { z } from 'zod'
import * as JsonRpc from './JsonRpc.js'

/**
 * The frames of the WalletConnect v2 relay protocol (REFERENCE.md, "WalletConnect v2 relay"). The
 * envelope and `irn_publish` (the hot path) are checked by hand, every other method's params with
 * zod. Unknown members are allowed (clients add fields over time) but never forwarded: the relay
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

/**
 * Topics one batch may name by default (WalletConnect's limit); the relay's `maxBatchTopics` applies
 * to subscribe, unsubscribe and fetch batches, this one to the messages of `irn_batchPublish`.
 */
export const MAX_BATCH_TOPICS = 500

/** A topic: 32 bytes in hex. */
export const Topic = z.string().regex(/^[0-9a-fA-F]{64}$/, 'topic must be 32 bytes of hex')

const Ttl = z.number().int().positive()
const Tag = z.number().int().nonnegative()

/** `irn_subscribe` params. */
export const SubscribeParams = z.object({ topic: Topic })

/** `irn_batchSubscribe` and `irn_batchFetchMessages` params (the relay caps their length). */
export const BatchSubscribeParams = z.object({ topics: z.array(Topic).min(1) })

/** `irn_unsubscribe` params. */
export const UnsubscribeParams = z.object({ topic: Topic, id: z.string().max(128).optional() })

/** `irn_batchUnsubscribe` params. */
export const BatchUnsubscribeParams = z.object({
  subscriptions: z.array(UnsubscribeParams).min(1),
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

/** `irn_fetchMessages` params: one topic. */
export const FetchMessagesParams = z.object({ topic: Topic })

/**
 * A message id in a receipt: a safe integer, as a number or a string of digits (the relay RPC spec
 * writes `messageId` strings; other clients send numbers, some as `message_id`).
 */
const MessageId = z.union([
  z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  z
    .string()
    .regex(/^[1-9]\d{0,15}$/, 'a message id is a positive integer')
    .transform(Number)
    .refine(Number.isSafeInteger, 'a message id is a safe integer'),
])

/** One receipt of `irn_batchReceive`: this client received that message of that topic. */
export const Receipt = z
  .object({ topic: Topic, messageId: MessageId.optional(), message_id: MessageId.optional() })
  .transform((receipt, context) => {
    const messageId = receipt.messageId ?? receipt.message_id
    if (messageId === undefined) {
      context.addIssue({ code: 'custom', message: 'messageId is required', path: ['messageId'] })
      return z.NEVER
    }
    return { topic: receipt.topic, messageId }
  })
export type Receipt = z.output<typeof Receipt>

/** `irn_batchReceive` params (the relay caps their length as a batch). */
export const BatchReceiveParams = z.object({ receipts: z.array(Receipt).min(1) })

/** The params schema of each method the relay serves. */
export const Methods = {
  irn_subscribe: SubscribeParams,
  irn_batchSubscribe: BatchSubscribeParams,
  irn_unsubscribe: UnsubscribeParams,
  irn_batchUnsubscribe: BatchUnsubscribeParams,
  irn_publish: PublishParams,
  irn_batchPublish: BatchPublishParams,
  irn_batchFetchMessages: BatchSubscribeParams,
  irn_fetchMessages: FetchMessagesParams,
  irn_batchReceive: BatchReceiveParams,
  wc_proposeSession: ProposeSessionParams,
  wc_approveSession: ApproveSessionParams,
} as const

export type Method = keyof typeof Methods

/** A request of a known method with its validated params. */
export type Request = {
  [M in Method]: { kind: 'request'; id: string; method: M; params: z.output<(typeof Methods)[M]> }
}[Method]

/** What one incoming frame is. */
export type Frame =
  | Request
  /** A client's answer to a relay request (the ack of an `irn_subscription`). */
  | { kind: 'response'; id: string; ok: boolean }
  /** Not acceptable: answer with this error (`id` is `null` when unknown). */
  | { kind: 'invalid'; id: string; error: JsonRpc.ErrorObject }

/** An id: a number, a string of at most 64 characters, or null. */
function isId(id: unknown): boolean {
  return id === null || typeof id === 'number' || (typeof id === 'string' && id.length <= 64)
}

const HEX_64 = /^[0-9a-fA-F]{64}$/

/**
 * `PublishParams` checked by hand: the hot path of the relay. It accepts exactly what the zod schema
 * accepts (a property test holds them together) without building a new object; unknown members stay
 * on the object but are never read.
 */
export function publishParams(params: unknown): PublishParams | undefined {
  if (typeof params !== 'object' || params === null || Array.isArray(params)) return undefined
  const { topic, message, ttl, prompt, tag, attestation } = params as Record<string, unknown>
  if (typeof topic !== 'string' || !HEX_64.test(topic)) return undefined
  if (typeof message !== 'string' || message.length === 0) return undefined
  if (typeof ttl !== 'number' || !Number.isSafeInteger(ttl) || ttl <= 0) return undefined
  if (prompt !== undefined && typeof prompt !== 'boolean') return undefined
  if (tag !== undefined && (typeof tag !== 'number' || !Number.isSafeInteger(tag) || tag < 0))
    return undefined
  if (attestation !== undefined && (typeof attestation !== 'string' || attestation.length > 8192))
    return undefined
  return params as PublishParams
}

function describe(error: z.ZodError): string {
  const issue = error.issues[0]
  if (!issue) return 'Invalid params'
  const path = issue.path.join('.')
  return path ? `Invalid params: ${path}: ${issue.message}` : `Invalid params: ${issue.message}`
}

function invalidRequest(id: string): Frame {
  return {
    kind: 'invalid',
    id,
    error: { code: JsonRpc.ErrorCodes.invalidRequest, message: 'Invalid request' },
  }
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
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return invalidRequest('null')
  const frame = value as { id?: unknown; jsonrpc?: unknown; method?: unknown; params?: unknown }
  if (!isId(frame.id)) return invalidRequest('null')
  const id = JsonRpc.idText(frame.id, text)
  if (frame.jsonrpc !== undefined && frame.jsonrpc !== '2.0') return invalidRequest(id)
  if (frame.method === undefined) {
    if ('result' in frame) return { kind: 'response', id, ok: true }
    if ('error' in frame) return { kind: 'response', id, ok: false }
    return invalidRequest(id)
  }
  if (typeof frame.method !== 'string' || frame.method.length > 64) return invalidRequest(id)
  if (frame.method === 'irn_publish') {
    const params = publishParams(frame.params)
    if (params) return { kind: 'request', id, method: 'irn_publish', params }
  }
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
