import {
  concat,
  encodeAbiParameters,
  hashMessage,
  hashTypedData,
  keccak256,
  recoverTypedDataAddress,
  toHex,
  zeroAddress,
} from 'viem'
import { getUserOperationHash } from 'viem/account-abstraction'
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

describe('userOperationTypedData', () => {
  const userOpHash = keccak256(toHex('a user operation'))
  const account = FrontdoorAccount.addressOf(owner.address)

  test("is FrontdoorUserOperation(bytes32 userOpHash) in the account's domain: the contract's digest", () => {
    const data = FrontdoorAccount.userOperationTypedData({ account, chainId: 31337, userOpHash })
    expect(data.domain).toEqual({
      name: 'Frontdoor Account',
      version: '1',
      chainId: 31337,
      verifyingContract: account,
    })
    expect(FrontdoorAccount.USER_OPERATION_TYPEHASH).toBe(
      keccak256(toHex('FrontdoorUserOperation(bytes32 userOpHash)')),
    )
    // The contract's userOperationHash, computed as Solidity does.
    const domainSeparator = keccak256(
      encodeAbiParameters(
        [
          { type: 'bytes32' },
          { type: 'bytes32' },
          { type: 'bytes32' },
          { type: 'uint256' },
          { type: 'address' },
        ],
        [
          keccak256(
            toHex('EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)'),
          ),
          keccak256(toHex('Frontdoor Account')),
          keccak256(toHex('1')),
          31337n,
          account,
        ],
      ),
    )
    const struct = keccak256(
      encodeAbiParameters(
        [{ type: 'bytes32' }, { type: 'bytes32' }],
        [FrontdoorAccount.USER_OPERATION_TYPEHASH, userOpHash],
      ),
    )
    expect(hashTypedData(data)).toBe(keccak256(concat(['0x1901', domainSeparator, struct])))
  })

  test("is neither the owner's personal_sign of the hash nor the account's ERC-1271 wrapping of it", () => {
    const digest = hashTypedData(
      FrontdoorAccount.userOperationTypedData({ account, chainId: 31337, userOpHash }),
    )
    expect(digest).not.toBe(hashMessage({ raw: userOpHash }))
    expect(digest).not.toBe(userOpHash)
    expect(digest).not.toBe(
      hashTypedData(FrontdoorAccount.replaySafeTypedData({ account, chainId: 31337, hash: userOpHash })),
    )
    for (const other of [
      { account: to, chainId: 31337 },
      { account, chainId: 31338 },
    ] as const)
      expect(hashTypedData(FrontdoorAccount.userOperationTypedData({ ...other, userOpHash }))).not.toBe(
        digest,
      )
  })
})

describe('toFrontdoorAccount', () => {
  test("signUserOperation is the owner's EIP-712 signature of userOperationTypedData", async () => {
    const client = { chain: { id: 31337 } } as unknown as FrontdoorAccount.Options['client']
    const account = await FrontdoorAccount.toFrontdoorAccount({ client, owner })
    const userOperation = {
      sender: account.address,
      nonce: 0n,
      callData: FrontdoorAccount.encodeCalls([{ to, value: 1n }]),
      callGasLimit: 100_000n,
      verificationGasLimit: 500_000n,
      preVerificationGas: 60_000n,
      maxFeePerGas: 2_000_000_000n,
      maxPriorityFeePerGas: 1_000_000_000n,
      signature: '0x' as const,
    }
    const signature = await account.signUserOperation(userOperation)
    const userOpHash = getUserOperationHash({
      chainId: 31337,
      entryPointAddress: FrontdoorAccount.DEVNET_CONTRACTS.entryPoint,
      entryPointVersion: '0.7',
      userOperation,
    })
    expect(
      await recoverTypedDataAddress({
        ...FrontdoorAccount.userOperationTypedData({ account: account.address, chainId: 31337, userOpHash }),
        signature,
      }),
    ).toBe(owner.address)
    expect(signature).not.toBe(await owner.signMessage({ message: { raw: userOpHash } }))
  })
})
