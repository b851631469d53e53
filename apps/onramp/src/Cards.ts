/**
 * The sandbox's test cards: what each does when paid with. Any expiry in the future and any 3-digit
 * CVC work; any other number is refused as no test card.
 */

/** What paying with a card does. */
export type Outcome = 'succeeds' | 'declined' | 'confirm'

/** The test cards, by number (digits only), with what they do and how the checkout page lists them. */
export const TEST_CARDS = {
  '4242424242424242': { outcome: 'succeeds', label: 'Succeeds' },
  '4000000000000002': { outcome: 'declined', label: 'Declined' },
  '4000002760003184': { outcome: 'confirm', label: 'Asks for a confirmation (3-D Secure)' },
} as const satisfies Record<string, { outcome: Outcome; label: string }>

/** The error of a declined card, shown on the checkout page. */
export const DECLINED = 'Your card was declined. Use another card.'

/** The error of a number that is no test card. */
export const NOT_A_TEST_CARD = 'This is a sandbox: pay with one of the test cards listed below.'

/** The error of an expiry that is not MM/YY in the future. */
export const BAD_EXPIRY = 'Enter the expiry date as MM/YY, in the future.'

/** The error of a CVC that is not 3 digits. */
export const BAD_CVC = 'Enter the 3-digit security code.'

/** The failure reason of a confirmation the buyer cancelled. */
export const CONFIRMATION_CANCELLED = 'The payment was not confirmed.'

/** A card as the checkout form sends it. */
export type Card = { number: string; expiry: string; cvc: string }

/**
 * What paying with `card` does, or the error to show on the form.
 *
 * @example
 * Cards.check({ number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' }, new Date()) // { outcome: 'succeeds' }
 */
export function check(card: Card, now: Date): { outcome: Outcome } | { error: string } {
  const number = card.number.replace(/[\s-]/g, '')
  const test = (TEST_CARDS as Record<string, { outcome: Outcome }>)[number]
  if (!test) return { error: NOT_A_TEST_CARD }
  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(card.expiry.trim())
  const month = Number(expiry?.[1])
  const year = 2000 + Number(expiry?.[2])
  const endOfMonth = Date.UTC(year, month, 1)
  if (!expiry || month < 1 || month > 12 || endOfMonth <= now.getTime()) return { error: BAD_EXPIRY }
  if (!/^\d{3}$/.test(card.cvc.trim())) return { error: BAD_CVC }
  return { outcome: test.outcome }
}
