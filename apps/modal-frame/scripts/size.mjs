// Size budget: the JavaScript the modal loads before the Connect view shows, gzipped, must stay within
// 100 KB. That is the entry, its static imports, and the UI chunk the entry imports at once (with its
// static imports); feature screens (dynamic imports of the UI) are not counted. Reads vite's manifest.
// `--build` measures a fresh build in a temporary folder, so a running stack's dist/ is left alone.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

const BUDGET_BYTES = 100 * 1024
const app = join(dirname(fileURLToPath(import.meta.url)), '..')
const fresh = process.argv.includes('--build') || !existsSync(join(app, 'dist', '.vite', 'manifest.json'))
const dist = fresh ? mkdtempSync(join(tmpdir(), 'modal-size-')) : join(app, 'dist')
if (fresh) {
  process.on('exit', () => rmSync(dist, { recursive: true, force: true }))
  const result = spawnSync(
    'npx',
    ['vite', 'build', '--logLevel', 'warn', '--outDir', dist, '--emptyOutDir'],
    {
      cwd: app,
      stdio: 'inherit',
    },
  )
  if (result.status !== 0) process.exit(result.status ?? 1)
}
const manifestPath = join(dist, '.vite', 'manifest.json')
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'))
const files = new Set()
const addStatic = (key) => {
  const chunk = manifest[key]
  if (!chunk || files.has(chunk.file)) return
  files.add(chunk.file)
  for (const next of chunk.imports ?? []) addStatic(next)
}
const entry = manifest['index.html']
addStatic('index.html')
// Only the UI chunk is imported at once by the entry (src/main.tsx); its other dynamic imports (the
// WalletConnect connector) load on first use.
const EAGER_DYNAMIC = ['src/app/mount.tsx']
for (const eager of entry.dynamicImports ?? []) if (EAGER_DYNAMIC.includes(eager)) addStatic(eager)
let total = 0
for (const file of files) {
  const size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length
  total += size
  console.log(`  ${file}: ${(size / 1024).toFixed(1)} KB gzipped`)
}
const verdict = total <= BUDGET_BYTES ? 'ok' : 'OVER BUDGET'
console.log(`modal initial JS: ${(total / 1024).toFixed(1)} KB gzipped (budget 100 KB) ${verdict}`)
if (total > BUDGET_BYTES) process.exit(1)
