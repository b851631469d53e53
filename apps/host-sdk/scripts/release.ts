// sdk.js as it is published (issue 17): under a versioned path, /sdk/<version>/sdk.js (the package's
// version; cached as immutable), with its Subresource Integrity hash (sha384) in the README's script tag.
// Beside it /sdk/<version>/solana.js, the Solana entry sdk.js loads for data-solana (its hash is in sdk.js).
//
//   node --import tsx apps/host-sdk/scripts/release.ts           publishes dist/sdk.js and dist/sdk-solana.js
//                                                                 (as solana.js) in dist/release
//                                                                 (the build runs it), prints paths and hashes
//   node --import tsx apps/host-sdk/scripts/release.ts --write   also puts them in the READMEs' tags (the
//                                                                 repository's and the host SDK's)
import { createHash } from 'node:crypto'
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'

const app = join(import.meta.dirname, '..')
/** The READMEs whose script tags name sdk.js's versioned path and hash: the repository's and the host SDK's. */
export const READMES = [join(app, '..', '..', 'README.md'), join(app, 'README.md')]
const BUILT = join(app, 'dist', 'sdk.js')
/** The script build's Solana entry (vite.config.ts), published as solana.js beside sdk.js. */
const SOLANA_BUILT = join(app, 'dist', 'sdk-solana.js')
/** What the edge serves under /sdk/: dist/release/sdk/<version>/sdk.js. */
export const PUBLISHED = join(app, 'dist', 'release')

/** The host SDK's version (its package.json): the versioned path's. */
export const VERSION: string = JSON.parse(readFileSync(join(app, 'package.json'), 'utf8')).version

/** Where sdk.js of `version` is published on the modal's origin. */
export const path = (version: string = VERSION) => `/sdk/${version}/sdk.js`

/** Where solana.js of `version` is: beside its sdk.js (which loads it from there). */
export const solanaPath = (version: string = VERSION) => `/sdk/${version}/solana.js`

/** The Subresource Integrity value of `code`: sha384, base64. */
export const integrity = (code: Uint8Array) => `sha384-${createHash('sha384').update(code).digest('base64')}`

/** A README's script tags of sdk.js (`<script src="…/sdk.js"`, versioned or not): each one's src and integrity. */
export function readmeTags(readme: string): { src: string; integrity: string | undefined }[] {
  return [...readme.matchAll(/<script src="([^"]*\/sdk\.js)"[^>]*>/g)].map((tag) => ({
    src: tag[1] as string,
    integrity: tag[0].match(/ integrity="([^"]*)"/)?.[1],
  }))
}

/** `readme` with every sdk.js tag pointing at `version`'s path and carrying `hash`. */
export function withTag(readme: string, hash: string, version: string = VERSION): string {
  const tag =
    /<script src="([^"]*?)(?:\/sdk\/[^"/]+)?\/sdk\.js"(?: integrity="[^"]*")?(?: crossorigin="anonymous")?/g
  if (!readmeTags(readme).length) throw new Error('release: the README has no sdk.js script tag')
  return readme.replace(
    tag,
    (_, origin: string) =>
      `<script src="${origin}${path(version)}" integrity="${hash}" crossorigin="anonymous"`,
  )
}

/** Copies the built sdk.js and solana.js to their versioned paths under {@link PUBLISHED}; returns the copies. */
export function publish(): { sdk: string; solana: string } {
  const sdk = join(PUBLISHED, path())
  const solana = join(PUBLISHED, solanaPath())
  mkdirSync(dirname(sdk), { recursive: true })
  copyFileSync(BUILT, sdk)
  copyFileSync(SOLANA_BUILT, solana)
  return { sdk, solana }
}

if (process.argv[1] === import.meta.filename) {
  publish()
  const hash = integrity(readFileSync(BUILT))
  console.log(`sdk.js ${VERSION}: ${path()} integrity="${hash}"`)
  console.log(`solana.js ${VERSION}: ${solanaPath()} integrity="${integrity(readFileSync(SOLANA_BUILT))}"`)
  if (process.argv.includes('--write')) {
    for (const readme of READMES) writeFileSync(readme, withTag(readFileSync(readme, 'utf8'), hash))
    console.log('READMEs: script tags updated')
  }
}
