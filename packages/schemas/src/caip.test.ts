import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import * as Caip from './caip.js'

const part = fc.string({ minLength: 1, maxLength: 20 }).filter((s) => !s.includes(':'))
/** Any string whose colon-split does not give exactly `count` non-empty parts. */
const notParts = (count: number) =>
  fc
    .array(fc.string({ maxLength: 8 }), { minLength: 1, maxLength: 6 })
    .map((pieces) => pieces.map((p) => p.replaceAll(':', '')).join(':'))
    .filter((s) => {
      const split = s.split(':')
      return split.length !== count || split.some((p) => p === '')
    })

describe('parseCaip2', () => {
  test('parses a network id', () => {
    expect(Caip.parseCaip2('eip155:1')).toEqual({ chainNamespace: 'eip155', chainId: '1' })
    expect(Caip.parseCaip2('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toEqual({
      chainNamespace: 'solana',
      chainId: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    })
  })

  test('rejects with the exact message', () => {
    for (const bad of ['', 'eip155', 'eip155:', ':1', 'eip155:1:0xab', 'a::b']) {
      expect(() => Caip.parseCaip2(bad)).toThrow(new Error(`Invalid CAIP-2 network id: ${bad}`))
    }
  })

  test('property: any string without exactly 2 non-empty parts is rejected with the exact message', () => {
    fc.assert(
      fc.property(notParts(2), (value) => {
        expect(() => Caip.parseCaip2(value)).toThrow(`Invalid CAIP-2 network id: ${value}`)
      }),
    )
  })

  test('property: parse(format(ns, id)) round-trips', () => {
    fc.assert(
      fc.property(part, part, (ns, id) => {
        expect(Caip.parseCaip2(Caip.formatCaip2(ns, id))).toEqual({ chainNamespace: ns, chainId: id })
      }),
    )
  })
})

describe('parseCaip10', () => {
  test('parses an account id', () => {
    expect(Caip.parseCaip10('eip155:1:0xab')).toEqual({
      chainNamespace: 'eip155',
      chainId: '1',
      address: '0xab',
      caipNetworkId: 'eip155:1',
    })
  })

  test('rejects with the exact message', () => {
    for (const bad of ['', 'eip155:1', 'eip155:1:', '::', 'eip155::0xab', 'a:b:c:d']) {
      expect(() => Caip.parseCaip10(bad)).toThrow(new Error(`Invalid CAIP-10 address: ${bad}`))
    }
  })

  test('property: any string without exactly 3 non-empty parts is rejected with the exact message', () => {
    fc.assert(
      fc.property(notParts(3), (value) => {
        expect(() => Caip.parseCaip10(value)).toThrow(`Invalid CAIP-10 address: ${value}`)
      }),
    )
  })

  test('property: format(parse(x)) === x for every valid id', () => {
    fc.assert(
      fc.property(part, part, part, (ns, id, address) => {
        const value = `${ns}:${id}:${address}`
        const parsed = Caip.parseCaip10(value)
        expect(Caip.formatCaip10(parsed.caipNetworkId, parsed.address)).toBe(value)
        expect(parsed).toEqual({ chainNamespace: ns, chainId: id, address, caipNetworkId: `${ns}:${id}` })
      }),
    )
  })
})

describe('isCaip2', () => {
  test('agrees with parseCaip2', () => {
    expect(Caip.isCaip2('eip155:1')).toBe(true)
    expect(Caip.isCaip2('eip155:1:0x')).toBe(false)
    fc.assert(
      fc.property(
        fc.string({ maxLength: 12 }),
        (s) => Caip.isCaip2(s) === (s.split(':').length === 2 && !s.split(':').includes('')),
      ),
    )
  })
})

describe('isCaip10', () => {
  test('agrees with parseCaip10', () => {
    expect(Caip.isCaip10('eip155:1:0x1')).toBe(true)
    expect(Caip.isCaip10('eip155:1')).toBe(false)
  })
})

describe('formatCaip2', () => {
  test('formats numbers and strings', () => {
    expect(Caip.formatCaip2('eip155', 31337)).toBe('eip155:31337')
    expect(() => Caip.formatCaip2('eip155', '')).toThrow('Invalid CAIP-2 network id: eip155:')
  })
})

describe('formatCaip10', () => {
  test('formats and checks', () => {
    expect(Caip.formatCaip10('eip155:1', '0xab')).toBe('eip155:1:0xab')
    expect(() => Caip.formatCaip10('eip155', '0xab')).toThrow('Invalid CAIP-10 address: eip155:0xab')
  })
})

describe('invalidCaip2Message', () => {
  test('is the spec string', () => {
    expect(Caip.invalidCaip2Message('x')).toBe('Invalid CAIP-2 network id: x')
  })
})

describe('invalidCaip10Message', () => {
  test('is the spec string', () => {
    expect(Caip.invalidCaip10Message('x')).toBe('Invalid CAIP-10 address: x')
  })
})

describe('Caip2Schema', () => {
  test('accepts and rejects with the exact message', () => {
    expect(Caip.Caip2Schema.safeParse('eip155:1').success).toBe(true)
    expect(Caip.Caip2Schema.safeParse('eip155').error?.issues[0]?.message).toBe(
      'Invalid CAIP-2 network id: eip155',
    )
    expect(Caip.Caip2Schema.safeParse(1).success).toBe(false)
  })
})

describe('Caip10Schema', () => {
  test('accepts and rejects with the exact message', () => {
    expect(Caip.Caip10Schema.safeParse('eip155:1:0xab').success).toBe(true)
    expect(Caip.Caip10Schema.safeParse('eip155:1').error?.issues[0]?.message).toBe(
      'Invalid CAIP-10 address: eip155:1',
    )
  })
})

describe('evmChainId', () => {
  test('reads a number, 0x hex, a decimal string or eip155:<id>', () => {
    expect(Caip.evmChainId(137)).toBe(137)
    expect(Caip.evmChainId('0x89')).toBe(137)
    expect(Caip.evmChainId('137')).toBe(137)
    expect(Caip.evmChainId('eip155:137')).toBe(137)
    expect(Caip.evmChainId('eip155:0x89')).toBe(137)
  })

  test('is undefined for anything else', () => {
    for (const value of [
      0,
      -1,
      1.5,
      Number.MAX_SAFE_INTEGER + 1,
      '',
      '0',
      'x',
      'solana:1',
      'eip155:',
      '0x',
      null,
      undefined,
      {},
    ])
      expect(Caip.evmChainId(value)).toBeUndefined()
  })
})
