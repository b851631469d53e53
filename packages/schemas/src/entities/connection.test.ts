import { describe, expect, test } from 'vitest'
import * as Connection from './connection.js'

describe('Connection', () => {
  test('connector id and accounts', () => {
    expect(
      Connection.Connection.safeParse({
        connectorId: 'walletConnect',
        accounts: [{ address: '0x1', type: 'eoa' }],
      }).success,
    ).toBe(true)
    expect(Connection.Connection.safeParse({ connectorId: '', accounts: [] }).success).toBe(false)
    expect(Connection.Connection.safeParse({ connectorId: 'x' }).success).toBe(false)
  })
})
