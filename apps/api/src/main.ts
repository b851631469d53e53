// The API process: `node --import tsx apps/api/src/main.ts`. Reads its settings from the environment.
import * as Server from './Server.js'

const SHUTDOWN_TIMEOUT_MS = 10_000

const server = await Server.start({ env: process.env })
console.log(`api: listening on ${server.url}`)

let stopping = false
const shutdown = (signal: string) => {
  if (stopping) return
  stopping = true
  server.deps.logger.info({ signal }, 'shutting down')
  setTimeout(() => process.exit(1), SHUTDOWN_TIMEOUT_MS).unref()
  server.stop().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error)
      process.exit(1)
    },
  )
}
process.on('SIGTERM', () => shutdown('SIGTERM'))
process.on('SIGINT', () => shutdown('SIGINT'))
