import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Page } from '@playwright/test'
import { build } from 'esbuild'
import * as Pages from '../modal/pages.js'

/** The demo's one-line page (sdk.js), which the `demo` project allows; dapp.ts is added to it. */
export const URL = `${Pages.addresses.DEMO_URL}/script-tag.html`

const bundles = new Map<string, Promise<string>>()

/** The dApp at `entry` (its TypeScript file) bundled for the browser, once a run. */
export function bundle(entry: string): Promise<string> {
  let bundled = bundles.get(entry)
  if (!bundled) {
    bundled = build({
      entryPoints: [entry],
      bundle: true,
      format: 'iife',
      platform: 'browser',
      target: 'es2022',
      write: false,
      logLevel: 'silent',
    }).then((result) => result.outputFiles[0]!.text)
    bundles.set(entry, bundled)
  }
  return bundled
}

/**
 * Adds this folder's dApp (dapp.ts: the host SDK's Solana entry from its sources, @wallet-standard/app)
 * to `page`, before the page's scripts, on every load.
 */
export async function install(page: Page) {
  await page.addInitScript({
    content: await bundle(join(dirname(fileURLToPath(import.meta.url)), 'dapp.ts')),
  })
}
