import { describe, expect, test } from 'vitest'
import * as Summary from './Summary.js'
import * as TestPermit from './TestPermit.js'
import * as Tokens from './Tokens.js'

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const context = { address, chainId: 31337 }

describe('decodeMessage', () => {
  test('hex as UTF-8 text; binary stays hex; plain strings as they are', () => {
    expect(Summary.decodeMessage('0x68656c6c6f')).toBe('hello')
    expect(Summary.decodeMessage('0x00ff01')).toBe('0x00ff01')
    expect(Summary.decodeMessage('0xc328')).toBe('0xc328')
    expect(Summary.decodeMessage('hello')).toBe('hello')
  })
})

describe('formatEther', () => {
  test('wei in hex or decimal as ether', () => {
    expect(Summary.formatEther('0x2386f26fc10000')).toBe('0.01')
    expect(Summary.formatEther('1000000000000000000')).toBe('1')
    expect(Summary.formatEther(0)).toBe('0')
    expect(Summary.formatEther('nope')).toBe('nope')
    expect(Summary.formatEther(-(10n ** 16n))).toBe('-0.01')
  })
})

describe('formatUnits', () => {
  test('in the decimals, without trailing zeros', () => {
    expect(Summary.formatUnits(1_974_316_068n, 6)).toBe('1974.316068')
    expect(Summary.formatUnits(1_500_000_000n, 9)).toBe('1.5')
    expect(Summary.formatUnits(10n ** 18n, 18)).toBe('1')
    expect(Summary.formatUnits(5n, 0)).toBe('5')
    expect(Summary.formatUnits(1n, 18)).toBe('0.000000000000000001')
  })
})

describe('describe', () => {
  test('personal_sign: method, from, network and the decoded message', () => {
    expect(Summary.describe('personal_sign', ['0x68656c6c6f', address], context)).toEqual({
      title: 'Sign message',
      rows: [
        { label: 'Method', value: 'personal_sign' },
        { label: 'From', value: address },
        { label: 'Network', value: 'Chain 31337' },
      ],
      detail: { label: 'Message', text: 'hello' },
    })
  })
  test('eth_sendTransaction: to, value in ETH, data', () => {
    const summary = Summary.describe(
      'eth_sendTransaction',
      [{ from: address, to: address, value: '0x2386f26fc10000', data: '0xd0e30db0' }],
      context,
    )
    expect(summary.rows).toContainEqual({ label: 'To', value: address })
    expect(summary.rows).toContainEqual({ label: 'Value', value: '0.01 ETH' })
    expect(summary.detail).toEqual({ label: 'Data', text: '0xd0e30db0' })
  })
  test('eth_signTypedData_v4: domain, contract, type and the whole message', () => {
    const typed = JSON.stringify({
      types: {
        Mail: [
          { name: 'to', type: 'string' },
          { name: 'amount', type: 'uint256' },
        ],
      },
      domain: { name: 'Door', chainId: 31337, verifyingContract: address },
      primaryType: 'Mail',
      message: { to: 'Bob', amount: 5 },
    })
    const summary = Summary.describe('eth_signTypedData_v4', [address, typed], context)
    expect(summary.rows).toContainEqual({ label: 'Domain', value: 'Door' })
    expect(summary.rows).toContainEqual({ label: 'Type', value: 'Mail' })
    expect(summary.detail?.text).toBe('{\n  "to": "Bob",\n  "amount": 5\n}')
  })
})

// What the visitor sees is what is signed (issue 12): each of these failed on the screen of before.
describe('describe: what is signed', () => {
  const TOKEN = '0x86963C0Be1Ef7dF4273e5c86E918759a97486169'
  const ATTACKER = '0x00000000000000000000000000000000000a77ac'
  const word = (value: bigint | string) =>
    (typeof value === 'string' ? value.slice(2) : value.toString(16)).padStart(64, '0')
  const approveMax = `0x095ea7b3${word(ATTACKER)}${word(2n ** 256n - 1n)}`
  const value = (summary: Summary.Summary, label: string) =>
    summary.rows.find((row) => row.label === label)?.value
  const refused = (run: () => unknown) => expect(run).toThrow(expect.objectContaining({ code: -32602 }))

  test('an ERC-20 approve sent as input reads as an unlimited approval of its spender', () => {
    const summary = Summary.describe(
      'eth_sendTransaction',
      [{ from: address, to: TOKEN, input: approveMax }],
      context,
    )
    expect(summary.title).toBe('Approve spending')
    expect(value(summary, 'Spender')).toBe(ATTACKER)
    expect(value(summary, 'Amount')).toBe('Unlimited')
    expect(value(summary, 'Contract')).toBe(TOKEN)
  })

  test('data and input that differ, or unknown fields, are refused rather than shown', () => {
    refused(() =>
      Summary.describe(
        'eth_sendTransaction',
        [{ from: address, to: TOKEN, data: '0x', input: approveMax }],
        context,
      ),
    )
    refused(() =>
      Summary.describe('eth_sendTransaction', [{ from: address, to: TOKEN, calldata: approveMax }], context),
    )
  })

  test('a transaction naming another chain than the one the screen names is refused; typed data of another domain chain is shown with it', () => {
    const tx = (chainId: string) => [{ from: address, to: TOKEN, value: '0x1', chainId }]
    expect(() => Summary.describe('eth_sendTransaction', tx('0x1'), context)).toThrow(
      expect.objectContaining({
        code: -32602,
        message: 'Invalid method parameter(s). params.0.chainId: 1 is not the active chain 31337',
      }),
    )
    expect(value(Summary.describe('eth_sendTransaction', tx('0x7a69'), context), 'Network')).toBe(
      'Chain 31337',
    )
    const typed = JSON.stringify({
      types: { Note: [{ name: 'text', type: 'string' }] },
      domain: { name: 'Door', chainId: 1 },
      primaryType: 'Note',
      message: { text: 'hi' },
    })
    expect(value(Summary.describe('eth_signTypedData_v4', [address, typed], context), 'Domain chain')).toBe(
      '1',
    )
  })

  test('transfer and setApprovalForAll are decoded; 2^255 and above read Unlimited', () => {
    const transfer = Summary.describe(
      'eth_sendTransaction',
      [{ from: address, to: TOKEN, data: `0xa9059cbb${word(ATTACKER)}${word(2n ** 255n)}` }],
      context,
    )
    expect(value(transfer, 'Recipient')).toBe(ATTACKER)
    expect(value(transfer, 'Amount')).toBe('Unlimited')
    const nft = Summary.describe(
      'eth_sendTransaction',
      [{ from: address, to: TOKEN, data: `0xa22cb465${word(ATTACKER)}${word(1n)}` }],
      context,
    )
    expect(nft.rows).toContainEqual({
      label: 'Warning',
      value: Summary.TEXT.setApprovalForAll,
      warning: true,
    })
    expect(value(nft, 'Operator')).toBe(ATTACKER)
  })

  test('gas, max fee and nonce are shown, the estimated ones said so', () => {
    const given = Summary.describe(
      'eth_sendTransaction',
      [{ from: address, to: address, gas: '0x5208', gasPrice: '0x3b9aca00', nonce: '0x2' }],
      context,
    )
    expect(value(given, 'Gas limit')).toBe('21000')
    expect(value(given, 'Max fee')).toBe('0.000021 ETH')
    expect(value(given, 'Nonce')).toBe('2')
    const filled = Summary.describe('eth_sendTransaction', [{ from: address, to: address }], {
      ...context,
      transaction: {
        from: address,
        to: address,
        value: 0n,
        data: '0x',
        gas: 21000n,
        nonce: 7,
        type: 'eip1559',
        maxFeePerGas: 2n * 10n ** 9n,
        maxPriorityFeePerGas: 1n,
        estimated: ['nonce', 'gas', 'fees'],
      },
    })
    expect(value(filled, 'Gas limit')).toBe('21000 (estimated)')
    expect(value(filled, 'Max fee')).toBe('0.000042 ETH (estimated)')
    expect(value(filled, 'Nonce')).toBe('7 (estimated)')
  })

  test('an EIP-2612 permit shows spender, Unlimited and the deadline', () => {
    const permit = TestPermit.of({
      token: TOKEN,
      owner: address,
      spender: ATTACKER,
      value: (2n ** 256n - 1n).toString(),
    })
    const params = [address, JSON.stringify(permit)]
    // What a permit grants is read by Tokens.ts before the screen (a lazy chunk).
    const tokens = Tokens.summarize('eth_signTypedData_v4', params, context, {})
    const summary = Summary.describe('eth_signTypedData_v4', params, { ...context, tokens })
    expect(value(summary, 'Spender')).toBe(ATTACKER)
    expect(value(summary, 'Amount')).toBe('Unlimited')
    expect(value(summary, 'Deadline')).toBe('2030-01-01T00:00:00Z')
    // A field outside the signed type is not shown as if it were signed: refused.
    refused(() =>
      Summary.describe(
        'eth_signTypedData_v4',
        [address, { ...permit, message: { ...permit.message, memo: 'free' } }],
        context,
      ),
    )
  })

  test('signed content is never cut: shown whole up to the limit, refused above it', () => {
    const long = `0x${'ab'.repeat(5000)}`
    const summary = Summary.describe(
      'eth_sendTransaction',
      [{ from: address, to: TOKEN, data: long }],
      context,
    )
    expect(summary.detail?.text).toBe(long)
    refused(() => Summary.describe('personal_sign', [`0x${'61'.repeat(20_000)}`, address], context))
    refused(() => Summary.describe('wallet_sendCalls', [{ data: 'x'.repeat(40_000) }], context))
  })
})

describe('signer', () => {
  test('the address a request names', () => {
    expect(Summary.signer('personal_sign', ['0x00', address])).toBe(address)
    expect(Summary.signer('eth_signTypedData_v4', [address, '{}'])).toBe(address)
    expect(Summary.signer('eth_sendTransaction', [{ from: address }])).toBe(address)
    expect(Summary.signer('eth_sendTransaction', [{}])).toBeUndefined()
  })
})
