// `npm start`: runs the whole stack on embedded defaults, prints its addresses, stops it all on Ctrl-C.
import * as Stack from './stack/stack.js'

// `npm start -- --profile scale [part …]` (or STACK_PROFILE=scale): the scaled-out topology behind nginx.
const args = process.argv.slice(2)
const profileAt = args.indexOf('--profile')
const profileArg = profileAt >= 0 ? args.splice(profileAt, 2)[1] : undefined
const only = args.filter((arg) => !arg.startsWith('-'))
const started = Date.now()
let stack: Stack.Stack
let profile: Stack.Profile = 'default'
try {
  profile = Stack.profileFrom(profileArg ?? process.env.STACK_PROFILE)
  console.log(`frontdoor: starting the stack${profile === 'default' ? '' : ` (profile ${profile})`}…`)
  stack = await Stack.start({ profile, ...(only.length ? { only } : {}) })
} catch (error) {
  console.error((error as Error).message)
  process.exit(1)
}
console.log(
  `frontdoor: ready in ${((Date.now() - started) / 1000).toFixed(1)} s (logs in .data/logs/${profile === 'scale' ? 'scale/' : ''})\n`,
)
if (stack.parts.length === 0) console.log('  (no runnable parts yet)')
for (const part of stack.parts) console.log(`  ${part.name.padEnd(14)} ${part.url}`)
const demo = stack.parts.find((part) => part.name === 'demo' || part.name === 'page')
if (demo) console.log(`\nOpen the demo: ${demo.url}`)
console.log('\nPress Ctrl-C to stop.')

let stopping = false
const shutdown = async () => {
  if (stopping) return
  stopping = true
  console.log('\nfrontdoor: stopping…')
  await stack.stop()
  console.log('frontdoor: stopped')
  process.exit(0)
}
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)
if (stack.parts.length === 0) await shutdown()
else setInterval(() => {}, 1 << 30)
