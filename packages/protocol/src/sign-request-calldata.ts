import * as Fields from './sign-request-fields.js'

/** The calls of a transaction's data the approval screen decodes, and how their amounts read. */

/** An amount at or above this (2^255, including 2^256 - 1) is shown as {@link UNLIMITED}. */
export const UNLIMITED_FROM = 2n ** 255n

/** How an allowance of {@link UNLIMITED_FROM} or more reads on screen. */
export const UNLIMITED = 'Unlimited'

/** The call a transaction's data makes, when it is one the screen decodes. */
export type Call =
  | { function: 'approve'; spender: Fields.Hex; amount: bigint }
  | { function: 'transfer'; to: Fields.Hex; amount: bigint }
  | { function: 'setApprovalForAll'; operator: Fields.Hex; approved: boolean }

/** The selectors of the calls the screen decodes. */
export const SELECTORS = {
  approve: '0x095ea7b3',
  transfer: '0xa9059cbb',
  setApprovalForAll: '0xa22cb465',
} as const

const word = (data: string, index: number) => data.slice(10 + index * 64, 10 + (index + 1) * 64)
const wordAddress = (w: string) => (/^0{24}/.test(w) ? (`0x${w.slice(24)}` as Fields.Hex) : undefined)

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
  const malformed = () => Fields.invalid(Fields.REFUSALS.malformedCall(name))
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
