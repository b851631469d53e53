// `prepack` of @frontdoor/host-sdk, @frontdoor/wagmi and @frontdoor/react (npm runs it before `npm pack` and
// `npm publish`): builds the package's npm entries with tsdown, so a tarball made in a fresh clone, where no
// dist/ exists, holds its code. wagmi's and react's declarations import @frontdoor/host-sdk's (dist/index.d.ts
// through the workspace link): the host SDK is built first when its dist/ is missing or older than its sources.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const HOST_SDK = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const root = resolve(HOST_SDK, '..', '..')

/** The newest modification time under `paths` (files or folders), 0 when none exist. */
function newest(paths) {
  let latest = 0
  for (const path of paths) {
    if (!existsSync(path)) continue
    const stat = statSync(path)
    latest = stat.isDirectory()
      ? Math.max(latest, newest(readdirSync(path).map((entry) => join(path, entry))))
      : Math.max(latest, stat.mtimeMs)
  }
  return latest
}

/** What the host SDK's npm build reads: its sources and configs, and the packages it bundles. */
const hostSdkInputs = [
  ...['src', 'package.json', 'tsdown.config.ts'].map((p) => join(HOST_SDK, p)),
  join(root, 'packages', 'protocol', 'src'),
  join(root, 'packages', 'schemas', 'src'),
]

function tsdown(dir) {
  const result = spawnSync(process.execPath, [join(HOST_SDK, 'scripts', 'tsdown.mjs')], {
    cwd: dir,
    stdio: ['ignore', process.stderr, 'inherit'],
  })
  if (result.status !== 0) throw new Error(`prepack: tsdown failed in ${dir}`)
}

const dir = process.cwd()
if (dir !== HOST_SDK) {
  const types = join(HOST_SDK, 'dist', 'index.d.ts')
  if (!existsSync(types) || statSync(types).mtimeMs < newest(hostSdkInputs)) tsdown(HOST_SDK)
}
tsdown(dir)
