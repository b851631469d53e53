import { execFile } from 'node:child_process'
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { expect, test } from 'vitest'
import * as Migrator from './Migrator.js'

const TABLES_FILE = fileURLToPath(new URL('./Tables.ts', import.meta.url))
const DRIZZLE_KIT = join(dirname(createRequire(import.meta.url).resolve('drizzle-kit')), 'bin.cjs')

test('drizzle-kit generate finds nothing to add: Tables.ts and migrations/ agree', {
  timeout: 60_000,
}, async () => {
  // On a copy, so that a disagreement shows here as a new file and never lands in migrations/.
  // (drizzle-kit takes `--out` relative to its working folder, and exits 0 even when it fails.)
  const folder = await mkdtemp(join(tmpdir(), 'frontdoor-generate-'))
  try {
    const out = join(folder, 'migrations')
    await cp(Migrator.MIGRATIONS_DIR, out, { recursive: true })
    const before = await readdir(out, { recursive: true })
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [DRIZZLE_KIT, 'generate', '--dialect', 'postgresql', '--schema', TABLES_FILE, '--out', 'migrations'],
      { cwd: folder },
    )
    expect(await readdir(out, { recursive: true })).toEqual(before)
    expect(stdout).toContain('No schema changes')
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
})
