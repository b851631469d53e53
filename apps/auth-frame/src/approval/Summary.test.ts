import { describe, expect, test } from 'vitest'
import * as Summary from './Summary.js'

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
  })
})

describe('decodeBase58', () => {
  test('decodes, keeps leading zeros, refuses other characters', () => {
    expect(new TextDecoder().decode(Summary.decodeBase58('Cn8eVZg'))).toBe('hello')
    expect([...(Summary.decodeBase58('11') ?? [])]).toEqual([0, 0])
    expect(Summary.decodeBase58('0OIl')).toBeUndefined()
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
  test('eth_signTypedData_v4: domain, contract, type and the message fields', () => {
    const typed = JSON.stringify({
      domain: { name: 'Door', chainId: 31337, verifyingContract: address },
      primaryType: 'Mail',
      message: { to: 'Bob', amount: 5 },
    })
    const summary = Summary.describe('eth_signTypedData_v4', [address, typed], context)
    expect(summary.rows).toContainEqual({ label: 'Domain', value: 'Door' })
    expect(summary.rows).toContainEqual({ label: 'Type', value: 'Mail' })
    expect(summary.detail?.text).toBe('to: Bob\namount: 5')
  })
  test('long details are cut', () => {
    const summary = Summary.describe('wallet_sendCalls', [{ data: 'x'.repeat(10_000) }], context)
    expect(summary.detail!.text.length).toBe(Summary.DETAIL_MAX_CHARS + 1)
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
