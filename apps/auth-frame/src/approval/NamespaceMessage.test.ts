import { describe, expect, test } from 'vitest'
import * as NamespaceMessage from './NamespaceMessage.js'
import * as Summary from './Summary.js'

const BTC = 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu'
const context = { address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', chainId: 0 }

describe('the approval screen of Bitcoin, Polkadot and Cosmos messages', () => {
  test('each names its account, its network and the whole message (Polkadot hex bytes as text when printable)', () => {
    expect(NamespaceMessage.describe('signMessage', { account: BTC, message: 'Hello Bitcoin' })).toEqual({
      title: 'Sign message',
      rows: [
        { label: 'Method', value: 'signMessage' },
        { label: 'From', value: BTC },
        { label: 'Network', value: 'Bitcoin' },
      ],
      detail: { label: 'Message', text: 'Hello Bitcoin' },
    })
    const polkadot = NamespaceMessage.describe('polkadot_signMessage', {
      address: '1Dot',
      message: '0x68656c6c6f',
    })
    expect(polkadot.rows[1]).toEqual({ label: 'From', value: '1Dot' })
    expect(polkadot.detail).toEqual({ label: 'Message', text: 'hello' })
    expect(
      NamespaceMessage.read('polkadot_signMessage', { address: '1Dot', message: '0x0001' }).message,
    ).toBe('0x0001')
    expect(NamespaceMessage.read('polkadot_signMessage', { address: '1Dot', message: 'plain' }).message).toBe(
      'plain',
    )
    const cosmos = NamespaceMessage.describe('cosmos_signArbitrary', {
      signerAddress: 'cosmos1hub',
      data: 'Hi',
    })
    expect(cosmos.rows).toContainEqual({ label: 'Network', value: 'Cosmos Hub' })
    expect(cosmos.detail?.text).toBe('Hi')
  })

  test('what the vault refuses is -32602 naming the field, never shown', () => {
    const refusals: [NamespaceMessage.Method, unknown, string][] = [
      ['signMessage', { message: 'x' }, 'params.account'],
      ['signMessage', { account: BTC, address: 'bc1qother', message: 'x' }, 'params.address'],
      ['signMessage', { account: BTC, message: 'x', protocol: 'bip322' }, 'not bip322'],
      ['signMessage', { account: BTC, message: 'x'.repeat(32_769) }, 'longer than 32768'],
      ['polkadot_signMessage', { address: '1Dot' }, 'params.message'],
      ['cosmos_signArbitrary', { signerAddress: 'cosmos1hub', data: '' }, 'params.data'],
      ['cosmos_signArbitrary', ['cosmos1hub', 'x'], 'params'],
    ]
    for (const [method, params, named] of refusals)
      expect(() => NamespaceMessage.describe(method, params)).toThrow(
        expect.objectContaining({ code: -32602, message: expect.stringContaining(named) }),
      )
  })

  test('the screen shows the summary read before (NamespaceMessage is a lazy chunk), none unread', () => {
    const params = { account: BTC, message: 'Hello Bitcoin' }
    const message = NamespaceMessage.describe('signMessage', params)
    expect(() => Summary.describe('signMessage', params, context)).toThrow(
      expect.objectContaining({ code: -32602 }),
    )
    expect(Summary.describe('signMessage', params, { ...context, message })).toBe(message)
  })
})
