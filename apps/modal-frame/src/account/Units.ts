import { parseUnits } from 'viem/utils'

/**
 * Amounts as the visitor types them (the Send and Swap forms), in a token's base units. The way back
 * is viem's `formatUnits`.
 */

/** An amount above the balance (Send, Swap and Pay). */
export const INSUFFICIENT_BALANCE = 'Insufficient balance'

const DECIMAL = /^\d*\.?\d*$/

/**
 * A typed decimal string in base units: more decimals than the token has are cut; undefined when it is
 * no plain decimal number.
 *
 * @example
 * Units.parse('1.1234567', 6) // 1123456n
 */
export function parse(amount: string, decimals: number): bigint | undefined {
  const trimmed = amount.trim()
  if (!trimmed || !DECIMAL.test(trimmed) || trimmed === '.') return undefined
  const [whole = '', fraction = ''] = trimmed.split('.')
  return parseUnits(`${whole || '0'}.${fraction.slice(0, decimals) || '0'}`, decimals)
}

/**
 * A typed amount in base units, refused (undefined) when it has more decimals than the token has (zeros
 * at the end aside): what
 * the visitor sends is exactly what they typed.
 *
 * @example
 * Units.parseExact('1.1234567', 6) // undefined
 */
export function parseExact(amount: string, decimals: number): bigint | undefined {
  const fraction = (amount.trim().split('.')[1] ?? '').replace(/0+$/, '')
  return fraction.length > decimals ? undefined : parse(amount, decimals)
}
