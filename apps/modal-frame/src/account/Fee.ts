import * as Chain from '../chain/Chain.js'
import type * as Transfer from './Transfer.js'

/** A network fee estimate (EIP-1559): gas units, the most paid per gas and their product, in wei. */
export type Fee = { gas: bigint; maxFeePerGas: bigint; fee: bigint }

/** The gas a plain native transfer uses, for the 'Max' of the native coin before an estimate exists. */
const NATIVE_TRANSFER_GAS = 21_000n

/** Estimates the fee of `transaction` on `chainId` (the chain client: `estimateGas`, `estimateFeesPerGas`). */
export async function estimate(
  context: Chain.Context,
  chainId: number,
  transaction: Transfer.TransactionRequest,
): Promise<Fee> {
  const client = Chain.client(context, chainId)
  const [gas, fees] = await Promise.all([
    client.estimateGas({
      account: transaction.from,
      to: transaction.to,
      value: BigInt(transaction.value),
      ...(transaction.data ? { data: transaction.data } : {}),
    }),
    client.estimateFeesPerGas(),
  ])
  return { gas, maxFeePerGas: fees.maxFeePerGas, fee: gas * fees.maxFeePerGas }
}

/** The most a plain native transfer may cost on `chainId` now: 21,000 gas at the max fee per gas. */
export async function nativeTransferFee(context: Chain.Context, chainId: number): Promise<bigint> {
  const fees = await Chain.client(context, chainId).estimateFeesPerGas()
  return fees.maxFeePerGas * NATIVE_TRANSFER_GAS
}
