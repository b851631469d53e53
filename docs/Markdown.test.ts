import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import * as Commands from './Commands.js'
import * as Markdown from './Markdown.js'

const doc = [
  'See [the API](api.md#routes), [Reown](https://reown.com) and `apps/api/src/app.ts`.',
  '',
  '<!-- sample: a.ts, run by a.test.ts -->',
  '```ts',
  'const a = 1 // `apps/not/read.ts`',
  '```',
  '```sh',
  'npm start',
  '```',
].join('\n')

describe('Markdown', () => {
  test('fences carry their language, lines and the marker before them', () => {
    expect(Markdown.fences(doc)).toEqual([
      {
        lang: 'ts',
        lines: ['const a = 1 // `apps/not/read.ts`'],
        marker: 'sample: a.ts, run by a.test.ts',
        line: 4,
      },
      { lang: 'sh', lines: ['npm start'], marker: undefined, line: 7 },
    ])
    expect(() => Markdown.fences('```ts\nopen')).toThrow('never closes')
  })

  test('links and paths come from the prose only; web addresses, patterns and build output are left out', () => {
    expect(Markdown.relativeLinks(doc)).toEqual(['api.md'])
    expect(Markdown.repoPaths(doc)).toEqual(['apps/api/src/app.ts'])
    expect(
      Markdown.repoPaths('`e2e/**/*.e2e.ts` `apps/x/dist/a.js` `e2e/artifacts/x` `apps/api/src/a.ts`.'),
    ).toEqual(['apps/api/src/a.ts'])
  })

  test('a sample is contained when its lines come in order; a cut marker and blank lines aside', () => {
    const source = 'import a\n\nconst b = 1\nconst c = 2\n'
    expect(Markdown.contains(source, ['import a', '// …', '  const c = 2'])).toBe(true)
    expect(Markdown.contains(source, ['const c = 2', 'import a'])).toBe(false)
    expect(Markdown.contains(source, ['const d = 3'])).toBe(false)
  })
})

describe('Commands', () => {
  const repo = { root: join(import.meta.dirname, '..') }

  test('true lines pass: scripts, parts, CLI commands, files, routes', () => {
    for (const line of [
      'npm start   # the whole stack',
      'npm start -- relay api',
      'npm start -- --profile scale',
      'npm run frontdoor -- projects list',
      'npm run bench:api -w @frontdoor/bench',
      'VAULT_MASTER_KEY=$(openssl rand -hex 32) docker compose up --build',
      'node --import tsx apps/relay/src/main.ts',
      'curl http://127.0.0.1:4001/healthz',
    ])
      expect(Commands.check(repo, line), line).toBeUndefined()
  })

  test('lines that name what the repository lacks say what', () => {
    expect(Commands.check(repo, 'npm run nothing')).toBe("no npm script 'nothing' in .")
    expect(Commands.check(repo, 'npm start -- relya')).toBe('no stack part relya')
    expect(Commands.check(repo, 'npm run frontdoor -- projects destroy')).toBe(
      "the frontdoor CLI has no 'destroy'",
    )
    expect(Commands.check(repo, 'node --import tsx apps/none.ts')).toBe('no such file: apps/none.ts')
    expect(Commands.check(repo, 'curl http://127.0.0.1:4000/nowhere')).toBe('no server answers /nowhere')
    expect(Commands.check(repo, 'rm -rf /')).toBe("no rule checks 'rm'")
  })
})
