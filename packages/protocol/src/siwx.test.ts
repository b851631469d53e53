import { describe, expect, test } from 'vitest'
import * as HostModal from './host-modal.js'
import * as Message from './message.js'
import * as Siwx from './siwx.js'

const data = {
  accountAddress: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  chainId: 'eip155:31337',
  domain: 'shop.example',
  uri: 'https://shop.example',
  version: '1',
  nonce: 'abcdefgh1',
}

describe('HostMessages', () => {
  test('the SIWX messages are part of what the host answers, one definition each', () => {
    for (const name of Object.keys(Siwx.HostMessages))
      expect(HostModal.host.exposes[name as keyof typeof HostModal.host.exposes]).toBe(
        Siwx.HostMessages[name as keyof typeof Siwx.HostMessages],
      )
  })

  test('siwxCreateMessage: a CAIP-2 chain and an address in, message data (and its own text) out', () => {
    const def = Siwx.HostMessages.siwxCreateMessage
    expect(
      Message.parseParams('siwxCreateMessage', def, { accountAddress: '0xabc', chainId: 'eip155:1' }).ok,
    ).toBe(true)
    expect(Message.parseParams('siwxCreateMessage', def, { accountAddress: '0xabc', chainId: '1' })).toEqual({
      ok: false,
      message: 'Invalid params for "siwxCreateMessage": params.chainId: Invalid CAIP-2 network id: 1',
    })
    expect(Message.parseResult('siwxCreateMessage', def, { data }).ok).toBe(true)
    expect(Message.parseResult('siwxCreateMessage', def, { data, message: '' }).ok).toBe(false)
    expect(Message.parseResult('siwxCreateMessage', def, { data: { ...data, nonce: undefined } }).ok).toBe(
      false,
    )
  })

  test('siwxGetSessions answers sessions; a signature over the limit is refused', () => {
    const def = Siwx.HostMessages.siwxGetSessions
    const session = { data, message: 'm', signature: '0x1' }
    expect(Message.parseResult('siwxGetSessions', def, [session]).ok).toBe(true)
    expect(
      Message.parseResult('siwxGetSessions', def, [
        { ...session, signature: 'x'.repeat(Siwx.SIGNATURE_MAX_CHARS + 1) },
      ]).ok,
    ).toBe(false)
  })

  test('HostInfo carries whether sign-in is required', () => {
    expect(HostModal.HostInfo.shape.siwxSettings).toBeDefined()
    expect(Siwx.Settings.safeParse({ required: true }).success).toBe(true)
    expect(Siwx.Settings.safeParse({ required: 'yes' }).success).toBe(false)
  })
})
