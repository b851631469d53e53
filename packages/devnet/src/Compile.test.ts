import { existsSync, readdirSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import * as Compile from './Compile.js'
import * as Deployment from './Deployment.js'

describe('contracts', () => {
  test('compiles Token, Collectible and FrontdoorAccount(Factory) and caches the output in .cache/', () => {
    const compiled = Compile.contracts()
    // Only the contracts of contracts/*.sol, not those they import (BaseAccount, ECDSA, ...).
    expect(Object.keys(compiled).sort()).toEqual([
      'Collectible',
      'FrontdoorAccount',
      'FrontdoorAccountFactory',
      'Token',
    ])
    expect(compiled.Token?.bytecode).toMatch(/^0x[0-9a-f]{100,}$/)
    expect(compiled.Token?.abi.some((item) => item.type === 'function' && item.name === 'transferFrom')).toBe(
      true,
    )
    expect(
      compiled.Collectible?.abi.some((item) => item.type === 'function' && item.name === 'tokenURI'),
    ).toBe(true)
    expect(existsSync(Compile.CACHE_DIR)).toBe(true)
    expect(readdirSync(Compile.CACHE_DIR).some((file) => /^contracts-[0-9a-f]{16}\.json$/.test(file))).toBe(
      true,
    )
    expect(Compile.contracts()).toEqual(compiled)
  })

  test('FrontdoorAccount: an ERC-4337 account with ERC-1271, and its CREATE2 factory, under EIP-170', () => {
    const { FrontdoorAccount, FrontdoorAccountFactory } = Compile.contracts()
    const functions = (artifact: Compile.Artifact | undefined) =>
      artifact?.abi.flatMap((item) => (item.type === 'function' ? [item.name] : [])) ?? []
    expect(functions(FrontdoorAccount)).toEqual(
      expect.arrayContaining([
        'validateUserOp',
        'execute',
        'executeBatch',
        'isValidSignature',
        'replaySafeHash',
        'userOperationHash',
        'USER_OPERATION_TYPEHASH',
        'owner',
        'entryPoint',
      ]),
    )
    expect(functions(FrontdoorAccountFactory)).toEqual(
      expect.arrayContaining(['createAccount', 'getAddress', 'accountImplementation']),
    )
    for (const artifact of [FrontdoorAccount, FrontdoorAccountFactory]) {
      expect(((artifact?.bytecode.length ?? 0) - 2) / 2).toBeLessThan(24_576)
    }
  })
})

describe('packaged', () => {
  test('compiles the EntryPoint v0.7 and the account factory from @account-abstraction/contracts', () => {
    const compiled = Compile.packaged(Deployment.ACCOUNT_ABSTRACTION_SOURCES)
    const { EntryPoint, SimpleAccountFactory, SimpleAccount } = compiled
    const functions = (artifact: Compile.Artifact | undefined) =>
      artifact?.abi.flatMap((item) => (item.type === 'function' ? [item.name] : [])) ?? []
    expect(functions(EntryPoint)).toEqual(
      expect.arrayContaining(['handleOps', 'getUserOpHash', 'getNonce', 'getSenderAddress', 'depositTo']),
    )
    expect(functions(SimpleAccountFactory)).toEqual(
      expect.arrayContaining(['createAccount', 'getAddress', 'accountImplementation']),
    )
    expect(functions(SimpleAccount)).toEqual(
      expect.arrayContaining(['validateUserOp', 'execute', 'executeBatch']),
    )
    // Deployable on the devnet: under the EIP-170 limit of 24,576 bytes of code.
    for (const artifact of [EntryPoint, SimpleAccountFactory]) {
      expect(artifact?.bytecode).toMatch(/^0x[0-9a-f]{1000,}$/)
      expect(((artifact?.bytecode.length ?? 0) - 2) / 2).toBeLessThan(24_576)
    }
    expect(Compile.packaged(Deployment.ACCOUNT_ABSTRACTION_SOURCES)).toEqual(compiled)
  })

  test('names a missing source', () => {
    expect(() => Compile.packaged(['@account-abstraction/contracts/core/Missing.sol'])).toThrow()
  })
})
