// The relay process: `node --import tsx apps/relay/src/main.ts`. Reads its settings from the environment.
import * as Server from './Server.js'

const SHUTDOWN_TIMEOUT_MS = 10_000

const server = await Server.start({ env: process.env })
console.log(`relay: listening on ${server.url}`)

let stopping = false
const shutdown = () => {
  if (stopping) return
  stopping = true
  setTimeout(() => process.exit(1), SHUTDOWN_TIMEOUT_MS).unref()
  server.stop().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error)
      process.exit(1)
    },
  )
}
process.on('SIGTERM', shutdown)
process.on('SIGINT', shutdown)
