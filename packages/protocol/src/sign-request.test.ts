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
