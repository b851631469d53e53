import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import * as z from 'zod/mini'
import * as Query from './query.js'

describe('commaList', () => {
  const list = Query.commaList(z.string().check(z.minLength(2)), 3)

  test('splits, trims and drops empty items', () => {
    expect(z.parse(list, 'ab, cd,,ef ')).toEqual(['ab', 'cd', 'ef'])
    expect(z.parse(list, '')).toEqual([])
  })

  test('checks each item and the count', () => {
    expect(list.safeParse('ab,c').success).toBe(false)
    expect(list.safeParse('ab,cd,ef,gh').error?.issues[0]?.message).toBe('must list at most 3 items')
  })

  test('property: joining items with commas gives them back', () => {
    const item = fc.stringMatching(/^[a-z]{2,6}$/)
    fc.assert(
      fc.property(fc.array(item, { maxLength: 3 }), (items) => {
        expect(z.parse(list, items.join(','))).toEqual(items)
      }),
    )
  })
})

describe('positiveInt', () => {
  const int = Query.positiveInt(40)

  test('coerces strings', () => {
    expect(z.parse(int, '7')).toBe(7)
  })

  test('rejects non-integers, zero and too-large values', () => {
    expect(int.safeParse('1.5').error?.issues[0]?.message).toBe('must be an integer')
    expect(int.safeParse('0').error?.issues[0]?.message).toBe('must be at least 1')
    expect(int.safeParse('41').error?.issues[0]?.message).toBe('must be at most 40')
    expect(int.safeParse('abc').success).toBe(false)
  })
})
