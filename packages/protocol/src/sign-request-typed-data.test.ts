import * as fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import * as SignRequest from './sign-request.js'

// sign-request-typed-data.ts, through the module every caller imports (sign-request.ts).

const FROM = '0xcd2a3d9f938e13cd947ec05abc7fe734df8dd826'
const ATTACKER = '0x00000000000000000000000000000000000a77ac'
const MAX = 2n ** 256n - 1n

function refusal(run: () => unknown): string {
  try {
    run()
  } catch (error) {
    expect(SignRequest.isInvalid(error)).toBe(true)
    expect((error as { code: number }).code).toBe(-32602)
    return (error as Error).message
  }
  throw new Error('not refused')
}

const permit = {
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'chainId', type: 'uint256' },
    ],
    Permit: [
      { name: 'owner', type: 'address' },
      { name: 'spender', type: 'address' },
      { name: 'value', type: 'uint256' },
      { name: 'nonce', type: 'uint256' },
      { name: 'deadline', type: 'uint256' },
    ],
  },
  primaryType: 'Permit',
  domain: { name: 'Frontdoor USD', chainId: 31337 },
  message: { owner: FROM, spender: ATTACKER, value: MAX.toString(), nonce: '0', deadline: '1893456000' },
}

describe('typedData', () => {
  test('JSON or object; a permit reads spender, value and deadline', () => {
    const { typedData } = SignRequest.typedData([FROM, JSON.stringify(permit)])
    expect(SignRequest.permit(typedData)).toEqual({ spender: ATTACKER, value: MAX, deadline: 1893456000n })
    expect(SignRequest.typedData([FROM, permit]).typedData.primaryType).toBe('Permit')
  })

  test('keys outside the signed types are refused, in the message, nested or in the domain', () => {
    expect(
      refusal(() =>
        SignRequest.typedData([FROM, { ...permit, message: { ...permit.message, note: 'free' } }]),
      ),
    ).toBe('Invalid method parameter(s). params.1: message.note is not part of the signed type')
    expect(
      refusal(() => SignRequest.typedData([FROM, { ...permit, domain: { ...permit.domain, version: '1' } }])),
    ).toMatch(/domain\.version is not part/)
    const { EIP712Domain: _, ...types } = permit.types
    expect(
      refusal(() => SignRequest.typedData([FROM, { ...permit, types, domain: { name: 'x', evil: 1 } }])),
    ).toMatch(/domain\.evil/)
    const nested = {
      types: { Mail: [{ name: 'to', type: 'Person[]' }], Person: [{ name: 'name', type: 'string' }] },
      primaryType: 'Mail',
      domain: {},
      message: { to: [{ name: 'a' }, { name: 'b', wallet: '0x' }] },
    }
    expect(refusal(() => SignRequest.typedData([FROM, nested]))).toMatch(/message\.to\[1\]\.wallet/)
    expect(refusal(() => SignRequest.typedData([FROM, { ...permit, message: { owner: FROM } }]))).toMatch(
      /missing/,
    )
    expect(refusal(() => SignRequest.typedData([FROM, '{']))).toMatch(/not JSON/)
    expect(
      refusal(() => SignRequest.typedData([FROM, 'x'.repeat(SignRequest.SIGNED_CONTENT_MAX_CHARS + 1)])),
    ).toMatch(/longer/)
  })
})

/** Names of Object.prototype's members: a lookup with `in` or a plain index finds them in any object. */
const PROTOTYPE_NAMES = ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf', 'isPrototypeOf']

describe('typedData: type names are looked up among the declared types only', () => {
  const mail = (type: string, primaryType = 'Mail', message: Record<string, unknown> = { a: 'x' }) =>
    JSON.stringify({ types: { Mail: [{ name: 'a', type }] }, primaryType, domain: {}, message })

  test.each(PROTOTYPE_NAMES)('%s as a field type, the primary type or a missing field: -32602', (name) => {
    expect(refusal(() => SignRequest.typedData([FROM, mail(name)]))).toBe(
      `Invalid method parameter(s). params.1: the type ${name} is not declared`,
    )
    expect(refusal(() => SignRequest.typedData([FROM, mail('string', name)]))).toBe(
      `Invalid method parameter(s). params.1: the type ${name} is not declared`,
    )
    expect(refusal(() => SignRequest.typedData([FROM, mail(`${name}[]`, 'Mail', { a: [{}] })]))).toMatch(
      /is not declared/,
    )
    const field = `{"types":{"Mail":[{"name":"${name}","type":"string"}]},"primaryType":"Mail","domain":{},"message":{}}`
    expect(refusal(() => SignRequest.typedData([FROM, field]))).toBe(
      `Invalid method parameter(s). params.1: message.${name} is missing`,
    )
  })

  test('a struct the typed data does declare under such a name is read as declared', () => {
    const json = `{"types":{"toString":[{"name":"b","type":"string"}],"Mail":[{"name":"a","type":"toString"}]},"primaryType":"Mail","domain":{},"message":{"a":{"b":"x"}}}`
    expect(SignRequest.typedData([FROM, json]).typedData.message).toEqual({ a: { b: 'x' } })
  })

  test('fuzzed typed data, with prototype-member names anywhere: read, or refused with -32602, never another error', () => {
    const name = fc.oneof(
      fc.constantFrom(...PROTOTYPE_NAMES, 'Mail', 'Person', 'EIP712Domain', 'a', 'b'),
      fc.string({ maxLength: 8 }),
    )
    const type = fc.oneof(
      name,
      name.map((n) => `${n}[]`),
      fc.constantFrom('string', 'address', 'uint256', 'bool', 'bytes32', 'int8', 'bytes', 'uint7', 'Mail[2]'),
    )
    const fields = fc.array(fc.record({ name, type }), { maxLength: 4 })
    const value = fc.oneof(
      fc.jsonValue({ maxDepth: 2 }),
      fc.dictionary(name, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
    )
    const typed = fc.record({
      types: fc.dictionary(name, fields, { maxKeys: 4 }),
      primaryType: name,
      domain: fc.dictionary(fc.oneof(name, fc.constantFrom('name', 'chainId')), value, { maxKeys: 3 }),
      message: fc.dictionary(name, value, { maxKeys: 4 }),
    })
    let read = 0
    let refused = 0
    fc.assert(
      fc.property(typed, fc.boolean(), (data, asJson) => {
        try {
          SignRequest.typedData([FROM, asJson ? JSON.stringify(data) : data])
          read++
        } catch (error) {
          expect(SignRequest.isInvalid(error), String(error)).toBe(true)
          refused++
        }
      }),
      { numRuns: 2000, seed: 35 },
    )
    expect(refused).toBeGreaterThan(500)
    expect(read + refused).toBe(2000)
  }, 60_000)
})

describe('typedData: each value is of its declared type', () => {
  const utf8 = (text: string) => [...new TextEncoder().encode(text)]
  const typed = (fields: { name: string; type: string }[], message: Record<string, unknown>) => ({
    types: { EIP712Domain: [{ name: 'name', type: 'string' }], Value: fields },
    primaryType: 'Value',
    domain: { name: 'Frontdoor USD' },
    message,
  })
  const check = (type: string, value: unknown) => () =>
    SignRequest.typedData([FROM, typed([{ name: 'v', type }], { v: value })])

  test("a domain name given as the string's UTF-8 bytes is refused (viem hashes it as the string)", () => {
    const name = utf8('Frontdoor Account')
    expect(
      refusal(() => SignRequest.typedData([FROM, { ...permit, domain: { name, chainId: 31337 } }])),
    ).toBe('Invalid method parameter(s). params.1: domain.name must be a string')
    // Undeclared EIP712Domain: the domain's fields have their standard types.
    const { EIP712Domain: _, ...types } = permit.types
    expect(refusal(() => SignRequest.typedData([FROM, { ...permit, types, domain: { name } }]))).toBe(
      'Invalid method parameter(s). params.1: domain.name must be a string',
    )
    expect(
      refusal(() =>
        SignRequest.typedData([FROM, { ...permit, types, domain: { name: 'x', chainId: 'one' } }]),
      ),
    ).toMatch(/domain\.chainId must be an integer of uint256/)
    expect(
      refusal(() =>
        SignRequest.typedData([FROM, { ...permit, types, domain: { verifyingContract: '0x12' } }]),
      ),
    ).toMatch(/domain\.verifyingContract must be an address/)
    expect(
      SignRequest.typedData([
        FROM,
        { ...permit, types, domain: { name: 'x', chainId: 1, salt: `0x${'00'.repeat(32)}` } },
      ]).typedData.domain.name,
    ).toBe('x')
  })

  test('strings, addresses, booleans, integers in range and bytes of their size pass', () => {
    const passes: [string, unknown][] = [
      ['string', 'hello'],
      ['string', ''],
      ['address', ATTACKER],
      ['bool', false],
      ['uint256', MAX.toString()],
      ['uint256', `0x${MAX.toString(16)}`],
      ['uint8', 255],
      ['uint8', '0xff'],
      ['int8', -128],
      ['int8', '-128'],
      ['int256', '127'],
      ['bytes32', `0x${'ab'.repeat(32)}`],
      ['bytes1', '0x00'],
      ['bytes', '0x'],
      ['bytes', '0xabcd'],
      ['uint8[2]', [1, 2]],
      ['string[]', []],
    ]
    for (const [type, value] of passes) expect(check(type, value)().typedData.message.v).toEqual(value)
  })

  test('a value not of its declared type is refused, naming the field', () => {
    const refusals: [string, unknown, string][] = [
      ['string', utf8('hello'), 'must be a string'],
      ['string', 5, 'must be a string'],
      ['address', '0x1234', 'must be an address'],
      ['address', utf8('x'), 'must be an address'],
      ['bool', 'true', 'must be a boolean'],
      ['bool', 1, 'must be a boolean'],
      ['uint256', '-1', 'must be an integer of uint256'],
      ['uint256', (2n ** 256n).toString(), 'must be an integer of uint256'],
      ['uint256', '', 'must be an integer of uint256'],
      ['uint256', ' 1', 'must be an integer of uint256'],
      ['uint256', 1.5, 'must be an integer of uint256'],
      ['uint256', 2 ** 60, 'must be an integer of uint256'],
      ['uint256', [1], 'must be an integer of uint256'],
      ['uint8', 256, 'must be an integer of uint8'],
      ['int8', '-129', 'must be an integer of int8'],
      ['int8', 128, 'must be an integer of int8'],
      ['bytes32', `0x${'ab'.repeat(31)}`, 'must be 32 bytes of 0x-hex'],
      ['bytes32', utf8('x'.repeat(32)), 'must be 32 bytes of 0x-hex'],
      ['bytes', '0xabc', 'must be 0x-hex bytes'],
      ['bytes', utf8('ab'), 'must be 0x-hex bytes'],
      ['uint8[2]', [1], 'must be an array of 2'],
    ]
    for (const [type, value, message] of refusals)
      expect(refusal(check(type, value)), `${type} ${JSON.stringify(value)}`).toBe(
        `Invalid method parameter(s). params.1: message.v ${message}`,
      )
    for (const type of ['uint7', 'uint264', 'bytes33', 'bytes0', 'Missing', 'function'])
      expect(refusal(check(type, '0x00'))).toBe(
        `Invalid method parameter(s). params.1: the type ${type} is not declared`,
      )
  })
})
