// The release of the three npm packages (@frontdoor/host-sdk, @frontdoor/wagmi, @frontdoor/react) with
// changesets: one version for the three (.changeset/config.json `fixed`), a changelog in each.
//
//   npx changeset                 describe a change (a file in .changeset/), with the pull request
//   npm run release:version       applies the changesets: new versions and CHANGELOG.md, the lockfile, sdk.js
//                                 rebuilt and its versioned path and hash put in the READMEs' script tags
//                                 (release.ts), then the package checks (package-check.ts)
//   npm run release:publish       the package checks (publint, attw, a strict consumer of each tarball made
//                                 in a fresh clone), then `changeset publish`: `npm publish` of each
//                                 package whose version the registry does not have yet (its prepack builds
//                                 it) and a git tag per package
import { spawnSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import * as FreshClone from './FreshClone.js'
import * as PackageCheck from './package-check.js'

function run(command: string, args: string[], cwd: string) {
  const result = spawnSync(command, args, { cwd, stdio: ['ignore', 'inherit', 'inherit'] })
  if (result.status !== 0) throw new Error(`npm-release: ${command} ${args.join(' ')} failed in ${cwd}`)
}

/**
 * Writes the host SDK's new version into `@frontdoor/protocol/version` (SDK_VERSION, what every part
 * reports as `sv`), which changesets does not know of: the protocol package is private.
 */
function writeSdkVersion(root: string) {
  const { version } = JSON.parse(readFileSync(join(root, 'apps', 'host-sdk', 'package.json'), 'utf8'))
  const file = join(root, 'packages', 'protocol', 'src', 'version.ts')
  const source = readFileSync(file, 'utf8')
  const next = source.replace(/export const SDK_VERSION = '[^']*'/, `export const SDK_VERSION = '${version}'`)
  if (next === source && !source.includes(`SDK_VERSION = '${version}'`))
    throw new Error(`npm-release: no SDK_VERSION in ${file}`)
  writeFileSync(file, next)
}

/**
 * Applies the changesets of the repository at `root` (this one unless a test passes a copy): the three
 * packages' new version and changelogs (`changeset version`), SDK_VERSION, the lockfile's workspace
 * versions, and the READMEs' script tags for the new version's sdk.js (built here, as the version is in
 * its code).
 */
export function version(root: string = FreshClone.ROOT) {
  run(join(root, 'node_modules', '.bin', 'changeset'), ['version'], root)
  writeSdkVersion(root)
  run(
    'npm',
    [
      'install',
      '--package-lock-only',
      '--ignore-scripts',
      '--no-audit',
      '--no-fund',
      '--prefer-offline',
      '--loglevel',
      'error',
    ],
    root,
  )
  const hostSdk = join(root, 'apps', 'host-sdk')
  run(join(root, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], hostSdk)
  run(process.execPath, ['--import', 'tsx', join('scripts', 'release.ts'), '--write'], hostSdk)
}

if (process.argv[1] === import.meta.filename) {
  const step = process.argv[2]
  if (step === 'version') {
    version()
    PackageCheck.check()
  } else if (step === 'publish') {
    PackageCheck.check()
    run(join(FreshClone.ROOT, 'node_modules', '.bin', 'changeset'), ['publish'], FreshClone.ROOT)
  } else throw new Error('npm-release: version or publish')
}
