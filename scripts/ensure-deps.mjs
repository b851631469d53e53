// Installs what `npm start` and `npm test` need, so both work on a fresh machine with only Node and npm.
// Plain JavaScript on purpose: it runs before node_modules (and so tsx) exists.
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const stamp = join(root, 'node_modules', '.frontdoor-lock-hash')

function run(command, args) {
  const status = spawnSync(command, args, { cwd: root, stdio: 'inherit' }).status ?? 1
  if (status !== 0) process.exit(status)
}

function lockHash() {
  return createHash('sha256')
    .update(readFileSync(join(root, 'package-lock.json')))
    .digest('hex')
}

function ensureNodeModules() {
  const hash = lockHash()
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === hash) return
  console.log('frontdoor: node_modules missing or stale, running npm ci')
  const ci = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root, encoding: 'utf8' })
  if (ci.status !== 0) {
    // A registry mirror may lack other platforms' optional binaries (biome, turbo), and npm ci then
    // refuses the lock file; npm install resolves the same versions and skips what it cannot have.
    const reason =
      ci.stderr
        .split('\n')
        .find((line) => line.startsWith('npm error') && !/^npm error( code|\s*$)/.test(line)) ?? ''
    console.log(
      `frontdoor: npm ci failed (${reason.replace(/^npm error\s*/, '').trim()}), running npm install`,
    )
    run('npm', ['install', '--no-audit', '--no-fund'])
  }
  writeFileSync(stamp, lockHash())
}

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

function ensureChromium() {
  if (existsSync(CHROMIUM_PATH)) return
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0
  if (!isRoot || !hasApt) {
    console.error(
      `frontdoor: Chromium is needed for the browser tests and was not found at ${CHROMIUM_PATH}.\n` +
        '  Install it (Debian/Ubuntu: sudo apt-get install chromium) or set CHROMIUM_PATH to a Chromium binary.',
    )
    process.exit(1)
  }
  console.log("frontdoor: installing Debian's chromium for the browser tests")
  run('apt-get', ['update', '-qq'])
  run('apt-get', ['install', '-y', '-qq', 'chromium'])
}

ensureNodeModules()
if (process.argv.includes('--browser')) ensureChromium()
