// `npm start`: runs the whole stack on embedded defaults, prints its addresses, stops it all on Ctrl-C.
import * as Stack from './stack/stack.js'

const only = process.argv.slice(2).filter((arg) => !arg.startsWith('-'))
const started = Date.now()
console.log('frontdoor: starting the stack…')
let stack: Stack.Stack
try {
  stack = await Stack.start(only.length ? { only } : {})
} catch (error) {
  console.error((error as Error).message)
  process.exit(1)
}
console.log(`frontdoor: ready in ${((Date.now() - started) / 1000).toFixed(1)} s (logs in .data/logs/)\n`)
if (stack.parts.length === 0) console.log('  (no runnable parts yet)')
for (const part of stack.parts) console.log(`  ${part.name.padEnd(14)} ${part.url}`)
const demo = stack.parts.find((part) => part.name === 'demo')
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
