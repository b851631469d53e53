import { bytesToHex, keccak256, toHex } from 'viem'
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, test } from 'vitest'
import * as Accounts from './Accounts.js'

describe('DEV_ACCOUNTS', () => {
  test('are the first 10 accounts of the standard Hardhat mnemonic', () => {
    expect(Accounts.DEV_ACCOUNTS).toHaveLength(10)
    Accounts.DEV_ACCOUNTS.forEach((account, addressIndex) => {
      const derived = mnemonicToAccount(Accounts.DEV_MNEMONIC, { addressIndex })
      expect(account.address).toBe(derived.address)
      expect(account.privateKey).toBe(bytesToHex(derived.getHdKey().privateKey!))
    })
  })
})

describe('DEPLOYER', () => {
  test('is keccak256("frontdoor devnet deployer") and none of the dev accounts', () => {
    expect(Accounts.DEPLOYER.privateKey).toBe(keccak256(toHex('frontdoor devnet deployer')))
    expect(privateKeyToAccount(Accounts.DEPLOYER.privateKey).address).toBe(Accounts.DEPLOYER.address)
    expect(Accounts.DEV_ACCOUNTS.map((a) => a.address)).not.toContain(Accounts.DEPLOYER.address)
  })
})

describe('BUNDLER_EXECUTOR and BUNDLER_UTILITY', () => {
  test('are mnemonic accounts 19 and 18, beyond the dev accounts', () => {
    for (const [account, addressIndex] of [
      [Accounts.BUNDLER_EXECUTOR, 19],
      [Accounts.BUNDLER_UTILITY, 18],
    ] as const) {
      const derived = mnemonicToAccount(Accounts.DEV_MNEMONIC, { addressIndex })
      expect(account.address).toBe(derived.address)
      expect(account.privateKey).toBe(bytesToHex(derived.getHdKey().privateKey!))
      expect(Accounts.DEV_ACCOUNTS.map((a) => a.address)).not.toContain(account.address)
    }
  })
})
