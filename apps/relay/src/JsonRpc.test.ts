import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import * as JsonRpc from './JsonRpc.js'

describe('rawId', () => {
  test('finds a 19-digit id without losing digits', () => {
    expect(JsonRpc.rawId('{"id":1712345678901234567,"jsonrpc":"2.0","method":"irn_publish"}')).toBe(
      '1712345678901234567',
    )
  })

  test('finds the top-level id after the params, not the params id', () => {
    const text =
      '{"method":"irn_unsubscribe","params":{"topic":"ab","id":"inner"} , "id" : 9007199254740993 }'
    expect(JsonRpc.rawId(text)).toBe('9007199254740993')
  })

  test('skips strings holding quotes, braces and "id"', () => {
    const text = '{"params":{"message":"\\"id\\":1 }{ \\\\"},"id":"x\\"y"}'
    expect(JsonRpc.rawId(text)).toBe('"x\\"y"')
  })

  test('is undefined without an id', () => {
    expect(JsonRpc.rawId('{"method":"x","params":{"id":1}}')).toBeUndefined()
  })

  test('matches what JSON.parse finds for any object with a safe id', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string(), fc.jsonValue()),
        fc.oneof(fc.integer(), fc.string()),
        (rest, id) => {
          const { id: _, ...others } = rest
          const text = JSON.stringify({ ...others, id })
          expect(JsonRpc.rawId(text)).toBe(JSON.stringify(id))
        },
      ),
    )
  })
})

describe('idText', () => {
  test('echoes an unsafe number from the text', () => {
    const text = '{"id":1712345678901234567}'
    expect(JsonRpc.idText(JSON.parse(text).id, text)).toBe('1712345678901234567')
  })

  test('keeps strings and safe numbers', () => {
    expect(JsonRpc.idText('1712345678901234567', '')).toBe('"1712345678901234567"')
    expect(JsonRpc.idText(42, '')).toBe('42')
    expect(JsonRpc.idText(null, '')).toBe('null')
  })
})

describe('responses', () => {
  test('put the id text in place', () => {
    expect(JsonRpc.result('1712345678901234567', 'true')).toBe(
      '{"id":1712345678901234567,"jsonrpc":"2.0","result":true}',
    )
    expect(JsonRpc.error('"a"', { code: 3001, message: 'Rate limited' })).toBe(
      '{"id":"a","jsonrpc":"2.0","error":{"code":3001,"message":"Rate limited"}}',
    )
  })
})

describe('ids', () => {
  test('stay at or below 2^53, unique and increasing', () => {
    let time = 1_800_000_000_000
    const next = JsonRpc.ids(() => time, 10)
    const all = [next()]
    for (let i = 0; i < 40; i++) {
      if (i === 25) time -= 5
      all.push(next())
    }
    for (const id of all) {
      expect(id).toMatch(/^\d{16}$/)
      // JavaScript clients parse larger ids as BigInt and ack them with "…n" strings.
      expect(Number.isSafeInteger(Number(id))).toBe(true)
      expect(JSON.parse(id)).toBe(Number(id))
    }
    expect(all.map(Number)).toEqual(all.map(Number).sort((a, b) => a - b))
    expect(new Set(all).size).toBe(all.length)
  })

  test('stay safe with the default counter and a clock centuries ahead', () => {
    const next = JsonRpc.ids(() => 7_000_000_000_000)
    let id = ''
    for (let i = 0; i < 2500; i++) id = next()
    expect(Number(id)).toBeLessThanOrEqual(2 ** 53)
  })
})
