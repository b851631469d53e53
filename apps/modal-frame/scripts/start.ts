// The modal-frame part of the stack: builds the modal and sdk.js when their sources are newer than the
// build, then serves them on MODAL_URL's port.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import * as Addresses from '@frontdoor/protocol/addresses'
import * as Server from '../server.js'

const app = join(dirname(fileURLToPath(import.meta.url)), '..')
const root = join(app, '..', '..')
const hostSdk = join(root, 'apps', 'host-sdk')

/** The newest modification time under `paths` (files or folders), 0 when none exist. */
export function newest(paths: string[]): number {
  let latest = 0
  for (const path of paths) {
    if (!existsSync(path)) continue
    const stat = statSync(path)
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) {
        if (entry !== 'node_modules' && entry !== 'dist')
          latest = Math.max(latest, newest([join(path, entry)]))
      }
    } else latest = Math.max(latest, stat.mtimeMs)
  }
  return latest
}

function buildIfStale(name: string, cwd: string, output: string, inputs: string[]) {
  const built = existsSync(output) ? statSync(output).mtimeMs : 0
  if (built >= newest(inputs)) return
  console.log(`${name}: building (sources are newer than ${output})`)
  const result = spawnSync(join(root, 'node_modules', '.bin', 'vite'), ['build'], { cwd, stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

const shared = [join(root, 'packages', 'schemas', 'src'), join(root, 'packages', 'protocol', 'src')]
buildIfStale('host-sdk', hostSdk, join(hostSdk, 'dist', 'sdk.js'), [
  join(hostSdk, 'src'),
  join(hostSdk, 'vite.config.ts'),
  ...shared,
])
buildIfStale('modal-frame', app, join(app, 'dist', 'index.html'), [
  join(app, 'src'),
  join(app, 'index.html'),
  join(app, 'vite.config.ts'),
  join(hostSdk, 'src'),
  ...shared,
])

const addresses = Addresses.from(process.env)
const url = new URL(addresses.MODAL_URL)
await Server.listen(
  {
    distDir: join(app, 'dist'),
    sdkPath: join(hostSdk, 'dist', 'sdk.js'),
    apiUrl: addresses.API_URL,
    authUrl: addresses.AUTH_URL,
    relayUrl: addresses.RELAY_URL,
  },
  Addresses.port(addresses.MODAL_URL),
  url.hostname,
)
console.log(`modal-frame: serving ${addresses.MODAL_URL} (sdk.js at ${addresses.MODAL_URL}/sdk.js)`)
