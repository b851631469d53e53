import * as Errors from '@frontdoor/protocol/errors'
import { describe, expect, test } from 'vitest'
import * as Eip1193 from './Eip1193.js'

// The provider over a stand-in for the modal (Frontdoor.ts gives it the real one; e2e/provider
// drives that through a browser): what it answers itself, what it sends on, and its events.

function provider(account: { address?: string; chainId?: number } = { chainId: 31337 }) {
  const sent: unknown[] = []
  let opened = 0
  const eip1193 = Eip1193.create(
    account,
    async () => {},
    async () => void opened++,
    async (request) => {
      sent.push(request)
      return 'answer'
    },
  )
  const events: [string, unknown][] = []
  for (const name of ['connect', 'disconnect', 'chainChanged', 'accountsChanged'])
    eip1193.provider.on(name, (value: never) => void events.push([name, value]))
  return { ...eip1193, sent, events, opened: () => opened }
}

describe('request', () => {
  test('answers eth_chainId and eth_accounts itself; sends the rest with a fresh id, params only when given', async () => {
    const p = provider()
    expect(await p.provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
    expect(await p.provider.request({ method: 'eth_accounts' })).toEqual([])
    expect(await p.provider.request({ method: 'eth_blockNumber' })).toBe('answer')
    await p.provider.request({ method: 'personal_sign', params: ['0x01', '0xabc'] })
    const [first, second] = p.sent as { id: number }[]
    expect(first).toEqual({ id: expect.any(Number), method: 'eth_blockNumber' })
    expect(second).toEqual({ id: first!.id + 1, method: 'personal_sign', params: ['0x01', '0xabc'] })
  })

  test('a malformed request is -32602, not sent', async () => {
    const p = provider()
    for (const args of [undefined, {}, { method: 1 }, { method: 'eth_sign', params: 'x' }])
      await expect(p.provider.request(args as never)).rejects.toMatchObject({ code: -32602 })
    expect(p.sent).toEqual([])
  })
})

describe('eth_requestAccounts', () => {
  test('opens the modal and waits for a connection', async () => {
    const p = provider()
    const accounts = p.provider.request({ method: 'eth_requestAccounts' })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(p.opened()).toBe(1)
    p.update({ address: '0xabc', chainId: 31337 })
    expect(await accounts).toEqual(['0xabc'])
  })

  test('settled with an error (the visitor closed the modal): rejects with it', async () => {
    const p = provider()
    const accounts = p.provider.request({ method: 'eth_requestAccounts' })
    await new Promise((resolve) => setTimeout(resolve, 0))
    p.settle({ error: Errors.providerError('userRejectedRequest') })
    await expect(accounts).rejects.toMatchObject({ code: 4001 })
  })
})

describe('update', () => {
  test("emits what a state change implies, in wallets' order; nothing when account and chain stay", () => {
    const p = provider()
    p.update({ address: '0xabc', chainId: 31338 })
    p.update({ address: '0xabc', chainId: 31338 })
    p.update({ address: '0xdef', chainId: 31338 })
    p.update({ chainId: 31338 })
    expect(p.events).toEqual([
      ['chainChanged', '0x7a6a'],
      ['connect', { chainId: '0x7a6a' }],
      ['accountsChanged', ['0xabc']],
      ['accountsChanged', ['0xdef']],
      ['accountsChanged', []],
      ['disconnect', expect.objectContaining({ code: 4900 })],
    ])
  })
})
