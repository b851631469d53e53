import { describe, expect, test } from 'vitest'
import * as Backends from './Backends.js'
import * as Device from './Device.js'

describe('id', () => {
  test('made once and kept: the same browser gives the same id, another browser another', () => {
    const storage = Backends.memory()
    expect(storage.getItem(Device.KEY)).toBeNull()
    const first = Device.id(storage)
    expect(first).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(storage.getItem(Device.KEY)).toBe(first)
    expect(Device.id(storage)).toBe(first)
    expect(Device.id(Backends.memory())).not.toBe(first)
  })

  test('a damaged stored value is replaced; a store that throws still gives an id', () => {
    const storage = Backends.memory()
    storage.setItem(Device.KEY, 'not an id!')
    expect(Device.id(storage)).toMatch(/^[A-Za-z0-9_-]{22}$/)
    const broken: Backends.Backend = {
      getItem: () => {
        throw new Error('denied')
      },
      setItem: () => {
        throw new Error('denied')
      },
      removeItem: () => {},
    }
    expect(Device.id(broken)).toMatch(/^[A-Za-z0-9_-]{22}$/)
  })
})
