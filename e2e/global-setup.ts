import * as Stack from '../scripts/stack/stack.js'

/**
 * Starts the same stack `npm start` runs, on the ports of ARCHITECTURE.md, and stops it after the run.
 * `E2E_PARTS` (comma list) starts only some parts.
 */
export default async function globalSetup() {
  const only = process.env.E2E_PARTS?.split(',').filter(Boolean)
  const stack = await Stack.start(only ? { only } : {})
  return async () => {
    await stack.stop()
  }
}
