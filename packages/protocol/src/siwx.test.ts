import { describe, expect, test } from 'vitest'
import * as HostModal from './host-modal.js'
import { schemaSuite } from './internal/schemaSuite.js'
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

schemaSuite('Siwx.HostMessages', Siwx.HostMessages, siwxSamples())

/** Samples of the SIWX messages the host answers (siwx.ts). */
function siwxSamples() {
  const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
  const ack = { valid: [undefined], invalid: [1] }
  const data = {
    accountAddress: address,
    chainId: 'eip155:1',
    domain: 'a.example',
    uri: 'https://a.example',
    version: '1',
    nonce: 'abcdefgh1',
  }
  const session = { data, message: 'a.example wants you to sign in', signature: '0x1' }
  const account = {
    valid: [{ chainId: 'eip155:1', address }],
    invalid: [
      { chainId: '1', address },
      { chainId: 'eip155:1', address: '' },
      { chainId: 'eip155:1', address, x: 1 },
    ],
  }
  return {
    siwxCreateMessage: {
      params: {
        valid: [{ accountAddress: address, chainId: 'eip155:1' }],
        invalid: [{ accountAddress: address }, { accountAddress: address, chainId: 'x' }],
      },
      result: {
        valid: [{ data }, { data, message: 'own text' }],
        invalid: [{ data, message: '' }, { data: { ...data, chainId: 'x' } }, {}],
      },
    },
    siwxAddSession: {
      params: {
        valid: [session, { ...session, cacao: { h: {} } }],
        invalid: [{ data }, { ...session, signature: 1 }],
      },
      result: ack,
    },
    siwxGetSessions: { params: account, result: { valid: [[], [session]], invalid: [[{ data }], {}] } },
    siwxGetRequired: {
      params: { valid: [undefined, {}], invalid: [{ x: 1 }] },
      result: { valid: [true, false], invalid: ['yes', 1] },
    },
    siwxRevokeSession: { params: account, result: ack },
  }
}

describe('HostMessages', () => {
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

  test('apart from HostModal.HostMessages (the first-open code does not carry them)', () => {
    for (const name of Object.keys(Siwx.HostMessages)) expect(name in HostModal.HostMessages).toBe(false)
  })
})
