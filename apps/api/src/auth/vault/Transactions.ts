import { type Hex, hexToBigInt, hexToNumber, type TransactionSerializable } from 'viem'
import type * as ChainRpc from './ChainRpc.js'

/** An `eth_sendTransaction` request as a dapp sends it (quantities as hex). */
export type Request = {
  from: Hex
  to?: Hex | null | undefined
  value?: Hex | undefined
  data?: Hex | undefined
  input?: Hex | undefined
  gas?: Hex | undefined
  gasPrice?: Hex | undefined
  maxFeePerGas?: Hex | undefined
  maxPriorityFeePerGas?: Hex | undefined
  nonce?: Hex | undefined
}

type Block = { baseFeePerGas?: Hex | null }

const quantity = (value: Hex | undefined) => (value === undefined ? undefined : hexToBigInt(value))

/**
 * Completes a transaction from the chain: the account's pending nonce, the gas estimate, and EIP-1559
 * fees (twice the latest base fee plus the node's priority fee) unless the request sets `gasPrice`
 * (legacy) or its own fees. What the request sets wins.
 *
 * @example
 * const tx = await Transactions.prepare(ChainRpc.create(deps.upstreams, 'eip155:31337'), 31337, request)
 */
export async function prepare(
  call: ChainRpc.Call,
  chainId: number,
  request: Request,
): Promise<TransactionSerializable> {
  const data = request.data ?? request.input
  const to = request.to ?? undefined
  const value = quantity(request.value) ?? 0n
  const [nonce, gas] = await Promise.all([
    request.nonce !== undefined
      ? hexToNumber(request.nonce)
      : call<Hex>('eth_getTransactionCount', [request.from, 'pending']).then((n) => hexToNumber(n)),
    request.gas !== undefined
      ? hexToBigInt(request.gas)
      : call<Hex>('eth_estimateGas', [
          {
            from: request.from,
            ...(to ? { to } : {}),
            value: `0x${value.toString(16)}`,
            ...(data ? { data } : {}),
          },
        ]).then((g) => hexToBigInt(g)),
  ])
  const base = { chainId, nonce, gas, value, ...(to ? { to } : {}), ...(data ? { data } : {}) }
  if (request.gasPrice !== undefined)
    return { ...base, type: 'legacy', gasPrice: hexToBigInt(request.gasPrice) }
  const block = await call<Block | null>('eth_getBlockByNumber', ['latest', false])
  if (!block?.baseFeePerGas) {
    // A chain without EIP-1559: a legacy transaction at the node's gas price.
    return { ...base, type: 'legacy', gasPrice: hexToBigInt(await call<Hex>('eth_gasPrice', [])) }
  }
  const maxPriorityFeePerGas =
    quantity(request.maxPriorityFeePerGas) ?? hexToBigInt(await call<Hex>('eth_maxPriorityFeePerGas', []))
  const maxFeePerGas =
    quantity(request.maxFeePerGas) ?? hexToBigInt(block.baseFeePerGas) * 2n + maxPriorityFeePerGas
  return {
    ...base,
    type: 'eip1559',
    maxFeePerGas,
    maxPriorityFeePerGas: maxPriorityFeePerGas > maxFeePerGas ? maxFeePerGas : maxPriorityFeePerGas,
  }
}
