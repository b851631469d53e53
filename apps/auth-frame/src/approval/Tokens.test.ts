import { describe, expect, test } from 'vitest'
import * as Summary from './Summary.js'
import * as TestPermit from './TestPermit.js'
import * as Tokens from './Tokens.js'

const ME = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const TOKEN = '0x86963C0Be1Ef7dF4273e5c86E918759a97486169'
const OTHER = `0x${'c'.repeat(40)}`
const word = (value: bigint | string) =>
  (typeof value === 'string' ? value.slice(2) : value.toString(16)).padStart(64, '0')

describe('Tokens.decimals', () => {
  test('the tokens of transfer, transferFrom and approve calldata, permits and Permit2; none for others', () => {
    const send = (data: string) => [{ from: ME, to: TOKEN, data }]
    expect(Tokens.tokensOf('eth_sendTransaction', send(`0xa9059cbb${word(OTHER)}${word(1n)}`))).toEqual([
      TOKEN.toLowerCase(),
    ])
    expect(
      Tokens.tokensOf('eth_sendTransaction', send(`0x23b872dd${word(ME)}${word(OTHER)}${word(1n)}`)),
    ).toEqual([TOKEN.toLowerCase()])
    expect(Tokens.tokensOf('eth_sendTransaction', send('0x1234'))).toEqual([])
    expect(Tokens.tokensOf('eth_sendTransaction', [{ from: ME, to: OTHER, value: '0x1' }])).toEqual([])
    const batch = TestPermit.batch({
      spender: OTHER,
      tokens: [
        { token: TOKEN, amount: '1' },
        { token: OTHER, amount: '2' },
        { token: TOKEN.toLowerCase(), amount: '3' },
      ],
    })
    expect(Tokens.tokensOf('eth_signTypedData_v4', [ME, JSON.stringify(batch)])).toEqual([
      TOKEN.toLowerCase(),
      OTHER,
    ])
    const permit = TestPermit.of({ token: TOKEN, owner: ME, spender: OTHER, value: '1' })
    expect(Tokens.tokensOf('eth_signTypedData_v4', [ME, permit])).toEqual([TOKEN.toLowerCase()])
    expect(Tokens.tokensOf('personal_sign', ['0x00', ME])).toEqual([])
    expect(Tokens.tokensOf('eth_signTypedData_v4', [ME, '{'])).toEqual([])
  })

  test('reads decimals() once per chain and token; a failure or a non-answer is null and asked again', async () => {
    const calls: unknown[][] = []
    let answer: unknown = `0x${word(6n)}`
    const call = async (method: string, params: unknown[]) => {
      calls.push([method, ...params])
      if (answer instanceof Error) throw answer
      return answer
    }
    const params = [{ from: ME, to: TOKEN, data: `0xa9059cbb${word(OTHER)}${word(1n)}` }]
    expect(await Tokens.decimals('eth_sendTransaction', params, 31337, call)).toEqual({
      [TOKEN.toLowerCase()]: 6,
    })
    expect(calls).toEqual([['eth_call', { to: TOKEN.toLowerCase(), data: '0x313ce567' }, 'latest']])
    expect(await Tokens.decimals('eth_sendTransaction', params, 31337, call)).toEqual({
      [TOKEN.toLowerCase()]: 6,
    })
    expect(calls).toHaveLength(1)
    answer = new Error('execution reverted')
    expect(await Tokens.decimals('eth_sendTransaction', params, 31338, call)).toEqual({
      [TOKEN.toLowerCase()]: null,
    })
    answer = '0x'
    expect(await Tokens.decimals('eth_sendTransaction', params, 31338, call)).toEqual({
      [TOKEN.toLowerCase()]: null,
    })
    answer = `0x${word(1000n)}`
    expect(await Tokens.decimals('eth_sendTransaction', params, 31338, call)).toEqual({
      [TOKEN.toLowerCase()]: null,
    })
    expect(calls).toHaveLength(4)
  })
})

describe('token amounts in the token units', () => {
  const TOKEN = '0x86963C0Be1Ef7dF4273e5c86E918759a97486169'
  const ATTACKER = '0x00000000000000000000000000000000000a77ac'
  const context = { address: ME, chainId: 31337 }
  const value = (summary: Summary.Summary, label: string) =>
    summary.rows.find((row) => row.label === label)?.value
  const send = (data: string) => [{ from: ME, to: TOKEN, data }]
  /** The screen's summary with what Tokens.ts reads before it, given the decimals. */
  const show = (method: string, params: unknown[], known: Tokens.Decimals) =>
    Summary.describe(method, params, { ...context, tokens: Tokens.summarize(method, params, context, known) })

  test('in its decimals with the base units beside them; base units, said so, when not read', () => {
    const read = { [TOKEN.toLowerCase()]: 6 }
    expect(Tokens.formatAmount(2_500_000n, TOKEN, read)).toBe('2.5 (2500000 base units)')
    expect(Tokens.formatAmount(7n, TOKEN, { [TOKEN.toLowerCase()]: 0 })).toBe('7')
    expect(Tokens.formatAmount(7n, TOKEN, { [TOKEN.toLowerCase()]: null })).toBe(
      "7 base units (the token's decimals could not be read)",
    )
    expect(Tokens.formatAmount(7n, TOKEN, {})).toBe("7 base units (the token's decimals could not be read)")
    expect(Tokens.formatAmount(2n ** 160n - 1n, TOKEN, read, 160)).toBe('Unlimited')
    expect(Tokens.formatAmount(2n ** 160n - 1n, TOKEN, read)).toBe(
      `${Summary.formatUnits(2n ** 160n - 1n, 6)} (${2n ** 160n - 1n} base units)`,
    )
  })

  test('transfer, transferFrom, approve calldata and an EIP-2612 permit show the amount in the token units', () => {
    const read = { [TOKEN.toLowerCase()]: 6 }
    const transfer = show('eth_sendTransaction', send(`0xa9059cbb${word(ATTACKER)}${word(1_500_000n)}`), read)
    expect(value(transfer, 'Amount')).toBe('1.5 (1500000 base units)')
    const moved = show(
      'eth_sendTransaction',
      send(`0x23b872dd${word(ME)}${word(ATTACKER)}${word(42n)}`),
      read,
    )
    expect(moved.title).toBe('Move tokens')
    expect(value(moved, 'Function')).toBe('transferFrom(from, to, amount)')
    expect(value(moved, 'Owner')).toBe(ME.toLowerCase())
    expect(value(moved, 'Recipient')).toBe(ATTACKER.toLowerCase())
    expect(value(moved, 'Amount')).toBe('0.000042 (42 base units)')
    const approve = show('eth_sendTransaction', send(`0x095ea7b3${word(ATTACKER)}${word(10n)}`), {
      [TOKEN.toLowerCase()]: null,
    })
    expect(value(approve, 'Amount')).toBe("10 base units (the token's decimals could not be read)")
    // The transaction as filled (gas, fees, nonce the chain estimated) is the one summarized.
    const params = send(`0x095ea7b3${word(ATTACKER)}${word(10n)}`)
    const filled = {
      ...context,
      transaction: {
        from: ME as `0x${string}`,
        to: TOKEN as `0x${string}`,
        value: 0n,
        data: params[0]!.data as `0x${string}`,
        gas: 46_000n,
        nonce: 3,
        estimated: ['gas' as const, 'nonce' as const],
      },
    }
    const summary = Tokens.summarize('eth_sendTransaction', params, filled, read)!
    expect(value(summary, 'Gas limit')).toBe('46000 (estimated)')
    expect(value(summary, 'Nonce')).toBe('3 (estimated)')
    const permit = TestPermit.of({ token: TOKEN, owner: ME, spender: ATTACKER, value: '2500000' })
    expect(value(show('eth_signTypedData_v4', [ME, permit], read), 'Amount')).toBe('2.5 (2500000 base units)')
  })
})
