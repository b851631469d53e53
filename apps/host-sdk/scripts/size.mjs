// Size budget: sdk.js (the one-line script build), gzipped, must stay within 12 KB. Builds first.
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

const BUDGET_BYTES = 12 * 1024
const app = join(dirname(fileURLToPath(import.meta.url)), '..')
const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: app, stdio: 'inherit' })
if (result.status !== 0) process.exit(result.status ?? 1)
const code = readFileSync(join(app, 'dist', 'sdk.js'))
const size = gzipSync(code, { level: 9 }).length
const verdict = size <= BUDGET_BYTES ? 'ok' : 'OVER BUDGET'
console.log(
  `sdk.js: ${(code.length / 1024).toFixed(1)} KB, ${(size / 1024).toFixed(2)} KB gzipped (budget 12 KB) ${verdict}`,
)
if (size > BUDGET_BYTES) process.exit(1)
