import * as z from 'zod/mini'
import * as Errors from './errors.js'
import * as SolanaWire from './solana-wire.js'

/**
 * What the visitor sees is what is signed: the one reading of an unsafe request that both the auth
 * frame's approval screen and the API's vault use. Each parser turns the request's params into one
 * canonical value, or throws an EIP-1193 -32602 error ({@link invalid}) for anything the screen could not
 * show faithfully: unknown fields, malformed quantities, `data` and `input` that differ, calldata of a
 * known function that is not its exact encoding, typed-data fields outside the signed types, content
 * longer than the screen shows, Solana message bytes that are a transaction.
 */

/**
 * Longest signed content, in characters of the request (a message, calldata hex, typed-data JSON, a
 * base58 Solana message): the approval screen shows all of it, so anything longer is refused.
 */
export const SIGNED_CONTENT_MAX_CHARS = 32_768

/** An amount at or above this (2^255, including 2^256 - 1) is shown as {@link UNLIMITED}. */
export const UNLIMITED_FROM = 2n ** 255n

/** How an allowance of {@link UNLIMITED_FROM} or more reads on screen. */
export const UNLIMITED = 'Unlimited'

/** The refusals, each a detail of the -32602 message. */
export const REFUSALS = {
  dataInputDiffer: 'params.0: data and input differ',
  feesMixed: 'params.0: gasPrice together with maxFeePerGas or maxPriorityFeePerGas',
  typeFees: 'params.0: the fees do not match the transaction type',
  priorityAboveMax: 'params.0: maxPriorityFeePerGas is above maxFeePerGas',
  accessList: 'params.0: access lists are not supported',
  tooLong: `the signed content is longer than ${SIGNED_CONTENT_MAX_CHARS} characters`,
  malformedCall: (name: string) => `params.0.data: not a valid ${name} call`,
  typedDataJson: 'params.1: the typed data is not JSON',
  typedDataUndeclared: (path: string) => `params.1: ${path} is not part of the signed type`,
  typedDataMissing: (path: string) => `params.1: ${path} is missing`,
  typedDataUnknownType: (type: string) => `params.1: the type ${type} is not declared`,
  typedDataValue: (path: string, what: string) => `params.1: ${path} must be ${what}`,
  solanaTransaction: 'params.message: the bytes are a Solana transaction, not a message',
  solanaBase58: 'params.message: must be base58',
  otherChain: (named: number | string, active: number) =>
    `params.0.chainId: ${named} is not the active chain ${active}`,
} as const

/**
 * The -32602 error of a refused request: 'Invalid method parameter(s). <detail>'.
 * @example throw SignRequest.invalid(SignRequest.REFUSALS.dataInputDiffer)
 */
export function invalid(detail: string): Errors.ProviderRpcError {
  return Errors.providerError('invalidParams', `${Errors.PROVIDER_ERRORS.invalidParams.message} ${detail}`)
}

/** Whether `error` is a refusal of this module (or any -32602). */
export function isInvalid(error: unknown): error is Errors.ProviderRpcError {
  return error instanceof Errors.ProviderRpcError && error.code === Errors.PROVIDER_ERRORS.invalidParams.code
}

/** A 0x-prefixed hex string. */
export type Hex = `0x${string}`

const ADDRESS = /^0x[0-9a-fA-F]{40}$/
const QUANTITY = /^0x[0-9a-fA-F]{1,64}$/
const BYTES = /^0x(?:[0-9a-fA-F]{2})*$/

const Address = z.string({ error: 'must be an address' }).check(z.regex(ADDRESS, 'must be an address'))
const Quantity = z
  .string({ error: 'must be a 0x quantity' })
  .check(z.regex(QUANTITY, 'must be a 0x quantity of at most 256 bits'))
const Bytes = z
  .string({ error: 'must be 0x-hex bytes' })
  .check(z.regex(BYTES, 'must be 0x-hex bytes'), z.maxLength(SIGNED_CONTENT_MAX_CHARS, REFUSALS.tooLong))

/** `eth_sendTransaction`'s one param as a dapp may send it; any other field is refused. */
export const TransactionRequest = z.strictObject({
  from: Address,
  to: z.optional(z.nullable(Address)),
  value: z.optional(Quantity),
  data: z.optional(Bytes),
  input: z.optional(Bytes),
  gas: z.optional(Quantity),
  gasPrice: z.optional(Quantity),
  maxFeePerGas: z.optional(Quantity),
  maxPriorityFeePerGas: z.optional(Quantity),
  nonce: z.optional(Quantity),
  chainId: z.optional(Quantity),
  type: z.optional(z.enum(['0x0', '0x2'], { error: 'must be 0x0 (legacy) or 0x2 (EIP-1559)' })),
  accessList: z.optional(z.array(z.unknown(), { error: 'must be an array' })),
})

/** The fields the chain may fill when the request leaves them out; the screen marks them estimated. */
export type Estimable = 'nonce' | 'gas' | 'fees'

/** The canonical transaction of an `eth_sendTransaction` request: what the vault signs. */
export type Transaction = {
  from: Hex
  /** Undefined for a contract creation. */
  to?: Hex | undefined
  value: bigint
  /** '0x' when the request has none. */
  data: Hex
  gas?: bigint | undefined
  nonce?: number | undefined
  chainId?: number | undefined
  /** Set when the request names its type or its fees. */
  type?: 'legacy' | 'eip1559' | undefined
  gasPrice?: bigint | undefined
  maxFeePerGas?: bigint | undefined
  maxPriorityFeePerGas?: bigint | undefined
}

/** A transaction with every field the vault signs, and which of them the chain estimated. */
export type FilledTransaction = Omit<Transaction, 'gas' | 'nonce' | 'type'> & {
  gas: bigint
  nonce: number
} & (
    | { type: 'legacy'; gasPrice: bigint }
    | { type: 'eip1559'; maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }
  ) & { estimated: Estimable[] }

function parse<T extends z.ZodMiniType>(schema: T, value: unknown, prefix: string): z.infer<T> {
  const result = z.safeParse(schema, value)
  if (result.success) return result.data
  const issue = result.error.issues[0]
  const path = [prefix, ...(issue?.path ?? []).map(String)].filter(Boolean).join('.')
  const message =
    issue?.code === 'unrecognized_keys'
      ? `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.join(', ')}`
      : (issue?.message ?? 'invalid')
  throw invalid(`${path}: ${message}`)
}

const safeNumber = (hex: string, field: string) => {
  const value = BigInt(hex)
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw invalid(`params.0.${field}: too large`)
  return Number(value)
}

/**
 * The canonical transaction of `eth_sendTransaction` params (`[request]`).
 * @example
 * SignRequest.transaction([{ from, to, input: '0x095ea7b3…' }]) // { from, to, value: 0n, data: '0x095ea7b3…' }
 */
export function transaction(params: unknown): Transaction {
  const [request] = parse(z.tuple([TransactionRequest]), params, 'params')
  const { data, input } = request
  if (data !== undefined && input !== undefined && data.toLowerCase() !== input.toLowerCase())
    throw invalid(REFUSALS.dataInputDiffer)
  if (request.accessList && request.accessList.length > 0) throw invalid(REFUSALS.accessList)
  const legacyFee = request.gasPrice !== undefined
  const eip1559Fee = request.maxFeePerGas !== undefined || request.maxPriorityFeePerGas !== undefined
  if (legacyFee && eip1559Fee) throw invalid(REFUSALS.feesMixed)
  const type =
    request.type === '0x0' ? 'legacy' : request.type === '0x2' ? 'eip1559' : legacyFee ? 'legacy' : undefined
  if ((type === 'legacy' && eip1559Fee) || (request.type === '0x2' && legacyFee))
    throw invalid(REFUSALS.typeFees)
  const tx: Transaction = {
    from: request.from as Hex,
    value: request.value === undefined ? 0n : BigInt(request.value),
    data: ((data ?? input)?.toLowerCase() ?? '0x') as Hex,
  }
  if (request.to) tx.to = request.to as Hex
  if (request.gas !== undefined) tx.gas = BigInt(request.gas)
  if (request.nonce !== undefined) tx.nonce = safeNumber(request.nonce, 'nonce')
  if (request.chainId !== undefined) tx.chainId = safeNumber(request.chainId, 'chainId')
  if (type ?? eip1559Fee) tx.type = type ?? 'eip1559'
  if (request.gasPrice !== undefined) tx.gasPrice = BigInt(request.gasPrice)
  if (request.maxFeePerGas !== undefined) tx.maxFeePerGas = BigInt(request.maxFeePerGas)
  if (request.maxPriorityFeePerGas !== undefined)
    tx.maxPriorityFeePerGas = BigInt(request.maxPriorityFeePerGas)
  if (
    tx.maxFeePerGas !== undefined &&
    tx.maxPriorityFeePerGas !== undefined &&
    tx.maxPriorityFeePerGas > tx.maxFeePerGas
  )
    throw invalid(REFUSALS.priorityAboveMax)
  // What the screen will show of the call: a known function must be exactly its encoding.
  call(tx.data)
  return tx
}

const hex = (value: bigint) => `0x${value.toString(16)}` as Hex

/**
 * The transaction as `eth_sendTransaction` params again (hex quantities), e.g. to send the screen's
 * filled transaction to the vault.
 */
export function toRequest(tx: Transaction): Record<string, string> {
  const request: Record<string, string> = { from: tx.from, value: hex(tx.value) }
  if (tx.to) request.to = tx.to
  if (tx.data !== '0x') request.data = tx.data
  if (tx.gas !== undefined) request.gas = hex(tx.gas)
  if (tx.nonce !== undefined) request.nonce = hex(BigInt(tx.nonce))
  if (tx.chainId !== undefined) request.chainId = hex(BigInt(tx.chainId))
  if (tx.type !== undefined) request.type = tx.type === 'legacy' ? '0x0' : '0x2'
  if (tx.gasPrice !== undefined) request.gasPrice = hex(tx.gasPrice)
  if (tx.maxFeePerGas !== undefined) request.maxFeePerGas = hex(tx.maxFeePerGas)
  if (tx.maxPriorityFeePerGas !== undefined) request.maxPriorityFeePerGas = hex(tx.maxPriorityFeePerGas)
  return request
}

/** One JSON-RPC call to the transaction's chain (the API's upstreams, or the frame's RPC proxy). */
export type ChainCall = (method: string, params: unknown[]) => Promise<unknown>

const quantityOf = (value: unknown, method: string): bigint => {
  if (typeof value !== 'string' || !QUANTITY.test(value))
    throw new Error(`${method} answered ${String(value)}`)
  return BigInt(value)
}

/** Which fields {@link fill} may take from the chain (all by default). */
export type FillOptions = { only?: Estimable[] }

/**
 * Completes `tx` from the chain, only where the request left a field out: the account's pending nonce,
 * the gas estimate, and EIP-1559 fees (twice the latest base fee plus the node's priority fee) or, for a
 * legacy transaction or a chain without base fee, the node's gas price. The result lists what it
 * estimated, for the screen to say so.
 *
 * @example
 * const filled = await SignRequest.fill(tx, (method, params) => api.rpc(projectId, chainId, method, params))
 */
export async function fill(tx: Transaction, call: ChainCall, options: FillOptions = {}) {
  const may = (field: Estimable) => options.only === undefined || options.only.includes(field)
  const estimated: Estimable[] = []
  const nonce =
    tx.nonce ??
    (may('nonce')
      ? Number(
          quantityOf(await call('eth_getTransactionCount', [tx.from, 'pending']), 'eth_getTransactionCount'),
        )
      : undefined)
  if (tx.nonce === undefined && nonce !== undefined) estimated.push('nonce')
  const gas =
    tx.gas ??
    (may('gas')
      ? quantityOf(
          await call('eth_estimateGas', [
            {
              from: tx.from,
              ...(tx.to ? { to: tx.to } : {}),
              value: hex(tx.value),
              ...(tx.data !== '0x' ? { data: tx.data } : {}),
            },
          ]),
          'eth_estimateGas',
        )
      : undefined)
  if (tx.gas === undefined && gas !== undefined) estimated.push('gas')
  const filled = { ...tx, ...(nonce === undefined ? {} : { nonce }), ...(gas === undefined ? {} : { gas }) }
  const feesGiven =
    tx.type === 'legacy'
      ? tx.gasPrice !== undefined
      : tx.maxFeePerGas !== undefined && tx.maxPriorityFeePerGas !== undefined
  if (feesGiven || !may('fees')) return { ...filled, estimated } as Transaction & { estimated: Estimable[] }
  estimated.push('fees')
  if (tx.type === 'legacy')
    return {
      ...filled,
      gasPrice: quantityOf(await call('eth_gasPrice', []), 'eth_gasPrice'),
      estimated,
    }
  const block = (await call('eth_getBlockByNumber', ['latest', false])) as { baseFeePerGas?: unknown } | null
  if (!block?.baseFeePerGas) {
    if (tx.type === 'eip1559') throw new Error('the chain has no EIP-1559 base fee')
    // A chain without EIP-1559: a legacy transaction at the node's gas price.
    return {
      ...filled,
      type: 'legacy' as const,
      gasPrice: quantityOf(await call('eth_gasPrice', []), 'eth_gasPrice'),
      estimated,
    }
  }
  const maxPriorityFeePerGas =
    tx.maxPriorityFeePerGas ??
    quantityOf(await call('eth_maxPriorityFeePerGas', []), 'eth_maxPriorityFeePerGas')
  const maxFeePerGas =
    tx.maxFeePerGas ?? quantityOf(block.baseFeePerGas, 'eth_getBlockByNumber') * 2n + maxPriorityFeePerGas
  return {
    ...filled,
    type: 'eip1559' as const,
    maxFeePerGas,
    maxPriorityFeePerGas: maxPriorityFeePerGas > maxFeePerGas ? maxFeePerGas : maxPriorityFeePerGas,
    estimated,
  }
}

/** Whether a result of {@link fill} has every field to be signed. */
export function isFilled(tx: Transaction & { estimated?: Estimable[] }): tx is FilledTransaction {
  return (
    tx.gas !== undefined &&
    tx.nonce !== undefined &&
    (tx.type === 'legacy'
      ? tx.gasPrice !== undefined
      : tx.type === 'eip1559' && tx.maxFeePerGas !== undefined && tx.maxPriorityFeePerGas !== undefined)
  )
}

/** The most the transaction can cost in fees, in wei: gas x gasPrice (or maxFeePerGas). */
export function maxFee(tx: Transaction): bigint | undefined {
  const perGas = tx.type === 'legacy' ? tx.gasPrice : tx.maxFeePerGas
  return tx.gas === undefined || perGas === undefined ? undefined : tx.gas * perGas
}

/** The call a transaction's data makes, when it is one the screen decodes. */
export type Call =
  | { function: 'approve'; spender: Hex; amount: bigint }
  | { function: 'transfer'; to: Hex; amount: bigint }
  | { function: 'setApprovalForAll'; operator: Hex; approved: boolean }

/** The selectors of the calls the screen decodes. */
export const SELECTORS = {
  approve: '0x095ea7b3',
  transfer: '0xa9059cbb',
  setApprovalForAll: '0xa22cb465',
} as const

const word = (data: string, index: number) => data.slice(10 + index * 64, 10 + (index + 1) * 64)
const wordAddress = (w: string) => (/^0{24}/.test(w) ? (`0x${w.slice(24)}` as Hex) : undefined)

/**
 * Decodes calldata of ERC-20 `approve(spender, amount)` and `transfer(to, amount)` and NFT
 * `setApprovalForAll(operator, approved)`; undefined for other data. Data with one of those selectors
 * that is not exactly its encoding is refused (a contract would still run it).
 * @example SignRequest.call('0x095ea7b3…') // { function: 'approve', spender: '0x…', amount: 2n ** 256n - 1n }
 */
export function call(data: string): Call | undefined {
  const selector = data.slice(0, 10).toLowerCase()
  const name = (Object.keys(SELECTORS) as (keyof typeof SELECTORS)[]).find(
    (key) => SELECTORS[key] === selector,
  )
  if (!name) return undefined
  const malformed = () => invalid(REFUSALS.malformedCall(name))
  if (data.length !== 10 + 2 * 64) throw malformed()
  const first = wordAddress(word(data, 0))
  if (!first) throw malformed()
  const second = BigInt(`0x${word(data, 1)}`)
  if (name === 'setApprovalForAll') {
    if (second > 1n) throw malformed()
    return { function: name, operator: first, approved: second === 1n }
  }
  return name === 'approve'
    ? { function: name, spender: first, amount: second }
    : { function: name, to: first, amount: second }
}

/** Whether an allowance reads {@link UNLIMITED}. */
export function isUnlimited(amount: bigint): boolean {
  return amount >= UNLIMITED_FROM
}

/** An EIP-712 field. */
export type TypedField = { name: string; type: string }

/** `eth_signTypedData_v4` typed data, checked against its declared types. */
export type TypedData = {
  types: Record<string, TypedField[]>
  primaryType: string
  domain: Record<string, unknown>
  message: Record<string, unknown>
}

const TypedDataShape = z.strictObject({
  types: z.record(z.string(), z.array(z.strictObject({ name: z.string(), type: z.string() }))),
  primaryType: z.string(),
  domain: z.optional(z.record(z.string(), z.unknown())),
  message: z.record(z.string(), z.unknown()),
})

// Pure: a bundle that uses none of this module's typed-data checks drops it, and with it zod's tuple
// (the modal's lazy WalletConnect Solana check put $ZodTuple in its first-open chunks, 0.5 KB gz).
const TYPED_DATA_PARAMS = /* @__PURE__ */ z.tuple([Address, /* @__PURE__ */ z.unknown()])

/** The EIP-712 domain fields, in their canonical order (viem's order when EIP712Domain is not declared). */
export const DOMAIN_FIELDS = ['name', 'version', 'chainId', 'verifyingContract', 'salt'] as const

/** The type of each domain field when the typed data does not declare EIP712Domain (EIP-712's, viem's). */
const DOMAIN_TYPES: Record<(typeof DOMAIN_FIELDS)[number], string> = {
  name: 'string',
  version: 'string',
  chainId: 'uint256',
  verifyingContract: 'address',
  salt: 'bytes32',
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * The struct type `name` declares, looked up among the typed data's own keys only: with `in` or a
 * plain index, a type named `toString`, `constructor` or `hasOwnProperty` found Object.prototype's
 * function and the check threw a TypeError (a 500 at the vault, -32603 in the frame).
 */
function ownType(types: Record<string, TypedField[]>, name: string): TypedField[] | undefined {
  return Object.hasOwn(types, name) ? types[name] : undefined
}

/** Every key of `value` is a declared field of `type`, and every declared field is there (recursively). */
function checkStruct(types: Record<string, TypedField[]>, type: string, value: unknown, path: string) {
  const fields = ownType(types, type)
  if (!fields) throw invalid(REFUSALS.typedDataUnknownType(type))
  if (!isRecord(value)) throw invalid(`params.1: ${path} must be an object`)
  const declared = new Set(fields.map((field) => field.name))
  for (const key of Object.keys(value))
    if (!declared.has(key)) throw invalid(REFUSALS.typedDataUndeclared(`${path}.${key}`))
  for (const field of fields) {
    if (!Object.hasOwn(value, field.name)) throw invalid(REFUSALS.typedDataMissing(`${path}.${field.name}`))
    checkValue(types, field.type, value[field.name], `${path}.${field.name}`)
  }
}

const INTEGER_TYPE = /^(u?)int(\d{1,3})$/
const BYTES_TYPE = /^bytes(\d{1,2})$/
const DECIMAL = /^-?\d+$/
const HEX = /^0x[0-9a-fA-F]+$/

/** The integer of an EIP-712 uintN/intN value (a safe-integer number, decimal or 0x-hex), if it is one. */
function integerOf(value: unknown): bigint | undefined {
  if (typeof value === 'bigint') return value
  if (typeof value === 'number') return Number.isSafeInteger(value) ? BigInt(value) : undefined
  if (typeof value === 'string' && (DECIMAL.test(value) || HEX.test(value))) return BigInt(value)
  return undefined
}

/**
 * Every value is of its declared type, as a JS value of that type: viem hashes what it is given (a
 * `string` given as bytes hashes as the string they encode), so a value of another kind would sign what
 * the screen does not show, or pass a check made on its JS form (e.g. a domain name compared as a string).
 */
function checkValue(types: Record<string, TypedField[]>, type: string, value: unknown, path: string) {
  const array = /^(.*)\[(\d*)\]$/.exec(type)
  if (array) {
    if (!Array.isArray(value)) throw invalid(REFUSALS.typedDataValue(path, 'an array'))
    if (array[2] !== '' && value.length !== Number(array[2]))
      throw invalid(REFUSALS.typedDataValue(path, `an array of ${array[2]}`))
    for (const [index, item] of value.entries()) checkValue(types, array[1]!, item, `${path}[${index}]`)
    return
  }
  if (ownType(types, type)) return checkStruct(types, type, value, path)
  const fail = (what: string) => invalid(REFUSALS.typedDataValue(path, what))
  if (type === 'string') {
    if (typeof value !== 'string') throw fail('a string')
  } else if (type === 'address') {
    if (typeof value !== 'string' || !ADDRESS.test(value)) throw fail('an address')
  } else if (type === 'bool') {
    if (typeof value !== 'boolean') throw fail('a boolean')
  } else if (type === 'bytes') {
    if (typeof value !== 'string' || !BYTES.test(value)) throw fail('0x-hex bytes')
  } else if (INTEGER_TYPE.test(type)) {
    const [, unsigned, bits] = INTEGER_TYPE.exec(type)!
    const size = Number(bits)
    if (size % 8 !== 0 || size < 8 || size > 256) throw invalid(REFUSALS.typedDataUnknownType(type))
    const integer = integerOf(value)
    const [min, max] = unsigned
      ? [0n, 2n ** BigInt(size)]
      : [-(2n ** BigInt(size - 1)), 2n ** BigInt(size - 1)]
    if (integer === undefined || integer < min || integer >= max) throw fail(`an integer of ${type}`)
  } else if (BYTES_TYPE.test(type)) {
    const size = Number(BYTES_TYPE.exec(type)![1])
    if (size < 1 || size > 32) throw invalid(REFUSALS.typedDataUnknownType(type))
    if (typeof value !== 'string' || !BYTES.test(value) || value.length !== 2 + 2 * size)
      throw fail(`${size} bytes of 0x-hex`)
  } else throw invalid(REFUSALS.typedDataUnknownType(type))
}

/**
 * The typed data of `eth_signTypedData_v4` params (`[address, typedData]`, the typed data as JSON or an
 * object), refused when the message or domain holds keys that are not part of the signed types (viem's
 * hashTypedData ignores them: the screen would show what is not signed) or misses declared ones.
 */
export function typedData(params: unknown): { address: Hex; typedData: TypedData } {
  const [address, raw] = parse(TYPED_DATA_PARAMS, params, 'params')
  let json: unknown = raw
  const length =
    typeof raw === 'string'
      ? raw.length
      : (JSON.stringify(raw, (_, v) => (typeof v === 'bigint' ? v.toString() : v))?.length ?? 0)
  if (length > SIGNED_CONTENT_MAX_CHARS) throw invalid(REFUSALS.tooLong)
  if (typeof raw === 'string') {
    try {
      json = JSON.parse(raw)
    } catch {
      throw invalid(REFUSALS.typedDataJson)
    }
  }
  const shape = parse(TypedDataShape, json, 'params.1')
  const domain = shape.domain ?? {}
  const { EIP712Domain, ...types } = shape.types
  const domainFields: TypedField[] =
    EIP712Domain ??
    DOMAIN_FIELDS.filter((name) => Object.hasOwn(domain, name)).map((name) => ({
      name,
      type: DOMAIN_TYPES[name],
    }))
  checkStruct({ ...types, EIP712Domain: domainFields }, 'EIP712Domain', domain, 'domain')
  checkStruct(types, shape.primaryType, shape.message, 'message')
  return {
    address: address as Hex,
    typedData: { types: shape.types, primaryType: shape.primaryType, domain, message: shape.message },
  }
}

/** An EIP-2612 permit: who may spend how much until when. */
export type Permit = { spender: string; value: bigint; deadline: bigint }

/** The EIP-2612 `Permit` of typed data (primary type Permit with spender, value and deadline), if it is one. */
export function permit(data: TypedData): Permit | undefined {
  if (data.primaryType !== 'Permit') return undefined
  const fields = ownType(data.types, 'Permit') ?? []
  const typeOf = (name: string) => fields.find((field) => field.name === name)?.type
  if (typeOf('spender') !== 'address' || typeOf('value') !== 'uint256' || typeOf('deadline') !== 'uint256')
    return undefined
  const { spender, value, deadline } = data.message
  try {
    return { spender: String(spender), value: BigInt(String(value)), deadline: BigInt(String(deadline)) }
  } catch {
    return undefined
  }
}

/**
 * The message of `personal_sign` params (`[message, address]`), at most {@link SIGNED_CONTENT_MAX_CHARS}.
 */
export function personalMessage(params: unknown): { message: string; address: Hex } {
  const [message, address] = parse(
    z.tuple([z.string().check(z.maxLength(SIGNED_CONTENT_MAX_CHARS, REFUSALS.tooLong)), Address]),
    params,
    'params',
  )
  return { message, address: address as Hex }
}

const WHOLE_BYTES_HEX = /^0x(?:[0-9a-fA-F]{2})*$/

/**
 * The bytes a `personal_sign` of `message` signs (EIP-191): 0x-hex of whole bytes is those bytes, any
 * other message its UTF-8. The vault signs exactly these; the EOA's refusals count them.
 * @example SignRequest.personalMessageBytes('0xabcd') // Uint8Array [0xab, 0xcd]
 */
export function personalMessageBytes(message: string): Uint8Array {
  if (!WHOLE_BYTES_HEX.test(message)) return new TextEncoder().encode(message)
  const bytes = new Uint8Array((message.length - 2) / 2)
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(message.slice(2 + 2 * i, 4 + 2 * i), 16)
  return bytes
}

/**
 * Whether `bytes` parse fully as a Solana transaction message (legacy or v0) or a whole serialized
 * transaction (signatures, then a message): signing such bytes as a "message" would sign a transaction.
 * The reading is solana-wire's, the one solana-transaction parses the transactions it signs with.
 */
export const isSolanaTransaction = SolanaWire.isTransaction

/** The message bytes of `solana_signMessage`, refused when they are a transaction. */
export function solanaMessage(bytes: Uint8Array): Uint8Array {
  if (isSolanaTransaction(bytes)) throw invalid(REFUSALS.solanaTransaction)
  return bytes
}

/** The base58 message of `solana_signMessage` params at most {@link SIGNED_CONTENT_MAX_CHARS} long. */
export function solanaParams(params: unknown): { message: string; pubkey: string } {
  return parse(
    z.strictObject({
      message: z.string().check(z.maxLength(SIGNED_CONTENT_MAX_CHARS, REFUSALS.tooLong)),
      pubkey: z.string().check(z.maxLength(64)),
    }),
    params,
    'params',
  )
}
