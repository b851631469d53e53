import * as SignRequest from '@frontdoor/protocol/sign-request'
import type { TransactionSerializable } from 'viem'
import type * as ChainRpc from './ChainRpc.js'

/**
 * Completes a canonical transaction (SignRequest.transaction, the reading the approval screen shows)
 * from the chain, only where the request left a field out: the account's pending nonce, the gas
 * estimate, and EIP-1559 fees (twice the latest base fee plus the node's priority fee) or the node's
 * gas price for a legacy transaction. What the request sets is signed as it is.
 *
 * @example
 * const tx = await Transactions.prepare(ChainRpc.create(deps.upstreams, 'eip155:31337'), 31337, request)
 */
export async function prepare(
  call: ChainRpc.Call,
  chainId: number,
  request: SignRequest.Transaction,
): Promise<TransactionSerializable> {
  const filled = await SignRequest.fill(request, (method, params) => call(method, params))
  if (!SignRequest.isFilled(filled)) throw new Error('the transaction could not be completed')
  const base = {
    chainId,
    nonce: filled.nonce,
    gas: filled.gas,
    value: filled.value,
    ...(filled.to ? { to: filled.to } : {}),
    ...(filled.data !== '0x' ? { data: filled.data } : {}),
  }
  return filled.type === 'legacy'
    ? { ...base, type: 'legacy', gasPrice: filled.gasPrice }
    : {
        ...base,
        type: 'eip1559',
        maxFeePerGas: filled.maxFeePerGas,
        maxPriorityFeePerGas: filled.maxPriorityFeePerGas,
      }
}
