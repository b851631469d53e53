// Size budget: the JavaScript the modal loads before the Connect view shows (the entry chunk and
// what index.html preloads), gzipped, must stay within 100 KB. Builds first when there is no build.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

const BUDGET_BYTES = 100 * 1024
const app = join(dirname(fileURLToPath(import.meta.url)), '..')
const dist = join(app, 'dist')
if (!existsSync(join(dist, 'index.html')) || process.argv.includes('--build')) {
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: app, stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}
const html = readFileSync(join(dist, 'index.html'), 'utf8')
const scripts = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1])
let total = 0
for (const script of scripts) {
  const size = gzipSync(readFileSync(join(dist, script)), { level: 9 }).length
  total += size
  console.log(`  ${script}: ${(size / 1024).toFixed(1)} KB gzipped`)
}
const verdict = total <= BUDGET_BYTES ? 'ok' : 'OVER BUDGET'
console.log(`modal initial JS: ${(total / 1024).toFixed(1)} KB gzipped (budget 100 KB) ${verdict}`)
if (total > BUDGET_BYTES) process.exit(1)
