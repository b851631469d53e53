import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { expect, test } from 'vitest'

/**
 * A view takes shared code from the folders beside `views/` and never reaches into another view's
 * folder or into `app/` (docs/architecture.md says so; this keeps it true).
 */
test("no view imports another view's folder or app/", () => {
  const src = join(import.meta.dirname, '..')
  const wrong: string[] = []
  for (const view of readdirSync(import.meta.dirname, { withFileTypes: true }).filter((e) =>
    e.isDirectory(),
  )) {
    const folder = join(import.meta.dirname, view.name)
    const files = readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((f) => /\.tsx?$/.test(f))
    for (const file of files) {
      const path = join(folder, file)
      for (const [, target] of readFileSync(path, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)) {
        const to = relative(src, resolve(join(path, '..'), target ?? ''))
        const inOtherView = to.startsWith('views/') && !to.startsWith(`views/${view.name}/`)
        if (inOtherView || to.startsWith('app/')) wrong.push(`${relative(src, path)} -> ${to}`)
      }
    }
  }
  expect(wrong).toEqual([])
})
