import * as z from 'zod/mini'
import * as Errors from './errors.js'

/**
 * EIP-5792 (Wallet Call API): `wallet_sendCalls`, `wallet_getCallsStatus`, `wallet_showCallsStatus`,
 * `wallet_getCapabilities`.
 * The request shapes the modal checks before a wallet sees them, the batch status codes, the `atomic`
 * capability's values and the EIP's error codes. One definition each, for the modal's connectors, the
 * auth frame and the test wallets.
 */

/** The EIP-5792 methods the page's provider forwards to the connected wallet. */
export const METHODS = [
  'wallet_sendCalls',
  'wallet_getCallsStatus',
  'wallet_showCallsStatus',
  'wallet_getCapabilities',
] as const
/** An EIP-5792 method. */
export type Method = (typeof METHODS)[number]

const methods: ReadonlySet<string> = new Set(METHODS)

/** Whether `method` is one of {@link METHODS}. */
export function isCallsMethod(method: unknown): method is Method {
  return typeof method === 'string' && methods.has(method)
}

/** The request version the EIP's current text defines (`wallet_sendCalls`' `version`). */
export const VERSION = '2.0.0'

/** At most this many calls in one batch: a larger one is refused with -32602 before any wallet sees it. */
export const MAX_CALLS = 100

/** Batch status codes of `wallet_getCallsStatus` (EIP-5792). */
export const STATUS = {
  /** Received by the wallet, not yet completed onchain. */
  pending: 100,
  /** Included onchain without reverts. */
  confirmed: 200,
  /** Not included onchain, and the wallet will not retry. */
  offchainFailure: 400,
  /** Reverted completely: only changes like gas fees are onchain. */
  reverted: 500,
  /** Reverted partially: some changes are onchain. */
  partiallyReverted: 600,
} as const

/** The values of the `atomic` capability (EIP-5792): per chain, what the wallet does with a batch. */
export const ATOMIC = {
  /** The wallet executes every batch atomically and contiguously. */
  supported: 'supported',
  /** The wallet can upgrade the account to execute atomically, with the user's approval. */
  ready: 'ready',
  /** The wallet gives no atomicity or contiguity guarantee. */
  unsupported: 'unsupported',
} as const
/** A value of the `atomic` capability. */
export type Atomic = (typeof ATOMIC)[keyof typeof ATOMIC]

/** EIP-5792's own error codes, with the EIP's names as messages. */
export const ERRORS = {
  unsupportedNonOptionalCapability: { code: 5700, message: 'Unsupported non-optional capability' },
  unsupportedChainId: { code: 5710, message: 'Unsupported chain id' },
  duplicateId: { code: 5720, message: 'Duplicate ID' },
  unknownBundleId: { code: 5730, message: 'Unknown bundle id' },
  bundleTooLarge: { code: 5740, message: 'Bundle too large' },
  atomicReadyUpgradeRejected: { code: 5750, message: 'Atomic-ready wallet rejected upgrade' },
  atomicityNotSupported: { code: 5760, message: 'Atomicity not supported' },
} as const

/** The EIP-5792 error `name` as an EIP-1193 provider error. */
export function error(name: keyof typeof ERRORS): Errors.ProviderRpcError {
  const { code, message } = ERRORS[name]
  return new Errors.ProviderRpcError(code, message)
}

/** Answers of a wallet that does not know a method: EIP-1193 4200, JSON-RPC -32601 (method not found). */
const UNSUPPORTED_CODES: ReadonlySet<number> = new Set([
  Errors.PROVIDER_ERRORS.unsupportedMethod.code,
  -32601,
])

/** Whether a wallet's error means it does not know the method it was sent. */
export function isUnsupportedAnswer(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'number' && UNSUPPORTED_CODES.has(code)
}

/**
 * The error the page gets when the connected wallet does not support an EIP-5792 method: 4200 with the
 * standard message (packages/protocol's errors), the method named in `data`.
 */
export function unsupported(method: string): Errors.ProviderRpcError {
  return Errors.providerError('unsupportedMethod', undefined, { method })
}

const address = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte address'))
const hex = z.string().check(z.regex(/^0x[0-9a-fA-F]*$/, 'must be a 0x-prefixed hex string'))
/** A chain id as EIP-5792 writes it: hex, 0x-prefixed, no leading zeros. */
const chainId = z.string().check(z.regex(/^0x[1-9a-fA-F][0-9a-fA-F]{0,15}$/, 'must be a hex chain id'))
/** A batch id: any string the wallet gave (the EIP allows up to 4096 bytes). */
const batchId = z.string().check(z.minLength(1), z.maxLength(8194))
const capabilities = z.optional(z.record(z.string().check(z.maxLength(100)), z.unknown()))

/** One call of a batch: `to`, `data`, `value` (hex wei), and optional capabilities of its own. */
export const Call = z.object({
  to: z.optional(address),
  data: z.optional(hex.check(z.maxLength(2 ** 20))),
  value: z.optional(hex.check(z.maxLength(66))),
  capabilities,
})
/** One call of a batch. */
export type Call = z.infer<typeof Call>

/**
 * A call's value in wei: its hex `value`, where `"0x"` (which Call accepts: any 0x-prefixed hex) and
 * a missing value are 0. The one reading of a call's value, for the vault and the approval screen.
 */
export function amount(call: Pick<Call, 'value'>): bigint {
  const value = call.value ?? '0x0'
  return value === '0x' ? 0n : BigInt(value)
}

/** `wallet_sendCalls`' one parameter (EIP-5792 version 2.0.0). */
export const SendCalls = z.object({
  version: z.string().check(z.minLength(1), z.maxLength(20)),
  id: z.optional(batchId),
  from: z.optional(address),
  chainId,
  atomicRequired: z.boolean(),
  calls: z.array(Call).check(z.minLength(1), z.maxLength(MAX_CALLS)),
  capabilities,
})
/** `wallet_sendCalls`' parameter. */
export type SendCalls = z.infer<typeof SendCalls>

/**
 * The capabilities of a `wallet_sendCalls` request (its own and each call's) that the page did not mark
 * `optional: true` and the wallet does not support: EIP-5792 has the wallet refuse such a batch with 5700.
 */
export function requiredCapabilities(
  request: Pick<SendCalls, 'capabilities' | 'calls'>,
  supported: readonly string[] = [],
): string[] {
  const required = new Set<string>()
  for (const capabilities of [request.capabilities, ...request.calls.map((call) => call.capabilities)])
    for (const [name, value] of Object.entries(capabilities ?? {}))
      if ((value as { optional?: unknown } | null)?.optional !== true && !supported.includes(name))
        required.add(name)
  return [...required]
}

/**
 * Each method's params, as the page sends them: the schema of each position, the first `required` of
 * them required. Checked position by position rather than with z.tuple, which nothing else of the
 * modal uses: zod's code sits in the modal's first-open chunk whatever chunk uses it (about 0.4 KB gz).
 */
const PARAMS: Record<Method, { items: z.ZodMiniType[]; required: number }> = {
  wallet_sendCalls: { items: [SendCalls], required: 1 },
  wallet_getCallsStatus: { items: [batchId], required: 1 },
  wallet_showCallsStatus: { items: [batchId], required: 1 },
  // viem sends [undefined] without an account (null once it crossed JSON); chain ids are optional.
  wallet_getCapabilities: {
    items: [z.nullish(address), z.array(chainId).check(z.maxLength(100))],
    required: 0,
  },
}

/**
 * Checks an EIP-5792 request's params; throws -32602 'Invalid method parameter(s).' naming the first
 * bad field in `data`. Returns the params as checked (unknown fields of the call objects dropped).
 */
export function checkParams(method: Method, params: unknown): unknown[] {
  const { items, required } = PARAMS[method]
  const refuse = (field: string, reason: string) =>
    Errors.providerError('invalidParams', undefined, { method, field, reason })
  const list = params ?? []
  if (!Array.isArray(list) || list.length < required || list.length > items.length) {
    const count = required === items.length ? `${required}` : `${required} to ${items.length}`
    throw refuse('', `must be a list of ${count} parameter(s)`)
  }
  return list.map((value, index) => {
    const parsed = z.safeParse(items[index]!, value)
    if (parsed.success) return parsed.data
    const issue = parsed.error.issues[0]
    throw refuse([index, ...(issue?.path ?? [])].join('.'), issue?.message ?? '')
  })
}
