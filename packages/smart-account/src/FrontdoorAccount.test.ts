import { hashTypedData, keccak256, toHex, zeroAddress } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, test } from 'vitest'
import * as FrontdoorAccount from './FrontdoorAccount.js'

const owner = privateKeyToAccount(keccak256(toHex('frontdoor smart account test owner')))
const to = '0x1111111111111111111111111111111111111111'

describe('addressOf', () => {
  test('is the CREATE2 address of the clone: checksummed, stable, one per owner and salt', () => {
    const address = FrontdoorAccount.addressOf(owner.address)
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(address).not.toBe(owner.address)
    expect(FrontdoorAccount.addressOf(owner.address)).toBe(address)
    expect(FrontdoorAccount.addressOf(owner.address, { salt: 1n })).not.toBe(address)
    expect(FrontdoorAccount.addressOf(zeroAddress)).not.toBe(address)
    const elsewhere = {
      ...FrontdoorAccount.DEVNET_CONTRACTS,
      frontdoorAccountFactory: '0x2222222222222222222222222222222222222222',
    } as const
    expect(FrontdoorAccount.addressOf(owner.address, { contracts: elsewhere })).not.toBe(address)
  })
})

describe('encodeCalls / decodeCalls', () => {
  test('one call is execute, several one executeBatch; both decode back', () => {
    const one = FrontdoorAccount.encodeCalls([{ to, value: 5n }])
    const many = FrontdoorAccount.encodeCalls([
      { to, value: 5n },
      { to: owner.address, data: '0xabcd' },
    ])
    expect(one.slice(0, 10)).not.toBe(many.slice(0, 10))
    expect(FrontdoorAccount.decodeCalls(one)).toEqual([{ to, value: 5n, data: '0x' }])
    expect(FrontdoorAccount.decodeCalls(many)).toEqual([
      { to, value: 5n, data: '0x' },
      { to: owner.address, value: 0n, data: '0xabcd' },
    ])
  })

  test('no calls is an error, not an empty batch', () => {
    expect(() => FrontdoorAccount.encodeCalls([])).toThrow(/no calls/)
  })

  test('factoryData is createAccount(owner, salt)', () => {
    expect(FrontdoorAccount.factoryData(owner.address)).toMatch(/^0x[0-9a-f]{8}/)
    expect(FrontdoorAccount.factoryData(owner.address, 1n)).not.toBe(
      FrontdoorAccount.factoryData(owner.address),
    )
  })
})

describe('replaySafeTypedData', () => {
  test("binds the hash to the account and the chain in the account's own domain", () => {
    const hash = keccak256(toHex('hello'))
    const account = FrontdoorAccount.addressOf(owner.address)
    const data = FrontdoorAccount.replaySafeTypedData({ account, chainId: 31337, hash })
    expect(data.domain).toEqual({
      name: 'Frontdoor Account',
      version: '1',
      chainId: 31337,
      verifyingContract: account,
    })
    expect(data.message).toEqual({ hash })
    const digest = hashTypedData(data)
    expect(hashTypedData(FrontdoorAccount.replaySafeTypedData({ account, chainId: 31338, hash }))).not.toBe(
      digest,
    )
    expect(
      hashTypedData(FrontdoorAccount.replaySafeTypedData({ account: to, chainId: 31337, hash })),
    ).not.toBe(digest)
    expect(digest).not.toBe(hash)
  })
})
