import * as fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import * as SignRequest from './sign-request.js'
import * as SolanaTransaction from './solana-transaction.js'

const FROM = '0xcd2a3d9f938e13cd947ec05abc7fe734df8dd826'
const TOKEN = '0x86963c0be1ef7df4273e5c86e918759a97486169'
const ATTACKER = '0x00000000000000000000000000000000000a77ac'
const MAX = 2n ** 256n - 1n

const word = (value: bigint | string) =>
  (typeof value === 'string' ? value.slice(2) : value.toString(16)).padStart(64, '0')
const approve = (spender: string, amount: bigint) => `0x095ea7b3${word(spender)}${word(amount)}`

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

describe('transaction', () => {
  test('input is the data when data is absent; quantities become bigints', () => {
    expect(
      SignRequest.transaction([{ from: FROM, to: TOKEN, input: approve(ATTACKER, MAX), gas: '0x5208' }]),
    ).toEqual({ from: FROM, to: TOKEN, value: 0n, data: approve(ATTACKER, MAX), gas: 21000n })
  })

  test('data and input that differ are refused; equal ones are one', () => {
    expect(
      refusal(() =>
        SignRequest.transaction([{ from: FROM, to: TOKEN, data: '0x', input: approve(ATTACKER, 1n) }]),
      ),
    ).toBe('Invalid method parameter(s). params.0: data and input differ')
    const data = approve(ATTACKER, 1n)
    expect(
      SignRequest.transaction([
        { from: FROM, to: TOKEN, data, input: data.toUpperCase().replace('0X', '0x') },
      ]).data,
    ).toBe(data)
  })

  test('unknown fields, malformed quantities and mixed fees are refused', () => {
    expect(refusal(() => SignRequest.transaction([{ from: FROM, to: TOKEN, memo: 'x' }]))).toBe(
      'Invalid method parameter(s). params.0: unknown field memo',
    )
    expect(refusal(() => SignRequest.transaction([{ from: FROM, value: '12' }]))).toMatch(
      /params\.0\.value: must be a 0x quantity/,
    )
    expect(refusal(() => SignRequest.transaction([{ from: FROM, value: '0x' }]))).toMatch(/params\.0\.value/)
    expect(refusal(() => SignRequest.transaction([{ from: FROM, value: `0x1${'0'.repeat(64)}` }]))).toMatch(
      /256 bits/,
    )
    expect(refusal(() => SignRequest.transaction([{ from: FROM, data: '0x123' }]))).toMatch(/params\.0\.data/)
    expect(
      refusal(() => SignRequest.transaction([{ from: FROM, gasPrice: '0x1', maxFeePerGas: '0x2' }])),
    ).toMatch(/gasPrice together/)
    expect(refusal(() => SignRequest.transaction([{ from: FROM, type: '0x2', gasPrice: '0x1' }]))).toMatch(
      /type/,
    )
    expect(refusal(() => SignRequest.transaction([{ from: FROM, accessList: [{}] }]))).toMatch(/access lists/)
    expect(refusal(() => SignRequest.transaction([{ from: FROM, nonce: '0xffffffffffffffffff' }]))).toMatch(
      /nonce/,
    )
    expect(refusal(() => SignRequest.transaction([]))).toMatch(/params/)
    expect(
      refusal(() =>
        SignRequest.transaction([
          { from: FROM, data: `0x${'00'.repeat(SignRequest.SIGNED_CONTENT_MAX_CHARS)}` },
        ]),
      ),
    ).toMatch(/longer than 32768/)
  })

  test('fees, type, nonce and chain id as given', () => {
    expect(
      SignRequest.transaction([
        { from: FROM, to: null, gasPrice: '0x3b9aca00', nonce: '0x7', chainId: '0x7a69', value: '0x0' },
      ]),
    ).toEqual({
      from: FROM,
      value: 0n,
      data: '0x',
      nonce: 7,
      chainId: 31337,
      type: 'legacy',
      gasPrice: 10n ** 9n,
    })
    expect(
      SignRequest.transaction([{ from: FROM, maxFeePerGas: '0x2', maxPriorityFeePerGas: '0x1' }]),
    ).toMatchObject({
      type: 'eip1559',
      maxFeePerGas: 2n,
      maxPriorityFeePerGas: 1n,
    })
  })

  test('a known selector with a wrong encoding is refused', () => {
    expect(
      refusal(() => SignRequest.transaction([{ from: FROM, to: TOKEN, data: `${approve(ATTACKER, 1n)}00` }])),
    ).toMatch(/not a valid approve call/)
  })

  test('toRequest gives the same transaction back', () => {
    const tx = SignRequest.transaction([
      {
        from: FROM,
        to: TOKEN,
        data: approve(ATTACKER, 5n),
        gas: '0x10',
        maxFeePerGas: '0x9',
        maxPriorityFeePerGas: '0x1',
        nonce: '0x0',
      },
    ])
    expect(SignRequest.transaction([SignRequest.toRequest(tx)])).toEqual(tx)
  })
})

describe('fill', () => {
  const chain: SignRequest.ChainCall = async (method) =>
    ({
      eth_getTransactionCount: '0x4',
      eth_estimateGas: '0xb411',
      eth_getBlockByNumber: { baseFeePerGas: '0x3b9aca00' },
      eth_maxPriorityFeePerGas: '0x1',
      eth_gasPrice: '0x2',
    })[method]

  test('fills only what the request left out, and says so', async () => {
    const filled = await SignRequest.fill(SignRequest.transaction([{ from: FROM, to: TOKEN }]), chain)
    expect(filled).toMatchObject({
      nonce: 4,
      gas: 46097n,
      type: 'eip1559',
      maxFeePerGas: 2n * 10n ** 9n + 1n,
      maxPriorityFeePerGas: 1n,
    })
    expect(filled.estimated).toEqual(['nonce', 'gas', 'fees'])
    expect(SignRequest.isFilled(filled)).toBe(true)
    expect(SignRequest.maxFee(filled)).toBe(46097n * (2n * 10n ** 9n + 1n))
    const given = await SignRequest.fill(
      SignRequest.transaction([{ from: FROM, to: TOKEN, gas: '0x1', nonce: '0x9', gasPrice: '0x5' }]),
      chain,
    )
    expect(given).toMatchObject({ nonce: 9, gas: 1n, type: 'legacy', gasPrice: 5n, estimated: [] })
  })

  test('only some fields', async () => {
    const filled = await SignRequest.fill(SignRequest.transaction([{ from: FROM, to: TOKEN }]), chain, {
      only: ['gas', 'fees'],
    })
    expect(filled.nonce).toBeUndefined()
    expect(filled.estimated).toEqual(['gas', 'fees'])
  })
})

describe('call', () => {
  test('approve, transfer and setApprovalForAll', () => {
    expect(SignRequest.call(approve(ATTACKER, MAX))).toEqual({
      function: 'approve',
      spender: ATTACKER,
      amount: MAX,
    })
    expect(SignRequest.call(`0xa9059cbb${word(ATTACKER)}${word(5n)}`)).toEqual({
      function: 'transfer',
      to: ATTACKER,
      amount: 5n,
    })
    expect(SignRequest.call(`0xa22cb465${word(ATTACKER)}${word(1n)}`)).toEqual({
      function: 'setApprovalForAll',
      operator: ATTACKER,
      approved: true,
    })
    expect(SignRequest.call('0xd0e30db0')).toBeUndefined()
    expect(SignRequest.call('0x')).toBeUndefined()
  })

  test('dirty address bits or a bool other than 0/1 are refused', () => {
    expect(refusal(() => SignRequest.call(`0x095ea7b3${'f'.repeat(64)}${word(1n)}`))).toMatch(/approve/)
    expect(refusal(() => SignRequest.call(`0xa22cb465${word(ATTACKER)}${word(2n)}`))).toMatch(
      /setApprovalForAll/,
    )
  })

  test('unlimited from 2^255', () => {
    expect(SignRequest.isUnlimited(MAX)).toBe(true)
    expect(SignRequest.isUnlimited(2n ** 255n)).toBe(true)
    expect(SignRequest.isUnlimited(2n ** 255n - 1n)).toBe(false)
  })
})

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

describe('personalMessageBytes', () => {
  test('0x-hex of whole bytes is those bytes; anything else is its UTF-8', () => {
    expect([...SignRequest.personalMessageBytes('0xabCD')]).toEqual([0xab, 0xcd])
    expect([...SignRequest.personalMessageBytes('0x')]).toEqual([])
    expect([...SignRequest.personalMessageBytes('0xabc')]).toEqual([...new TextEncoder().encode('0xabc')])
    expect([...SignRequest.personalMessageBytes('hé')]).toEqual([0x68, 0xc3, 0xa9])
  })
})

/** A SOL transfer's message: 1 signer, 3 keys, a blockhash, one system-program instruction. */
function solanaTransferMessage(version?: 0) {
  const keys = Array.from({ length: 3 }, (_, i) => new Uint8Array(32).fill(i + 1))
  const instruction = [2, 2, 0, 1, 12, 2, 0, 0, 0, 0x40, 0x42, 0x0f, 0, 0, 0, 0, 0]
  return Uint8Array.from([
    ...(version === 0 ? [0x80] : []),
    1,
    0,
    1,
    3,
    ...keys.flatMap((key) => [...key]),
    ...new Uint8Array(32).fill(9),
    1,
    ...instruction,
    ...(version === 0 ? [0] : []),
  ])
}

describe('isSolanaTransaction', () => {
  test('legacy and v0 messages, and whole transactions, are transactions', () => {
    expect(SignRequest.isSolanaTransaction(solanaTransferMessage())).toBe(true)
    expect(SignRequest.isSolanaTransaction(solanaTransferMessage(0))).toBe(true)
    const signed = Uint8Array.from([1, ...new Uint8Array(64), ...solanaTransferMessage()])
    expect(SignRequest.isSolanaTransaction(signed)).toBe(true)
    expect(refusal(() => SignRequest.solanaMessage(signed))).toMatch(/Solana transaction/)
  })

  test('text and truncated or padded transactions are messages', () => {
    expect(SignRequest.isSolanaTransaction(new TextEncoder().encode('Sign in to Frontdoor'))).toBe(false)
    const message = solanaTransferMessage()
    expect(SignRequest.isSolanaTransaction(message.slice(0, -1))).toBe(false)
    expect(SignRequest.isSolanaTransaction(Uint8Array.from([...message, 0]))).toBe(false)
    expect(SignRequest.isSolanaTransaction(new Uint8Array())).toBe(false)
  })

  test("one reading with solana-transaction's parser: bytes are a transaction exactly when it parses them", () => {
    const message = solanaTransferMessage()
    // The instruction's program index (3 keys: 0..2) out of range: no transaction the parser reads.
    const badProgram = message.slice()
    badProgram[message.length - 17] = 7
    const cases = [message, solanaTransferMessage(0), badProgram, message.slice(0, -1)]
    for (const bytes of cases) {
      const whole = Uint8Array.from([1, ...new Uint8Array(64), ...bytes])
      let parses = true
      try {
        SolanaTransaction.parse(whole)
      } catch {
        parses = false
      }
      expect(SignRequest.isSolanaTransaction(whole)).toBe(parses)
      expect(SignRequest.isSolanaTransaction(bytes)).toBe(parses)
    }
    expect(SignRequest.isSolanaTransaction(badProgram)).toBe(false)
  })
})
