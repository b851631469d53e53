import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import * as Release from './release.js'

/**
 * The READMEs' script tags (the repository's and the host SDK's) name sdk.js's versioned path and the
 * Subresource Integrity hash of the file the build makes today: built here from the sources (not a dist/ that may be stale), so the tag
 * can never drift from the code. After a change to sdk.js: npm run build -w @frontdoor/host-sdk, then
 * node --import tsx apps/host-sdk/scripts/release.ts --write (and a new version for a release).
 */

const out = mkdtempSync(join(tmpdir(), 'frontdoor-sdk-release-'))
afterAll(() => rmSync(out, { recursive: true, force: true }))

describe('sdk.js as published', () => {
  test("the READMEs' tags: the versioned path of the package's version and the built file's sha384", () => {
    const build = spawnSync(
      'npx',
      ['vite', 'build', '--logLevel', 'warn', '--outDir', out, '--emptyOutDir'],
      {
        cwd: join(import.meta.dirname, '..'),
        encoding: 'utf8',
      },
    )
    expect(build.status, build.stderr).toBe(0)
    const built = readFileSync(join(out, 'sdk.js'))
    // Every sdk.js tag of the repository's README and the host SDK's, versioned and pinned.
    for (const readme of Release.READMES) {
      const text = readFileSync(readme, 'utf8')
      const tags = Release.readmeTags(text)
      expect(tags.length, readme).toBeGreaterThan(0)
      for (const tag of tags)
        expect(tag, readme).toEqual({
          src: `http://127.0.0.1:5180/sdk/${Release.VERSION}/sdk.js`,
          integrity: Release.integrity(built),
        })
    }
    // The same build made solana.js (sdk-solana.js in dist/): sdk.js pins it by its hash, and carries
    // none of its code (the Wallet Standard's register event, its features).
    const solana = readFileSync(join(out, 'sdk-solana.js'))
    expect(built.toString()).toContain(Release.integrity(solana))
    expect(solana.toString()).toContain('wallet-standard:register-wallet')
    expect(solana.toString()).toContain('solana:signMessage')
    for (const code of ['wallet-standard:register-wallet', 'solana:signMessage'])
      expect(built.toString()).not.toContain(code)
  }, 60_000)

  test('the hash is sha384 in base64 and changes with one byte; the path follows the version', () => {
    const code = new TextEncoder().encode('window.frontdoor={}')
    // openssl dgst -sha384 -binary | base64 of the same bytes.
    expect(Release.integrity(code)).toMatch(/^sha384-[A-Za-z0-9+/]{64}$/)
    expect(Release.integrity(code)).not.toBe(
      Release.integrity(new TextEncoder().encode('window.frontdoor={ }')),
    )
    expect(Release.path('1.2.3')).toBe('/sdk/1.2.3/sdk.js')
    expect(Release.solanaPath('1.2.3')).toBe('/sdk/1.2.3/solana.js')
    expect(Release.VERSION).toMatch(/^\d+\.\d+\.\d+/)
  })

  test('--write puts the path and hash in every tag, from the old unversioned one or an earlier release', () => {
    const line = '<script src="http://127.0.0.1:5180/sdk.js" data-project-id="demo"></script>'
    const once = Release.withTag(line, 'sha384-AAA', '1.0.0')
    expect(Release.readmeTags(line)).toEqual([{ src: 'http://127.0.0.1:5180/sdk.js', integrity: undefined }])
    expect(once).toBe(
      '<script src="http://127.0.0.1:5180/sdk/1.0.0/sdk.js" integrity="sha384-AAA" crossorigin="anonymous" data-project-id="demo"></script>',
    )
    const twice = Release.withTag(once, 'sha384-BBB', '1.0.1')
    expect(Release.readmeTags(twice)).toEqual([
      { src: 'http://127.0.0.1:5180/sdk/1.0.1/sdk.js', integrity: 'sha384-BBB' },
    ])
    // A README with two tags (the host SDK's: the one line, and the one with data-solana): both move.
    const two = `${line}\n\n<script src="http://127.0.0.1:5180/sdk/1.0.0/sdk.js" integrity="sha384-…" crossorigin="anonymous"\n  data-solana></script>`
    expect(Release.readmeTags(Release.withTag(two, 'sha384-CCC', '1.0.2'))).toEqual([
      { src: 'http://127.0.0.1:5180/sdk/1.0.2/sdk.js', integrity: 'sha384-CCC' },
      { src: 'http://127.0.0.1:5180/sdk/1.0.2/sdk.js', integrity: 'sha384-CCC' },
    ])
    expect(() => Release.withTag('no tag here', 'sha384-AAA')).toThrow(/no sdk.js script tag/)
  })
})
