// @vitest-environment jsdom
import { describe, expect, test } from 'vitest'
import * as Siwe from './Siwe.js'
import type * as Siwx from './Siwx.js'

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

function legacy(required?: boolean) {
  const events: string[] = []
  let current: { address: string; chainId: number } | null = null
  const config: Siwe.SiweConfig = {
    getNonce: async () => 'nonce1234',
    getMessageParams: async () => ({ domain: 'shop.example', uri: 'https://shop.example', statement: 'Hi' }),
    createMessage: (args) => `legacy message for ${args.address} on ${args.chainId} with ${args.nonce}`,
    verifyMessage: async ({ signature }) => signature === '0xgood',
    getSession: async () => current,
    signOut: async () => {
      current = null
      return true
    },
    onSignIn: (s) => {
      current = s
      events.push(`in ${s.chainId}`)
    },
    onSignOut: () => events.push('out'),
    ...(required === undefined ? {} : { required }),
  }
  return { config, events }
}

describe('options', () => {
  test("siweConfig and siwx together: the spec's error, word for word", () => {
    expect(() => Siwe.options({ siwx: {}, siweConfig: legacy().config })).toThrow(
      'Cannot set both `siweConfig` and `siwx` options',
    )
  })

  test('siweConfig becomes siwx: its message text, its verification, its session and sign-out', async () => {
    const { config, events } = legacy()
    const mapped = Siwe.options({ projectId: 'p', siweConfig: config })
    expect('siweConfig' in mapped).toBe(false)
    const siwx = mapped.siwx as Siwx.Config
    expect(siwx.getRequired?.()).toBe(true)
    const message = await siwx.createMessage({ accountAddress: address, chainId: 'eip155:31337' })
    expect(message).toMatchObject({
      domain: 'shop.example',
      nonce: 'nonce1234',
      statement: 'Hi',
      chainId: 'eip155:31337',
    })
    expect(String(message)).toBe(`legacy message for ${address} on eip155:31337 with nonce1234`)
    const session = { data: message, message: String(message), signature: '0xbad' }
    await expect(siwx.addSession(session)).rejects.toThrow('Error verifying SIWE signature')
    expect(await siwx.getSessions('eip155:31337', address)).toEqual([])
    await siwx.addSession({ ...session, signature: '0xgood' })
    expect(events).toEqual(['in 31337'])
    expect(await siwx.getSessions('eip155:31337', address)).toHaveLength(1)
    expect(await siwx.getSessions('eip155:31338', address)).toEqual([])
    await siwx.revokeSession('eip155:31337', address)
    expect(events).toEqual(['in 31337', 'out'])
    expect(await siwx.getSessions('eip155:31337', address)).toEqual([])
    expect((Siwe.options({ siweConfig: legacy(false).config }).siwx as Siwx.Config).getRequired?.()).toBe(
      false,
    )
  })
})
