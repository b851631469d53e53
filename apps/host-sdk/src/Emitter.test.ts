import { describe, expect, test, vi } from 'vitest'
import * as Emitter from './Emitter.js'

describe('create', () => {
  test('emits to listeners until removed; a throwing listener does not stop the others', () => {
    const emitter = Emitter.create()
    const seen: unknown[] = []
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const bad = () => {
      throw new Error('x')
    }
    const good = (value: never) => seen.push(value)
    emitter.on('chainChanged', bad)
    emitter.on('chainChanged', good)
    emitter.emit('chainChanged', '0x1')
    emitter.removeListener('chainChanged', good)
    emitter.emit('chainChanged', '0x2')
    expect(seen).toEqual(['0x1'])
    expect(error).toHaveBeenCalledTimes(2)
    error.mockRestore()
  })
})
