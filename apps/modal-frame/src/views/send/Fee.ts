import * as BlockchainApi from '../../account/BlockchainApi.js'
import type * as SendForm from './SendForm.js'

/** A network fee estimate: gas units, the gas price and their product, in wei. */
export type Fee = { gas: bigint; gasPrice: bigint; fee: bigint }

const big = (value: unknown, what: string) => {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]+$/.test(value))
    throw new Error(`Invalid ${what}: ${String(value)}`)
  return BigInt(value)
}

/** Estimates the fee of `transaction` on `chainId` through the API's RPC proxy (eth_estimateGas, eth_gasPrice). */
export async function estimate(
  context: BlockchainApi.Context,
  chainId: number,
  transaction: SendForm.TransactionRequest,
): Promise<Fee> {
  const [gas, gasPrice] = await Promise.all([
    BlockchainApi.rpc(context, chainId, 'eth_estimateGas', [transaction]),
    BlockchainApi.rpc(context, chainId, 'eth_gasPrice', []),
  ])
  const units = big(gas, 'gas estimate')
  const price = big(gasPrice, 'gas price')
  return { gas: units, gasPrice: price, fee: units * price }
}

/** The gas a plain native transfer uses, for the 'Max' of the native coin before an estimate exists. */
export const NATIVE_TRANSFER_GAS = 21_000n
