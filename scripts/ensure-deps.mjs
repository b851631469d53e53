// Installs what `npm start` and `npm test` need, so both work on a fresh machine with only Node and npm:
// node_modules, and for `npm test` (`--test`) Debian's packages the tests use (system-packages.mjs).
// Plain JavaScript on purpose: it runs before node_modules (and so tsx) exists.
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import * as SystemPackages from './system-packages.mjs'

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

// `npm test` (`--test`): Debian's packages first, so a machine without them stops at once, not after npm ci.
if (process.argv.includes('--test')) {
  try {
    SystemPackages.ensure('npm test', SystemPackages.FOR_TESTS)
  } catch (error) {
    console.error(error.message)
    process.exit(1)
  }
}
ensureNodeModules()
