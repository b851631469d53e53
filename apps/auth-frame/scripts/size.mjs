// Size budget: the JavaScript the auth frame loads before the modal's first open (its entry and the
// chunks that entry imports), gzipped, must stay within 38 KB (32 KB, then 36 KB, in November 2026; 37 KB
// with the first lazy chunk, whose loader, Vite's preload helper, is 0.9 KB; 38 KB in December 2026, when
// the chain check before any screen, the one SDK version and the refusals of issues 33 and 35 took it
// 0.1 KB over, after Permit2's and the permits' rows had moved to a lazy chunk). The frame loads with the
// modal, so every kilobyte counts there; viem's client and http transport alone would add 8 KB. Code only
// some requests need (the Solana transaction reading) is a lazy chunk, loaded by that request: each lazy
// chunk has a budget of its own (8 KB). Measures a fresh build in a temporary folder, so a running
// stack's dist/ is left alone.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

const BUDGET_BYTES = 38 * 1024
const LAZY_CHUNK_BUDGET_BYTES = 8 * 1024
const app = join(dirname(fileURLToPath(import.meta.url)), '..')
const dist = mkdtempSync(join(tmpdir(), 'auth-size-'))
process.on('exit', () => rmSync(dist, { recursive: true, force: true }))
const result = spawnSync(
  'npx',
  ['vite', 'build', '--logLevel', 'warn', '--outDir', dist, '--emptyOutDir', '--manifest'],
  {
    cwd: app,
    stdio: 'inherit',
  },
)
if (result.status !== 0) process.exit(result.status ?? 1)
// Vite's manifest: the entry (index.html), the chunks it imports, and the chunks it imports lazily.
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'))
const eager = new Set()
const visit = (key) => {
  const chunk = manifest[key]
  if (!chunk || eager.has(chunk.file)) return
  eager.add(chunk.file)
  for (const next of chunk.imports ?? []) visit(next)
}
visit('index.html')
const gzipped = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length
let total = 0
let lazyOver = false
for (const file of readdirSync(join(dist, 'assets')).filter((name) => name.endsWith('.js'))) {
  const size = gzipped(join('assets', file))
  const lazy = !eager.has(`assets/${file}`)
  if (lazy) lazyOver ||= size > LAZY_CHUNK_BUDGET_BYTES
  else total += size
  console.log(
    `  assets/${file}: ${(size / 1024).toFixed(1)} KB gzipped${lazy ? ` (lazy, budget ${LAZY_CHUNK_BUDGET_BYTES / 1024} KB)` : ''}`,
  )
}
const verdict = total <= BUDGET_BYTES && !lazyOver ? 'ok' : 'OVER BUDGET'
console.log(
  `auth frame JS before the first open: ${(total / 1024).toFixed(1)} KB gzipped (budget ${BUDGET_BYTES / 1024} KB) ${verdict}`,
)
if (total > BUDGET_BYTES || lazyOver) process.exit(1)
