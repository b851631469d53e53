import { encodeFunctionData, toHex } from 'viem/utils'

/**
 * The transaction that moves an amount of a coin or token from the account to someone: a plain value
 * transfer for the native coin, an ERC-20 `transfer` call otherwise. Send and Pay both build theirs here.
 */

/** An `eth_sendTransaction` request. */
export type TransactionRequest = {
  from: `0x${string}`
  to: `0x${string}`
  value: `0x${string}`
  data?: `0x${string}`
}

const TRANSFER = [
  {
    type: 'function',
    name: 'transfer',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'to', type: 'address' },
      { name: 'amount', type: 'uint256' },
    ],
    outputs: [{ name: '', type: 'bool' }],
  },
] as const

/**
 * The transaction sending `units` (base units) of `contract` (undefined: the native coin) from `from`
 * to `to`.
 *
 * @example
 * Transfer.transaction({ contract: FUSD, units: 5_000_000n, from, to }) // { to: FUSD, value: '0x0', data: transfer(to, 5e6) }
 */
export function transaction(options: {
  contract: string | undefined
  units: bigint
  from: string
  to: string
}): TransactionRequest {
  const from = options.from as `0x${string}`
  const to = options.to as `0x${string}`
  if (!options.contract) return { from, to, value: toHex(options.units) }
  return {
    from,
    to: options.contract as `0x${string}`,
    value: '0x0',
    data: encodeFunctionData({ abi: TRANSFER, functionName: 'transfer', args: [to, options.units] }),
  }
}
