import { describe, expect, test } from 'vitest'
import * as Login from './Login.js'
import * as SmartAccounts from './vault/SmartAccounts.js'

const eoa = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const addresses = { evm: eoa, solana: '11111111111111111111111111111111' } as const
const user = (preferredAccountType: 'eoa' | 'smartAccount' | null) => ({
  id: 'u1',
  email: 'a@example.com',
  userName: null,
  socialProvider: null,
  preferredAccountType,
})

describe('Login.view', () => {
  test('the smart account is the address by default (spec section 1: smartAccount for EVM); both accounts listed', () => {
    const smart = SmartAccounts.addressOf(eoa)
    expect(smart).not.toBe(eoa)
    const shown = Login.view(user(null), addresses, undefined)
    expect(Login.DEFAULT_ACCOUNT_TYPE).toBe('smartAccount')
    expect(shown).toMatchObject({
      address: smart,
      preferredAccountType: 'smartAccount',
      smartAccountDeployed: false,
    })
    expect(shown.accounts).toEqual([
      { address: eoa, type: 'eoa' },
      { address: smart, type: 'smartAccount' },
    ])
  })

  test('the EOA is the address when the user chose it, and the smart account again when chosen back', () => {
    expect(Login.view(user('eoa'), addresses, undefined).address).toBe(eoa)
    expect(Login.view(user('smartAccount'), addresses, undefined).address).toBe(SmartAccounts.addressOf(eoa))
  })

  test('smartAccountDeployed is what the chain said', () => {
    expect(Login.view(user(null), addresses, undefined, true).smartAccountDeployed).toBe(true)
  })

  test('on a chain without the smart account (no bundler) the EOA is the address and the only account', () => {
    const shown = Login.view(user('smartAccount'), addresses, undefined, true, false)
    expect(shown).toMatchObject({
      address: eoa,
      accounts: [{ address: eoa, type: 'eoa' }],
      smartAccountDeployed: false,
    })
    expect(Login.smartAccountOn({ bundlers: { 'eip155:31337': 'http://b' } }, 'eip155:1')).toBe(false)
    expect(Login.smartAccountOn({ bundlers: { 'eip155:31337': 'http://b' } }, 'eip155:31337')).toBe(true)
    expect(Login.smartAccountOn({ bundlers: { 'eip155:31337': 'http://b' } })).toBe(true)
    expect(Login.smartAccountOn({ bundlers: {} })).toBe(false)
  })
})
