import type * as SignRequest from '@frontdoor/protocol/sign-request'
import { Eip1559FeesNotSupportedError, type PublicClient, type TransactionSerializable } from 'viem'

/**
 * Completes a canonical transaction (SignRequest.transaction, the reading the approval screen shows)
 * from the chain through its viem client, only where the request left a field out: the account's
 * pending nonce (`getTransactionCount`), the gas estimate (`estimateGas`), and EIP-1559 fees
 * (`estimateFeesPerGas`: twice the latest base fee plus the node's priority fee, see
 * `Clients.BASE_FEE_MULTIPLIER`), or the node's gas price (`getGasPrice`) for a legacy transaction or
 * a chain without EIP-1559. What the request sets is signed as it is.
 *
 * @example
 * const tx = await Transactions.prepare(Clients.of(deps.upstreams, 'eip155:31337'), 31337, request)
 */
export async function prepare(
  client: PublicClient,
  chainId: number,
  request: SignRequest.Transaction,
): Promise<TransactionSerializable> {
  const call = {
    ...(request.to ? { to: request.to } : {}),
    value: request.value,
    ...(request.data !== '0x' ? { data: request.data } : {}),
  }
  const nonce =
    request.nonce ?? (await client.getTransactionCount({ address: request.from, blockTag: 'pending' }))
  const gas = request.gas ?? (await client.estimateGas({ account: request.from, ...call }))
  const base = { chainId, nonce, gas, ...call }
  if (request.type === 'legacy')
    return { ...base, type: 'legacy', gasPrice: request.gasPrice ?? (await client.getGasPrice()) }
  if (request.maxFeePerGas !== undefined && request.maxPriorityFeePerGas !== undefined)
    return {
      ...base,
      type: 'eip1559',
      maxFeePerGas: request.maxFeePerGas,
      maxPriorityFeePerGas: request.maxPriorityFeePerGas,
    }
  let fees: { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }
  try {
    fees = await client.estimateFeesPerGas()
  } catch (error) {
    if (!(error instanceof Eip1559FeesNotSupportedError)) throw error
    if (request.type === 'eip1559') throw new Error('the chain has no EIP-1559 base fee')
    // A chain without EIP-1559: a legacy transaction at the node's gas price.
    return { ...base, type: 'legacy', gasPrice: await client.getGasPrice() }
  }
  const maxPriorityFeePerGas = request.maxPriorityFeePerGas ?? fees.maxPriorityFeePerGas
  const maxFeePerGas = request.maxFeePerGas ?? fees.maxFeePerGas
  return {
    ...base,
    type: 'eip1559',
    maxFeePerGas,
    // biome-ignore lint/complexity/useMathMinMax: bigints, which Math.min does not take
    maxPriorityFeePerGas: maxPriorityFeePerGas > maxFeePerGas ? maxFeePerGas : maxPriorityFeePerGas,
  }
}
