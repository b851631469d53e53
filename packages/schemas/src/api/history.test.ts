import { describe, expect, test } from 'vitest'
import * as History from './history.js'

describe('HistoryQuery', () => {
  test('cursor, CAIP-2 chainId, onramp', () => {
    expect(
      History.HistoryQuery.safeParse({ projectId: 'p', cursor: 'c', chainId: 'eip155:1', onramp: 'meld' })
        .success,
    ).toBe(true)
    expect(History.HistoryQuery.safeParse({ projectId: 'p', chainId: '1' }).success).toBe(false)
    expect(History.HistoryQuery.safeParse({ projectId: 'p', onramp: 'moonpay' }).success).toBe(false)
  })
})

describe('HistoryResponse', () => {
  test('data and next', () => {
    expect(History.HistoryResponse.safeParse({ data: [], next: null }).success).toBe(true)
    expect(History.HistoryResponse.safeParse({ data: [], next: 'cursor' }).success).toBe(true)
    expect(History.HistoryResponse.safeParse({ data: [{ id: 'x' }] }).success).toBe(false)
  })
})
