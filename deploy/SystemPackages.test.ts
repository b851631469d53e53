import { spawnSync } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import * as Stack from '../scripts/stack/stack.js'
import * as SystemPackages from '../scripts/system-packages.mjs'
import { ROOT } from './Repo.js'

/**
 * Debian's packages that `npm test` and the stack's scale profile need (scripts/system-packages.mjs,
 * issue 36): installed as root with apt, otherwise the one command that installs them, at once. A
 * missing package is simulated with a PATH that holds only `node` (and CHROMIUM_PATH pointing nowhere):
 * the packages themselves stay installed for everyone else on the machine.
 */

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** A folder for PATH with `node` and the given scripts in it. */
function bin(scripts: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'frontdoor-bin-'))
  dirs.push(dir)
  symlinkSync(process.execPath, join(dir, 'node'))
  for (const [name, body] of Object.entries(scripts)) {
    writeFileSync(join(dir, name), `#!/bin/sh\n${body}\n`)
    chmodSync(join(dir, name), 0o755)
  }
  return dir
}

const asRoot = process.getuid?.() === 0
/** What a PATH of {@link bin} lacks here: redis-server and openssl are on PATH; nginx also in /usr/sbin. */
const absentHere: SystemPackages.Package[] = [
  'chromium',
  ...(SystemPackages.postgresBin() ? [] : (['postgresql'] as const)),
  'redis-server',
  ...(existsSync('/usr/sbin/nginx') ? [] : (['nginx'] as const)),
  'openssl',
]

const ensureDeps = (path: string) =>
  spawnSync(process.execPath, ['scripts/ensure-deps.mjs', '--test'], {
    cwd: ROOT,
    env: { PATH: path, CHROMIUM_PATH: '/nonexistent/chromium', HOME: tmpdir() },
    encoding: 'utf8',
    timeout: 30_000,
  })

describe('npm test (ensure-deps.mjs --test)', () => {
  test('without apt, stops at once with the one command that installs what is missing', () => {
    const result = ensureDeps(bin())

    expect(result.status).toBe(1)
    expect(result.stdout).toBe('') // nothing else ran: no install, no npm ci
    const lines = result.stderr.trim().split('\n')
    expect(lines[0]).toBe(`frontdoor: npm test needs Debian's ${absentHere.join(', ')}, not installed here:`)
    expect(lines).toContain('  chromium: the browser tests')
    expect(lines).toContain('  redis-server: the Redis tests and the scale profile')
    expect(lines).toContain("  openssl: the mail tests' TLS certificates")
    const commands = lines.filter((line) => /apt-get install/.test(line))
    expect(commands).toEqual([`  ${asRoot ? '' : 'sudo '}apt-get install -y ${absentHere.join(' ')}`])
    expect(lines.at(-1)).toBe(
      '  (or set CHROMIUM_PATH to a Chromium binary; it was looked for at /nonexistent/chromium)',
    )
  })

  test.skipIf(!asRoot)('as root with apt, installs what is missing in one apt-get install', () => {
    // apt-get is a stand-in that records its arguments and installs nothing: this machine has no
    // network for apt, and the packages stay installed for everyone else.
    const calls = join(mkdtempSync(join(tmpdir(), 'frontdoor-apt-')), 'calls')
    dirs.push(join(calls, '..'))
    const path = bin({ 'apt-get': `echo "$DEBIAN_FRONTEND apt-get $*" >> ${calls}` })

    const result = ensureDeps(path)

    expect(readFileSync(calls, 'utf8').trim().split('\n')).toEqual([
      'noninteractive apt-get update -qq',
      `noninteractive apt-get install -y -qq ${absentHere.join(' ')}`,
    ])
    expect(result.stdout).toContain(`frontdoor: installing Debian's ${absentHere.join(', ')} for npm test`)
    // The stand-in installed nothing, so it says what is still missing and stops.
    expect(result.status).toBe(1)
    expect(result.stderr).toContain(`apt-get install -y ${absentHere.join(' ')}`)
  })
})

describe("the scale profile's start", () => {
  test('without redis-server, fails before anything starts, with the one command', async () => {
    const absent = absentHere.filter((name) =>
      SystemPackages.FOR_SCALE.includes(name as SystemPackages.Package),
    )

    await expect(Stack.start({ profile: 'scale', env: { PATH: bin() } })).rejects.toThrow(
      SystemPackages.message('the scale profile', absent),
    )
  })
})
