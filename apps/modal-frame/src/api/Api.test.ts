import { describe, expect, test } from 'vitest'
import * as Api from './Api.js'

describe('walletsParams', () => {
  test('page and entries always; search, include, exclude and chains only when given', () => {
    expect(Api.walletsParams({ page: 2, entries: 40 })).toEqual({ page: '2', entries: '40' })
    expect(
      Api.walletsParams({
        page: 1,
        entries: 100,
        search: '  aurora ',
        include: ['a', 'b'],
        exclude: [],
        chains: ['eip155:31337', 'eip155:31338'],
      }),
    ).toEqual({
      page: '1',
      entries: '100',
      search: 'aurora',
      include: 'a,b',
      chains: 'eip155:31337,eip155:31338',
    })
    expect(Api.walletsParams({ page: 1, entries: 40, search: '   ' })).not.toHaveProperty('search')
  })
})
