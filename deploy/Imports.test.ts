import { describe, expect, test } from 'vitest'
import * as Imports from './Imports.js'
import * as Repo from './Repo.js'

/**
 * Import circles in the product's source (every import counts: type-only and lazy ones too). None may
 * be added. The ones left are listed here with what breaks them; a listed circle may shrink or go, never
 * grow (a file that joins one fails this test).
 */
const LEFT: { why: string; files: string[] }[] = [
  {
    why: 'siwx/Siwx.ts takes the Controller, which loads Siwx lazily: a port type of its own',
    files: ['apps/modal-frame/src/controller/Controller.ts', 'apps/modal-frame/src/siwx/Siwx.ts'],
  },
]

describe('import circles', () => {
  const circles = Imports.circles(Imports.graph(Repo.ROOT))

  test('none but those listed, and none of those grown', () => {
    const grown = circles.filter(
      (circle) => !LEFT.some(({ files }) => circle.every((f) => files.includes(f))),
    )
    expect(grown).toEqual([])
    expect(circles.length).toBeLessThanOrEqual(LEFT.length)
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
