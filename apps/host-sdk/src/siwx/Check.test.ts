import * as Siwx from '@frontdoor/protocol/siwx'
import fc from 'fast-check'
import { describe, expect, test, vi } from 'vitest'
import * as z from 'zod/mini'
import * as Check from './Check.js'

vi.setConfig({ testTimeout: 30_000 })

// Each hand-written check accepts exactly what packages/protocol siwx.ts's zod schema accepts.
const agrees = (check: (v: unknown) => unknown, schema: z.ZodMiniType, value: unknown) => {
  let accepted = true
  try {
    check(value)
  } catch {
    accepted = false
  }
  expect(accepted, JSON.stringify(value)).toBe(z.safeParse(schema, value).success)
}

const chainId = fc.constantFrom(
  'eip155:1',
  'eip155:31337',
  'solana:5eykt',
  'eip155:',
  ':1',
  'eip155:1:x',
  'x',
  7,
)
const address = fc.constantFrom('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', '', 'x'.repeat(129), 1)
const text = fc.constantFrom('a', '', 3, undefined)
const data = fc.record(
  {
    accountAddress: fc.constantFrom('0xabc', '', 1),
    chainId,
    domain: text,
    uri: text,
    version: text,
    nonce: text,
    statement: text,
    issuedAt: text,
    requestId: text,
    resources: fc.constantFrom(['https://a'], [], [1], 'x', undefined),
    extra: fc.constantFrom(1, undefined),
  },
  { requiredKeys: [] },
)

describe('Check', () => {
  test('account: { accountAddress, chainId }, nothing else', () => {
    const params = Siwx.HostMessages.siwxCreateMessage.params
    fc.assert(
      fc.property(
        fc.record(
          { accountAddress: address, chainId, more: fc.constantFrom(1, undefined) },
          { requiredKeys: [] },
        ),
        (v) => agrees(Check.account, params, v),
      ),
    )
    for (const v of [null, [], 'x', {}]) agrees(Check.account, params, v)
  })

  test('chainAddress: { chainId, address }, nothing else', () => {
    const params = Siwx.HostMessages.siwxGetSessions.params
    fc.assert(
      fc.property(
        fc.record({ address, chainId, more: fc.constantFrom(1, undefined) }, { requiredKeys: [] }),
        (v) => agrees(Check.chainAddress, params, v),
      ),
    )
  })

  test('session: data, message and signature within their limits, cacao anything', () => {
    const params = Siwx.HostMessages.siwxAddSession.params
    const session = fc.record(
      {
        data,
        message: fc.constantFrom('m', '', 'x'.repeat(Siwx.MESSAGE_MAX_CHARS + 1), 1),
        signature: fc.constantFrom('0x1', '', 'x'.repeat(Siwx.SIGNATURE_MAX_CHARS + 1)),
        cacao: fc.constantFrom({ h: 1 }, undefined, 'x', [1]),
        more: fc.constantFrom(1, undefined),
      },
      { requiredKeys: [] },
    )
    fc.assert(fc.property(session, (v) => agrees(Check.session, params, v)))
  })

  test('noParams: nothing, or an empty object', () => {
    const params = Siwx.HostMessages.siwxGetRequired.params
    for (const v of [undefined, {}, { x: 1 }, null, [], 'x', 0]) agrees(Check.noParams, params, v)
  })

  test('messageData keeps the fields of a message only: a page message with toString crosses as data', () => {
    const message = {
      accountAddress: '0xabc',
      chainId: 'eip155:1',
      domain: 'shop.example',
      uri: 'https://shop.example',
      version: '1',
      nonce: 'abcdefgh1',
      toString: () => 'text',
    }
    expect(() => Check.messageData(message)).toThrow('Invalid message')
    expect(Check.messageData(message, false)).toEqual({
      accountAddress: '0xabc',
      chainId: 'eip155:1',
      domain: 'shop.example',
      uri: 'https://shop.example',
      version: '1',
      nonce: 'abcdefgh1',
    })
  })
})
