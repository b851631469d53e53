import { existsSync, readdirSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import * as Compile from './Compile.js'

describe('contracts', () => {
  test('compiles Token and Collectible and caches the output in .cache/', () => {
    const compiled = Compile.contracts()
    expect(Object.keys(compiled).sort()).toEqual(['Collectible', 'Token'])
    expect(compiled.Token?.bytecode).toMatch(/^0x[0-9a-f]{100,}$/)
    expect(compiled.Token?.abi.some((item) => item.type === 'function' && item.name === 'transferFrom')).toBe(
      true,
    )
    expect(
      compiled.Collectible?.abi.some((item) => item.type === 'function' && item.name === 'tokenURI'),
    ).toBe(true)
    expect(existsSync(Compile.CACHE_DIR)).toBe(true)
    expect(readdirSync(Compile.CACHE_DIR).some((file) => /^contracts-[0-9a-f]{16}\.json$/.test(file))).toBe(
      true,
    )
    expect(Compile.contracts()).toEqual(compiled)
  })
})
