import { describe, expect, test } from 'vitest'
import * as Imports from './Imports.js'
import * as Repo from './Repo.js'

/**
 * No import circles in the product's source: every import counts, type-only and lazy ones too. Types
 * that modules on both sides need go in a leaf module that imports nothing above them (a port, a schema).
 */
describe('import circles', () => {
  test('none', () => {
    expect(Imports.circles(Imports.graph(Repo.ROOT))).toEqual([])
  })

  test('the reader finds a circle, a self-import and lazy and type-only edges', () => {
    const edges = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['d.ts']],
      ['e.ts', ['a.ts']],
    ])
    expect(Imports.circles(edges)).toEqual([['a.ts', 'b.ts', 'c.ts'], ['d.ts']])
    const graph = Imports.graph(Repo.ROOT)
    // Type-only (Bearer's Env) and lazy (Connection's MultiWallet) imports are edges too.
    expect(graph.get('apps/api/src/auth/sessions/Bearer.ts')).toContain('apps/api/src/http/Env.ts')
    expect(graph.get('apps/modal-frame/src/connection/Connection.ts')).toContain(
      'apps/modal-frame/src/connection/MultiWallet.ts',
    )
  })
})
