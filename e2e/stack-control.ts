/**
 * Stops and starts parts of the running e2e stack from a test (the global setup holds the processes
 * and listens for these calls on loopback).
 */

/** The environment variable holding the control address. */
export const ENV = 'E2E_STACK_CONTROL'

async function call(name: string, action: 'stop' | 'start', env?: Record<string, string>, live = false) {
  const base = process.env[ENV]
  if (!base) throw new Error(`stack-control: ${ENV} is not set (run through e2e/playwright.config.ts)`)
  const response = await fetch(
    `${base}/parts/${encodeURIComponent(name)}/${action}${live ? '?until=live' : ''}`,
    {
      method: 'POST',
      ...(env ? { body: JSON.stringify(env) } : {}),
    },
  )
  if (!response.ok) throw new Error(`stack-control: ${action} ${name}: ${await response.text()}`)
}

/** Stops a part; resolves once its process exited. */
export const stopPart = (name: string) => call(name, 'stop')

/** Starts a stopped part again (with `env` over its own environment, if given); resolves once it is healthy. */
export const startPart = (name: string, env?: Record<string, string>) => call(name, 'start', env)

/**
 * Starts a stopped part again and resolves once its process answers, ready or not: a part that waits
 * for a dependency that is down (the API's readiness waits for its database and Redis).
 */
export const startPartLive = (name: string, env?: Record<string, string>) => call(name, 'start', env, true)
