// Debian's packages that `npm test` and the stack's scale profile use beyond Node: how each is found, and
// how the missing ones are installed (as root with apt) or named in the one command that installs them.
// Plain JavaScript on purpose: ensure-deps.mjs runs it before node_modules (and so tsx) exists.
import { spawnSync } from 'node:child_process'
import { accessSync, constants, existsSync, readdirSync } from 'node:fs'
import { delimiter, join } from 'node:path'

/** `command`'s path on `env.PATH` (and in /usr/sbin, outside a user's PATH on Debian), or undefined. */
export function which(command, env = process.env) {
  const dirs = [...(env.PATH ?? '').split(delimiter).filter(Boolean), '/usr/sbin']
  for (const dir of dirs) {
    const path = join(dir, command)
    try {
      accessSync(path, constants.X_OK)
      return path
    } catch {}
  }
  return undefined
}

/** The newest Debian PostgreSQL's binaries folder (`/usr/lib/postgresql/<version>/bin`), or undefined. */
export function postgresBin() {
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return undefined
  const newest = readdirSync(root)
    .filter((version) => existsSync(join(root, version, 'bin', 'initdb')))
    .sort((a, b) => Number(a) - Number(b))
    .at(-1)
  return newest ? join(root, newest, 'bin') : undefined
}

/** The browser the end-to-end tests drive. */
export const chromiumPath = (env = process.env) => env.CHROMIUM_PATH || '/usr/bin/chromium'

/** Each package: what needs it, and whether it is installed. */
const PACKAGES = {
  chromium: { for: 'the browser tests', found: (env) => existsSync(chromiumPath(env)) },
  postgresql: {
    for: 'the PostgreSQL tests and the scale profile',
    found: () => postgresBin() !== undefined,
  },
  'redis-server': {
    for: 'the Redis tests and the scale profile',
    found: (env) => !!which('redis-server', env),
  },
  nginx: { for: 'the edge (its tests and the scale profile)', found: (env) => !!which('nginx', env) },
  openssl: { for: "the mail tests' TLS certificates", found: (env) => !!which('openssl', env) },
}

/** What `npm test` needs, and what the stack's scale profile needs. */
export const FOR_TESTS = ['chromium', 'postgresql', 'redis-server', 'nginx', 'openssl']
export const FOR_SCALE = ['postgresql', 'redis-server', 'nginx']

/** The packages of `names` that are not installed. */
export function missing(names, env = process.env) {
  return names.filter((name) => !PACKAGES[name].found(env))
}

const isRoot = () => process.getuid?.() === 0

/**
 * Why `who` cannot run, and the one command that installs what is `absent` (the packages, not installed).
 *
 * @example
 * message('npm test', ['nginx']) // 'frontdoor: npm test needs nginx (the edge …) …\n  sudo apt-get install -y nginx'
 */
export function message(who, absent) {
  const lines = absent.map((name) => `  ${name}: ${PACKAGES[name].for}`)
  const chromium = absent.includes('chromium')
    ? `\n  (or set CHROMIUM_PATH to a Chromium binary; it was looked for at ${chromiumPath()})`
    : ''
  return (
    `frontdoor: ${who} needs Debian's ${absent.join(', ')}, not installed here:\n${lines.join('\n')}\n` +
    `Install ${absent.length > 1 ? 'them' : 'it'} with:\n` +
    `  ${isRoot() ? '' : 'sudo '}apt-get install -y ${absent.join(' ')}${chromium}`
  )
}

/**
 * Installs what `names` lacks with apt when this process is root and apt is there (as `npm test` always
 * has Chromium); otherwise throws {@link message}'s error at once, before anything starts.
 */
export function ensure(who, names) {
  const absent = missing(names)
  if (absent.length === 0) return
  if (!isRoot() || !which('apt-get')) throw new Error(message(who, absent))
  console.log(`frontdoor: installing Debian's ${absent.join(', ')} for ${who}`)
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', ...absent],
  ]) {
    const status = spawnSync('apt-get', args, { stdio: 'inherit', env }).status
    if (status !== 0) throw new Error(`frontdoor: apt-get ${args[0]} failed (exit ${status})`)
  }
  const still = missing(names)
  if (still.length) throw new Error(message(who, still))
}
