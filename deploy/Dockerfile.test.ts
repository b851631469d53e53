import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, test } from 'vitest'
import * as Dockerfile from './Dockerfile.js'
import { ROOT } from './Repo.js'

/**
 * Every Dockerfile of the repository, checked without Docker: multi-stage, the final stage runs as a
 * user other than root, and every COPY source exists (in the repository, or, copied from a build
 * stage that ran `npm ci` on the whole tree, its path there: the repository's file or a build
 * output under node_modules/ or dist/).
 */

/** The repository's Dockerfiles (apps, packages, deploy), as paths from the root. */
function dockerfiles(): string[] {
  const found: string[] = []
  for (const base of ['apps', 'packages', 'deploy']) {
    const visit = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (entry.name === 'node_modules' || entry.name === 'dist') continue
        const path = join(dir, entry.name)
        if (entry.isDirectory()) visit(path)
        else if (entry.name === 'Dockerfile') found.push(relative(ROOT, path))
      }
    }
    visit(join(ROOT, base))
  }
  return found.sort()
}

/** The build outputs a stage may copy that a fresh clone does not have. */
const BUILT = /(^|\/)(node_modules|dist)(\/|$)/

/** Whether a COPY source exists: in the repository (the context), or in the build stage's /app. */
function exists(copy: Dockerfile.Copy, source: string): boolean {
  if (copy.from === undefined) return existsSync(join(ROOT, source))
  const path = source.replace(/^\/app\/?/, '')
  if (!source.startsWith('/app')) return false
  if (BUILT.test(path)) return existsSync(join(ROOT, path.split(BUILT)[0] ?? '.'))
  return existsSync(join(ROOT, path))
}

const files = dockerfiles()

describe('Dockerfiles', () => {
  test('one per app that runs as a server, the devnet and the edge', () => {
    expect(files).toEqual([
      'apps/api/Dockerfile',
      'apps/auth-frame/Dockerfile',
      'apps/bundler/Dockerfile',
      'apps/demo/Dockerfile',
      'apps/dev/Dockerfile',
      'apps/modal-frame/Dockerfile',
      'apps/onramp/Dockerfile',
      'apps/relay/Dockerfile',
      'deploy/nginx/Dockerfile',
      'packages/devnet/Dockerfile',
      'packages/solana/Dockerfile',
    ])
  })

  test.each(files)('%s: multi-stage, not root, every COPY source exists', (file) => {
    const parsed = Dockerfile.parse(readFileSync(join(ROOT, file), 'utf8'))
    expect(parsed.all.length, 'stages').toBeGreaterThanOrEqual(2)
    // Every stage an image can be built from (no other stage builds on it or copies from it) runs as
    // a user other than root (nginx-unprivileged's own is uid 101).
    const used = new Set([
      ...parsed.all.map((stage) => stage.image),
      ...parsed.copies.map((copy) => copy.from),
    ])
    const images = parsed.all.filter((stage) => !stage.name || !used.has(stage.name))
    expect(images.length).toBeGreaterThan(0)
    for (const stage of images) {
      const user = stage.user ?? (stage.image.startsWith('nginxinc/nginx-unprivileged') ? '101' : undefined)
      expect(user, `USER of the stage ${stage.name ?? stage.image}`).toBeDefined()
      expect(['root', '0']).not.toContain(user)
    }
    expect(parsed.copies.length).toBeGreaterThan(0)
    for (const copy of parsed.copies) {
      if (copy.from !== undefined) expect(parsed.stages, `line ${copy.line}: --from`).toContain(copy.from)
      for (const source of copy.sources)
        expect(exists(copy, source), `${file}:${copy.line} COPY ${source}`).toBe(true)
    }
  })

  test('the check can fail: a missing source, an unknown stage, a stage that stays root', () => {
    const parsed = Dockerfile.parse(
      [
        'FROM node:20 AS build',
        'COPY apps/nope ./x',
        'FROM node:20',
        'COPY --from=build /app/packages/nope \\',
        '  ./y',
        'COPY --from=elsewhere /app/apps/api ./z',
      ].join('\n'),
    )
    const [missing, fromBuild, unknown] = parsed.copies as [Dockerfile.Copy, Dockerfile.Copy, Dockerfile.Copy]
    expect(exists(missing, 'apps/nope')).toBe(false)
    expect(exists(fromBuild, '/app/packages/nope')).toBe(false)
    expect(fromBuild.sources).toEqual(['/app/packages/nope'])
    expect(parsed.stages).not.toContain(unknown.from)
    expect(parsed.all.at(-1)?.user).toBeUndefined()
    expect(exists(fromBuild, '/app/apps/api/node_modules')).toBe(true)
    expect(exists(fromBuild, '/app/apps/api')).toBe(true)
  })

  test('.dockerignore keeps installed and built files out of the context', () => {
    const ignored = readFileSync(join(ROOT, '.dockerignore'), 'utf8').split('\n')
    for (const pattern of ['.git', '**/node_modules', '**/dist', '.data']) expect(ignored).toContain(pattern)
  })
})
