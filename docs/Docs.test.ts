import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { basename, dirname, join, relative } from 'node:path'
import { describe, expect, test } from 'vitest'
import * as Commands from './Commands.js'
import * as Markdown from './Markdown.js'

/**
 * The repository's docs say only what is true: every link and path they name exists, every shell line
 * names scripts, parts and files that exist, and every code sample is a copy of code a test runs (the
 * marker before the fence names it). Nothing points outside the repository.
 */

const root = join(import.meta.dirname, '..')
const repo: Commands.Repo = { root }
const DOCS = [
  'README.md',
  'SECURITY.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
  ...['apps', 'packages'].flatMap((top) =>
    readdirSync(join(root, top))
      .map((name) => `${top}/${name}/README.md`)
      .filter((path) => existsSync(join(root, path))),
  ),
]
const text = (path: string) => readFileSync(join(root, path), 'utf8')
const isTest = (path: string) => /\.(test|e2e)\.tsx?$/.test(path)

/** The test files of e2e/ and of `path`'s workspace that import `path` (by its name without extension). */
function testsImporting(path: string): string[] {
  const name = `/${basename(path).replace(/\.[a-z]+$/, '')}.js'`
  const workspace = path.split('/').slice(0, 2).join('/')
  return [workspace, 'e2e'].flatMap((folder) =>
    readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
      .filter((file) => !file.includes('node_modules') && isTest(file))
      .map((file) => join(folder, file))
      .filter((file) => text(file).includes(name)),
  )
}

describe.each(DOCS)('%s', (doc) => {
  const markdown = text(doc)

  test('points nowhere outside the repository', () => {
    expect(markdown).not.toMatch(/\.\.\/shared|\/work\/shared/)
  })

  test('its links and the repository paths it names exist', () => {
    const missing = [
      ...Markdown.relativeLinks(markdown).map((link) => relative(root, join(root, dirname(doc), link))),
      ...Markdown.repoPaths(markdown),
    ].filter((path) => !existsSync(join(root, path)) && !existsSync(join(root, dirname(doc), path)))
    expect(missing).toEqual([])
  })

  test('each shell line names scripts, parts, files and routes that exist', () => {
    const wrong = Markdown.fences(markdown)
      .filter((fence) => fence.lang === 'sh')
      .flatMap((fence) => fence.lines.map((line) => [line, Commands.check(repo, line)]))
      .filter(([, error]) => error !== undefined)
    expect(wrong).toEqual([])
  })

  test('each code sample is code a test runs, and says which', () => {
    for (const fence of Markdown.fences(markdown).filter((fence) => fence.lang !== 'sh')) {
      const where = `${doc}:${fence.line}`
      if (fence.lang === '') {
        // A tree of the layout: the paths in its first column exist.
        for (const line of fence.lines) {
          const column = line.split(/\s{2,}/)[0] ?? ''
          for (const path of column.split(/,\s*/).filter((path) => path.includes('/')))
            expect(existsSync(join(root, path)), `${where}: ${path}`).toBe(true)
        }
        continue
      }
      const sample = /^sample: (\S+), run by (\S+)$/.exec(fence.marker ?? '')
      const checked = /^checked by: (\S+)$/.exec(fence.marker ?? '')
      expect(sample ?? checked, `${where}: a ${fence.lang} sample without <!-- sample: … -->`).toBeTruthy()
      const runner = (sample?.[2] ?? checked?.[1]) as string
      expect(existsSync(join(root, runner)), `${where}: ${runner}`).toBe(true)
      if (checked) {
        expect(text(runner), `${where}: ${runner} reads ${doc}`).toMatch(/README|\.md/)
        continue
      }
      const file = sample?.[1] as string
      expect(Markdown.contains(text(file), fence.lines), `${where}: not a copy of ${file}`).toBe(true)
      const names = [file, basename(dirname(file)), basename(file).replace(/\.[a-z]+$/, '')]
      expect(
        names.some((name) => text(runner).includes(name)),
        `${where}: ${runner} runs ${file}`,
      ).toBe(true)
      expect(isTest(runner) || testsImporting(runner).length > 0, `${where}: a test runs ${runner}`).toBe(
        true,
      )
    }
  })
})

test('docs/architecture.md names files that exist (the check above reads it too)', () => {
  expect(Markdown.repoPaths(text('docs/architecture.md')).length).toBeGreaterThan(20)
})

test('the README stays short: under 150 lines, the rest in docs/', () => {
  expect(text('README.md').split('\n').length).toBeLessThan(150)
})
