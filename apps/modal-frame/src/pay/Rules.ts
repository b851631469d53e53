/**
 * Pay's rules that need the asset (its decimals) and the errors a payment rejects with, in the words the
 * page reads. Only the modal's lazy Pay chunk carries them; the request's shape is packages/protocol's
 * `Pay.PayRequest`.
 */

/** The decimals of an eip155 network's coin: transaction values are in wei (10^-18). */
export const NATIVE_DECIMALS = 18

/** The page asked for a payment while the project's `payments` feature is off. */
export const PAYMENTS_OFF = 'Cannot pay: the payments feature is off'
/** A second payment while one waits for the visitor. */
export const PAYMENT_PENDING = 'Cannot pay: another payment is waiting for the visitor'
/** The amount is zero. */
export const AMOUNT_NOT_POSITIVE = 'Invalid params for "pay": params.amount: must be above 0'
/** The recipient's mixed-case address fails its EIP-55 checksum. */
export const RECIPIENT_CHECKSUM = 'Invalid params for "pay": params.recipient: invalid EIP-55 checksum'
/** The payment went out but no receipt came in time. */
export const NOT_CONFIRMED = 'The payment was sent but not confirmed in time'

/** The asset is not an ERC-20 contract on the network (no code, or no `decimals()`/`symbol()`). */
export const unknownAsset = (asset: string, network: string) =>
  `Invalid params for "pay": params.asset: ${asset} is not a token on ${network}`

/** The amount has more decimals than the asset. */
export const tooManyDecimals = (symbol: string, decimals: number) =>
  `Invalid params for "pay": params.amount: ${symbol} has ${decimals} decimals`

/**
 * The amount (a decimal string `Pay.PayRequest` accepted) in the asset's base units, or the error for
 * the page: more decimals than the asset has, or zero.
 *
 * @example
 * Rules.amountUnits('5', { symbol: 'FUSD', decimals: 6 }) // 5000000n
 * Rules.amountUnits('0.0000001', { symbol: 'FUSD', decimals: 6 }) // 'Invalid params ... FUSD has 6 decimals'
 */
export function amountUnits(amount: string, asset: { symbol: string; decimals: number }): bigint | string {
  const [whole = '', fraction = ''] = amount.split('.')
  if (fraction.length > asset.decimals) return tooManyDecimals(asset.symbol, asset.decimals)
  const units = BigInt(whole + fraction.padEnd(asset.decimals, '0'))
  return units > 0n ? units : AMOUNT_NOT_POSITIVE
}
