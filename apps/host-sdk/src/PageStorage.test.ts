// @vitest-environment jsdom
import { beforeEach, describe, expect, test } from 'vitest'
import * as PageStorage from './PageStorage.js'

describe('PageStorage', () => {
  beforeEach(() => localStorage.clear())

  test('reads and writes the keys under one prefix only', () => {
    localStorage.setItem('other', 'x')
    PageStorage.write('frontdoor:modal:demo:', 'frontdoor:connections', '[1]')
    PageStorage.write('frontdoor:modal:other:', 'frontdoor:connections', '[2]')
    expect(PageStorage.read('frontdoor:modal:demo:')).toEqual({ 'frontdoor:connections': '[1]' })
    PageStorage.write('frontdoor:modal:demo:', 'frontdoor:connections', null)
    expect(PageStorage.read('frontdoor:modal:demo:')).toEqual({})
  })

  test('keeps at most MAX_KEYS keys per prefix (an existing key can still change)', () => {
    for (let i = 0; i < PageStorage.MAX_KEYS + 5; i++) PageStorage.write('p:', `k${i}`, 'v')
    expect(Object.keys(PageStorage.read('p:'))).toHaveLength(PageStorage.MAX_KEYS)
    PageStorage.write('p:', 'k0', 'changed')
    expect(PageStorage.read('p:').k0).toBe('changed')
  })
})
