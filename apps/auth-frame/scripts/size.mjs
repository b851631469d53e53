// Size budget: the auth frame's JavaScript, gzipped, must stay within 36 KB (32 KB in November 2026).
// The frame loads with the modal, so every kilobyte counts in the JS before the first open; viem's client
// and http transport alone would add 8 KB. Measures a fresh build in a temporary folder, so a running
// stack's dist/ is left alone.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

const BUDGET_BYTES = 36 * 1024
const app = join(dirname(fileURLToPath(import.meta.url)), '..')
const dist = mkdtempSync(join(tmpdir(), 'auth-size-'))
process.on('exit', () => rmSync(dist, { recursive: true, force: true }))
const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', dist, '--emptyOutDir'], {
  cwd: app,
  stdio: 'inherit',
})
if (result.status !== 0) process.exit(result.status ?? 1)
let total = 0
for (const file of readdirSync(join(dist, 'assets')).filter((name) => name.endsWith('.js'))) {
  const size = gzipSync(readFileSync(join(dist, 'assets', file)), { level: 9 }).length
  total += size
  console.log(`  assets/${file}: ${(size / 1024).toFixed(1)} KB gzipped`)
}
const verdict = total <= BUDGET_BYTES ? 'ok' : 'OVER BUDGET'
console.log(
  `auth frame JS: ${(total / 1024).toFixed(1)} KB gzipped (budget ${BUDGET_BYTES / 1024} KB) ${verdict}`,
)
if (total > BUDGET_BYTES) process.exit(1)
