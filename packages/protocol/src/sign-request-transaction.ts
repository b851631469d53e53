import * as z from 'zod/mini'
import * as Calldata from './sign-request-calldata.js'
import * as Fields from './sign-request-fields.js'

/** `eth_sendTransaction`: its one canonical transaction, filled from the chain where the request left fields out. */

/** `eth_sendTransaction`'s one param as a dapp may send it; any other field is refused. */
export const TransactionRequest = z.strictObject({
  from: Fields.Address,
  to: z.optional(z.nullable(Fields.Address)),
  value: z.optional(Fields.Quantity),
  data: z.optional(Fields.Bytes),
  input: z.optional(Fields.Bytes),
  gas: z.optional(Fields.Quantity),
  gasPrice: z.optional(Fields.Quantity),
  maxFeePerGas: z.optional(Fields.Quantity),
  maxPriorityFeePerGas: z.optional(Fields.Quantity),
  nonce: z.optional(Fields.Quantity),
  chainId: z.optional(Fields.Quantity),
  type: z.optional(z.enum(['0x0', '0x2'], { error: 'must be 0x0 (legacy) or 0x2 (EIP-1559)' })),
  accessList: z.optional(z.array(z.unknown(), { error: 'must be an array' })),
})

/** The fields the chain may fill when the request leaves them out; the screen marks them estimated. */
export type Estimable = 'nonce' | 'gas' | 'fees'

/** The canonical transaction of an `eth_sendTransaction` request: what the vault signs. */
export type Transaction = {
  from: Fields.Hex
  /** Undefined for a contract creation. */
  to?: Fields.Hex | undefined
  value: bigint
  /** '0x' when the request has none. */
  data: Fields.Hex
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

const safeNumber = (hex: string, field: string) => {
  const value = BigInt(hex)
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw Fields.invalid(`params.0.${field}: too large`)
  return Number(value)
}

/**
 * The canonical transaction of `eth_sendTransaction` params (`[request]`).
 * @example
 * SignRequest.transaction([{ from, to, input: '0x095ea7b3…' }]) // { from, to, value: 0n, data: '0x095ea7b3…' }
 */
export function transaction(params: unknown): Transaction {
  const [request] = Fields.parse(z.tuple([TransactionRequest]), params, 'params')
  const { data, input } = request
  if (data !== undefined && input !== undefined && data.toLowerCase() !== input.toLowerCase())
    throw Fields.invalid(Fields.REFUSALS.dataInputDiffer)
  if (request.accessList && request.accessList.length > 0) throw Fields.invalid(Fields.REFUSALS.accessList)
  const legacyFee = request.gasPrice !== undefined
  const eip1559Fee = request.maxFeePerGas !== undefined || request.maxPriorityFeePerGas !== undefined
  if (legacyFee && eip1559Fee) throw Fields.invalid(Fields.REFUSALS.feesMixed)
  const type =
    request.type === '0x0' ? 'legacy' : request.type === '0x2' ? 'eip1559' : legacyFee ? 'legacy' : undefined
  if ((type === 'legacy' && eip1559Fee) || (request.type === '0x2' && legacyFee))
    throw Fields.invalid(Fields.REFUSALS.typeFees)
  const tx: Transaction = {
    from: request.from as Fields.Hex,
    value: request.value === undefined ? 0n : BigInt(request.value),
    data: ((data ?? input)?.toLowerCase() ?? '0x') as Fields.Hex,
  }
  if (request.to) tx.to = request.to as Fields.Hex
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
    throw Fields.invalid(Fields.REFUSALS.priorityAboveMax)
  // What the screen will show of the call: a known function must be exactly its encoding.
  Calldata.call(tx.data)
  return tx
}

const hex = (value: bigint) => `0x${value.toString(16)}` as Fields.Hex

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
  if (typeof value !== 'string' || !Fields.QUANTITY.test(value))
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
