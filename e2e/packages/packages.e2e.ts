import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from '@playwright/test'
import * as PackageCheck from '../../apps/host-sdk/scripts/package-check.js'
import * as PageServer from '../appkit/PageServer.js'
import * as Flow from '../libraries/flow.js'

/**
 * The three npm packages as a developer outside the repository gets them: each packed with `npm pack` in
 * a fresh clone (its `prepack` builds it), installed into an empty project in the system's temporary
 * folder, type-checked under `strict` and bundled by esbuild (package-check.ts, the same check as
 * `check:package`), then the bundled page served on an origin the `demo` project allows (the AppKit page's,
 * seeded by the global setup) connects the injected test wallet, signs, sends on the devnet, switches
 * chain, reconnects after a reload and disconnects (the demo's library pages' journey).
 */

const PAGES: [PackageCheck.Name, 10 | 11 | 12][] = [
  ['@frontdoor/host-sdk', 10],
  ['@frontdoor/wagmi', 11],
  ['@frontdoor/react', 12],
]
const short = (name: PackageCheck.Name) => name.replace('@frontdoor/', '')

let temp: string
let server: { url: string; close: () => Promise<void> } | undefined

test.beforeAll(async () => {
  // A fresh clone, three builds, three installs from the registry: minutes on a busy machine.
  test.setTimeout(15 * 60_000)
  temp = mkdtempSync(join(tmpdir(), 'frontdoor-e2e-packages-'))
  const projects = PackageCheck.check(
    PAGES.map(([name]) => name),
    temp,
  )
  const site = join(temp, 'site')
  mkdirSync(site)
  for (const [name] of PAGES) {
    copyFileSync(join(projects[name], 'out.js'), join(site, `package-${short(name)}.js`))
    writeFileSync(
      join(site, `package-${short(name)}.html`),
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,">` +
        `<title>${name} from its tarball</title></head><body><div id="root"></div>` +
        `<script type="module" src="/package-${short(name)}.js"></script></body></html>`,
    )
  }
  server = await PageServer.serve(site)
})

test.afterAll(async () => {
  await server?.close()
  if (temp) rmSync(temp, { recursive: true, force: true })
})

test.describe('the npm packages installed outside the repository', () => {
  for (const [name, account] of PAGES)
    test(`${name}: connect, sign, send, switch, reload, disconnect from the bundled tarball`, async ({
      page,
    }) => {
      await Flow.journey(page, `/package-${short(name)}.html`, Flow.account(account), server!.url)
    })
})
