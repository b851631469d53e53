import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Page } from '@playwright/test'
import { build } from 'esbuild'
import * as Pages from '../modal/pages.js'

/** The demo's one-line page (sdk.js), which the `demo` project allows; dapp.ts is added to it. */
export const URL = `${Pages.addresses.DEMO_URL}/script-tag.html`

let bundled: Promise<string> | undefined
/** dapp.ts bundled for the browser (the host SDK's Solana entry from its sources, @wallet-standard/app). */
function script(): Promise<string> {
  bundled ??= build({
    entryPoints: [join(dirname(fileURLToPath(import.meta.url)), 'dapp.ts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  }).then((result) => result.outputFiles[0]!.text)
  return bundled
}

/** Adds the dApp to `page` (before the page's scripts, on every load). */
export async function install(page: Page) {
  await page.addInitScript({ content: await script() })
}
