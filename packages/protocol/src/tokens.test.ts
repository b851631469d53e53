import { describe, expect, test } from 'vitest'
import * as SignRequest from './sign-request.js'
import * as Tokens from './tokens.js'

const FROM = '0xcd2a3d9f938e13cd947ec05abc7fe734df8dd826'
const TOKEN = '0x86963c0be1ef7df4273e5c86e918759a97486169'
const ATTACKER = '0x00000000000000000000000000000000000a77ac'
const permit = {
  types: {
    Permit: [
      { name: 'owner', type: 'address' },
      { name: 'spender', type: 'address' },
      { name: 'value', type: 'uint256' },
      { name: 'nonce', type: 'uint256' },
      { name: 'deadline', type: 'uint256' },
    ],
  },
  primaryType: 'Permit',
  domain: { name: 'Frontdoor USD', verifyingContract: TOKEN },
  message: { owner: FROM, spender: ATTACKER, value: '1', nonce: '0', deadline: '1893456000' },
}

describe('permit2', () => {
  const DETAILS = [
    { name: 'token', type: 'address' },
    { name: 'amount', type: 'uint160' },
    { name: 'expiration', type: 'uint48' },
    { name: 'nonce', type: 'uint48' },
  ]
  const domain = { name: 'Permit2', chainId: 31337, verifyingContract: Tokens.PERMIT2 }
  const single = {
    types: {
      PermitDetails: DETAILS,
      PermitSingle: [
        { name: 'details', type: 'PermitDetails' },
        { name: 'spender', type: 'address' },
        { name: 'sigDeadline', type: 'uint256' },
      ],
    },
    primaryType: 'PermitSingle',
    domain,
    message: {
      details: { token: TOKEN, amount: (2n ** 160n - 1n).toString(), expiration: 1893456000, nonce: 0 },
      spender: ATTACKER,
      sigDeadline: '1893456000',
    },
  }
  const read = (data: unknown) => Tokens.permit2(SignRequest.typedData([FROM, data]).typedData)

  test('PermitSingle: spender, token, amount (max uint160 reads Unlimited), expiration and deadline', () => {
    const permit = read(single)
    expect(permit).toEqual({
      primaryType: 'PermitSingle',
      spender: ATTACKER,
      grants: [{ token: TOKEN, amount: 2n ** 160n - 1n, bits: 160, expiration: 1893456000n }],
      deadline: 1893456000n,
    })
    expect(Tokens.isUnlimited(permit!.grants[0]!.amount, 160)).toBe(true)
    expect(Tokens.isUnlimited(2n ** 159n - 1n, 160)).toBe(false)
    expect(SignRequest.isUnlimited(2n ** 160n - 1n)).toBe(false)
  })

  test('PermitBatch: one grant per token', () => {
    const batch = {
      ...single,
      types: {
        PermitDetails: DETAILS,
        PermitBatch: [
          { name: 'details', type: 'PermitDetails[]' },
          { name: 'spender', type: 'address' },
          { name: 'sigDeadline', type: 'uint256' },
        ],
      },
      primaryType: 'PermitBatch',
      message: {
        details: [
          { token: TOKEN, amount: '2500000', expiration: '0', nonce: '1' },
          { token: FROM, amount: '0x10', expiration: '1893456000', nonce: '0' },
        ],
        spender: ATTACKER,
        sigDeadline: '1893456000',
      },
    }
    expect(read(batch)?.grants).toEqual([
      { token: TOKEN, amount: 2500000n, bits: 160, expiration: 0n },
      { token: FROM, amount: 16n, bits: 160, expiration: 1893456000n },
    ])
  })

  test('PermitTransferFrom: the permitted token and amount, its deadline', () => {
    const transfer = {
      types: {
        TokenPermissions: [
          { name: 'token', type: 'address' },
          { name: 'amount', type: 'uint256' },
        ],
        PermitTransferFrom: [
          { name: 'permitted', type: 'TokenPermissions' },
          { name: 'spender', type: 'address' },
          { name: 'nonce', type: 'uint256' },
          { name: 'deadline', type: 'uint256' },
        ],
      },
      primaryType: 'PermitTransferFrom',
      domain: { name: 'Permit2', chainId: 1, verifyingContract: Tokens.PERMIT2.toLowerCase() },
      message: {
        permitted: { token: TOKEN, amount: '1000' },
        spender: ATTACKER,
        nonce: '7',
        deadline: '1700000000',
      },
    }
    expect(read(transfer)).toEqual({
      primaryType: 'PermitTransferFrom',
      spender: ATTACKER,
      grants: [{ token: TOKEN, amount: 1000n, bits: 256 }],
      deadline: 1700000000n,
    })
  })

  test('not Permit2: another verifying contract, other field types, another primary type', () => {
    expect(read({ ...single, domain: { ...domain, verifyingContract: TOKEN } })).toBeUndefined()
    const { verifyingContract: _, ...noContract } = domain
    expect(read({ ...single, domain: noContract })).toBeUndefined()
    const wider = {
      ...single,
      types: { ...single.types, PermitDetails: [...DETAILS.slice(0, 3), { name: 'nonce', type: 'uint256' }] },
    }
    expect(read(wider)).toBeUndefined()
    expect(read(permit)).toBeUndefined()
  })
})

describe('transferFrom', () => {
  const word = (value: bigint | string) =>
    (typeof value === 'string' ? value.slice(2) : value.toString(16)).padStart(64, '0')

  test('decodes from, to and amount of exactly its encoding; other data is undefined', () => {
    const data = `0x23b872dd${word(FROM)}${word(ATTACKER)}${word(2500000n)}`
    expect(Tokens.transferFrom(data)).toEqual({ from: FROM, to: ATTACKER, amount: 2500000n })
    expect(Tokens.transferFrom(data.slice(0, -2))).toBeUndefined()
    expect(Tokens.transferFrom(`${data}00`)).toBeUndefined()
    expect(Tokens.transferFrom(`0x23b872dd${'f'.repeat(64)}${word(ATTACKER)}${word(1n)}`)).toBeUndefined()
    expect(Tokens.transferFrom(`0x095ea7b3${word(FROM)}${word(1n)}`)).toBeUndefined()
  })
})
