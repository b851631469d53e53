import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import * as z from 'zod/mini'
import * as Messages from './Messages.js'
import * as Validate from './Validate.js'

const accepts = (check: (v: unknown) => unknown, value: unknown) => {
  try {
    check(value)
    return true
  } catch {
    return false
  }
}

const stateLike = fc.record(
  {
    open: fc.oneof(fc.boolean(), fc.constant('yes')),
    status: fc.constantFrom('disconnected', 'connecting', 'reconnecting', 'connected', 'bogus'),
    address: fc.oneof(
      fc.constant('0x1234567890abcdef1234567890ABCDEF12345678'),
      fc.constant('0x12'),
      fc.string(),
      fc.integer(),
    ),
    chainId: fc.oneof(fc.integer({ min: -3, max: 100_000 }), fc.double(), fc.string()),
    view: fc.oneof(fc.constantFrom('Connect', 'Account'), fc.string({ maxLength: 80 })),
  },
  { requiredKeys: [] },
)

describe('state', () => {
  test('accepts exactly what Messages.State accepts (fuzzed)', () => {
    fc.assert(
      fc.property(fc.oneof(stateLike, fc.anything()), (value) => {
        expect(accepts(Validate.state, value)).toBe(z.safeParse(Messages.State, value).success)
      }),
      { numRuns: 2000 },
    )
  })

  test('returns the snapshot without extra keys', () => {
    expect(
      Validate.state({ open: true, status: 'connected', view: 'Account', chainId: 1, extra: 1 }),
    ).toEqual({
      open: true,
      status: 'connected',
      view: 'Account',
      chainId: 1,
    })
  })
})

describe('rpcResponse', () => {
  test('accepts exactly what Messages.RpcResponse accepts (fuzzed)', () => {
    const responseLike = fc.oneof(
      fc.record({ result: fc.anything() }),
      fc.record(
        {
          error: fc.oneof(
            fc.record(
              {
                code: fc.oneof(fc.integer(), fc.double(), fc.string()),
                message: fc.oneof(fc.string(), fc.integer()),
                data: fc.anything(),
              },
              { requiredKeys: [] },
            ),
            fc.anything(),
          ),
        },
        { requiredKeys: [] },
      ),
      fc.anything(),
    )
    fc.assert(
      fc.property(responseLike, (value) => {
        expect(accepts(Validate.rpcResponse, value)).toBe(z.safeParse(Messages.RpcResponse, value).success)
      }),
      { numRuns: 2000 },
    )
  })
})
