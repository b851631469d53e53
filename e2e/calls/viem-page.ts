import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, type Page } from '@playwright/test'
import { build } from 'esbuild'

/**
 * viem on the test page: dapp.ts bundled with esbuild (viem and all) into one script the test adds to
 * the page (`page.addInitScript({ content })`), and the calls that start one of its actions under a
 * key and read its outcome. The EIP-5792 tests (calls.e2e.ts) and the smart account's signatures
 * verified in the page (e2e/smart-account) use it.
 */

/** An action of dapp.ts. */
export type Action =
  | 'sendCalls'
  | 'getCallsStatus'
  | 'waitForCallsStatus'
  | 'showCallsStatus'
  | 'getCapabilities'
  | 'signMessage'
  | 'signTypedData'
  | 'verifyMessage'
  | 'verifyTypedData'

/** Where an action is: still waiting, or its value, or its error (the EIP-1193 code found in it). */
export type Outcome =
  | { state: 'pending' }
  | { state: 'resolved'; value: unknown }
  | { state: 'rejected'; code: number; name: string; details: string; message: string }

/** dapp.ts bundled for the browser (an IIFE that sets `window.__dapp`). */
export async function bundle(): Promise<string> {
  const result = await build({
    entryPoints: [join(dirname(fileURLToPath(import.meta.url)), 'dapp.ts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  })
  return result.outputFiles[0]!.text
}

/** Starts viem action `action` on the page under `key`. */
export function start(page: Page, key: string, action: Action, args: Record<string, unknown>) {
  return page.evaluate(
    ([k, a, x]) =>
      (window as unknown as { __dapp: { start: (...v: unknown[]) => void } }).__dapp.start(k, a, x),
    [key, action, args] as const,
  )
}

/** The outcome of the action under `key`. */
export function outcome(page: Page, key: string): Promise<Outcome> {
  return page.evaluate(
    (k) => (window as unknown as { __dapp: { outcome: (k: string) => Outcome } }).__dapp.outcome(k),
    key,
  )
}

/** Runs `action` and waits for its outcome. */
export async function run(page: Page, key: string, action: Action, args: Record<string, unknown>) {
  await start(page, key, action, args)
  await expect.poll(async () => (await outcome(page, key)).state, { timeout: 60_000 }).not.toBe('pending')
  return outcome(page, key)
}
