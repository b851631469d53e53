// `npm start`: runs the whole stack on embedded defaults, prints its addresses, stops it all on Ctrl-C.
import * as Stack from './stack/stack.js'
import * as SystemPackages from './system-packages.mjs'

// `npm start -- --profile scale [part …]` (or STACK_PROFILE=scale): the scaled-out topology behind nginx.
const args = process.argv.slice(2)
const profileAt = args.indexOf('--profile')
const profileArg = profileAt >= 0 ? args.splice(profileAt, 2)[1] : undefined
const only = args.filter((arg) => !arg.startsWith('-'))
const started = Date.now()
const seconds = (value: number) => `${value.toFixed(1)} s`
// Ctrl-C while the stack starts stops what had started (the parts run in process groups of their own).
const starting = new AbortController()
let stack: Stack.Stack | undefined
let stopping = false
const shutdown = async () => {
  if (!stack) {
    starting.abort()
    return
  }
  if (stopping) return
  stopping = true
  console.log('\nfrontdoor: stopping…')
  await stack.stop()
  console.log('frontdoor: stopped')
  process.exit(0)
}
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)

let profile: Stack.Profile = 'default'
try {
  profile = Stack.profileFrom(profileArg ?? process.env.STACK_PROFILE)
  // Debian's PostgreSQL, Redis and nginx: installed as root with apt, as `npm test` does.
  if (profile === 'scale') SystemPackages.ensure('the scale profile', SystemPackages.FOR_SCALE)
  console.log(`frontdoor: starting the stack${profile === 'default' ? '' : ` (profile ${profile})`}…`)
  stack = await Stack.start({
    profile,
    ...(only.length ? { only } : {}),
    signal: starting.signal,
    // A line per part as it is built and as it answers: the time it took, and since `npm start` began.
    onProgress: ({ part, step, seconds: took }) =>
      console.log(
        `  ${part.padEnd(14)} ${step.padEnd(5)} in ${seconds(took).padStart(6)}  (${seconds((Date.now() - started) / 1000)})`,
      ),
  })
} catch (error) {
  console.error((error as Error).message)
  process.exit(1)
}
console.log(
  `frontdoor: ready in ${seconds((Date.now() - started) / 1000)} (logs in .data/logs/${profile === 'scale' ? 'scale/' : ''})\n`,
)
if (stack.parts.length === 0) console.log('  (no runnable parts yet)')
for (const part of stack.parts) console.log(`  ${part.name.padEnd(14)} ${part.url}`)
const demo = stack.parts.find((part) => part.name === 'demo' || part.name === 'page')
if (demo) console.log(`\nOpen the demo: ${demo.url}`)
console.log('\nPress Ctrl-C to stop.')

if (stack.parts.length === 0) await shutdown()
else setInterval(() => {}, 1 << 30)
