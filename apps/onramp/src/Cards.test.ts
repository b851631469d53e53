import { describe, expect, test } from 'vitest'
import * as Cards from './Cards.js'

const now = new Date('2026-06-15T00:00:00Z')
const card = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' }

describe('check', () => {
  test('each test card does what it says', () => {
    expect(Cards.check(card, now)).toEqual({ outcome: 'succeeds' })
    expect(Cards.check({ ...card, number: '4000000000000002' }, now)).toEqual({ outcome: 'declined' })
    expect(Cards.check({ ...card, number: '4000-0027-6000-3184' }, now)).toEqual({ outcome: 'confirm' })
  })

  test('any other number, a past or malformed expiry, a bad CVC are refused with a message', () => {
    expect(Cards.check({ ...card, number: '4111111111111111' }, now)).toEqual({
      error: Cards.NOT_A_TEST_CARD,
    })
    expect(Cards.check({ ...card, expiry: '05/26' }, now)).toEqual({ error: Cards.BAD_EXPIRY })
    expect(Cards.check({ ...card, expiry: '06/26' }, now)).toEqual({ outcome: 'succeeds' })
    expect(Cards.check({ ...card, expiry: '13/30' }, now)).toEqual({ error: Cards.BAD_EXPIRY })
    expect(Cards.check({ ...card, expiry: '1230' }, now)).toEqual({ error: Cards.BAD_EXPIRY })
    expect(Cards.check({ ...card, cvc: '12' }, now)).toEqual({ error: Cards.BAD_CVC })
  })
})
