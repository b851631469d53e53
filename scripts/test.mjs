// `npm test`: lint, dead code (knip), typecheck, unit tests (on a throwaway PostgreSQL and Redis, as CI),
// the fault tests (real PostgreSQL restarts under a running API), then the end-to-end tests in Chromium.
// Stops at the first failure. ensure-deps.mjs has installed what they need (or stopped at once).
import { spawnSync } from 'node:child_process'
import * as Services from './services.mjs'

// The end-to-end stacks listen on fixed ports: one run at a time on a machine (flock where it exists).
const E2E_LOCK = '/tmp/frontdoor-e2e.lock'
const hasFlock = spawnSync('flock', ['--version'], { stdio: 'ignore' }).status === 0
const e2e = (args) => (hasFlock ? ['flock', [E2E_LOCK, 'npx', ...args]] : ['npx', args])

const steps = [
  ['lint', 'npx', ['biome', 'check', '.']],
  ['dead code', 'npx', ['knip']],
  [
    'typecheck + unit',
    'npx',
    ['turbo', 'run', 'typecheck', 'test', '--output-logs=errors-only', '--concurrency=2'],
    // The integration tests' PostgreSQL and Redis (DATABASE_URL, REDIS_URL), unless the caller names its own.
    { services: true },
  ],
  ['typecheck scripts', 'npx', ['tsc', '-p', '.']],
  ['faults', 'npm', ['run', 'test:faults']],
  ['end-to-end', ...e2e(['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--pass-with-no-tests'])],
  // Through nginx at the edge, two API and two relay nodes on PostgreSQL and Redis (the scale profile).
  ['end-to-end through the edge', ...e2e(['playwright', 'test', '-c', 'e2e/scale/playwright.config.ts'])],
]

// Ctrl-C reaches the step's processes too; the services are stopped once the step has ended.
process.on('SIGINT', () => {})
for (const [name, command, args, { services } = {}] of steps) {
  console.log(`\n== ${name}: ${command} ${args.join(' ')}`)
  const started = services ? await Services.start() : undefined
  for (const [variable, url] of Object.entries(started?.urls ?? {})) console.log(`   ${variable}=${url}`)
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, ...started?.urls, FORCE_COLOR: process.env.CI ? '0' : '1' },
  })
  started?.stop()
  if (result.status !== 0) {
    console.error(`\nnpm test: ${name} failed`)
    process.exit(result.status ?? 1)
  }
}
console.log('\nnpm test: all steps passed')
