import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import * as FreshClone from './FreshClone.js'
import * as NpmRelease from './npm-release.js'
import * as Release from './release.js'

/**
 * The release's versioning on a throwaway copy of the repository (FreshClone): one changeset for one of
 * the three packages moves all three to the same new version, writes each one's changelog, follows in
 * the packages that depend on them and in the lockfile, leaves the private packages alone, and the
 * READMEs' script tags name the new version's sdk.js and its hash.
 */

const temp = mkdtempSync(join(tmpdir(), 'frontdoor-npm-release-'))
afterAll(() => rmSync(temp, { recursive: true, force: true }))

const json = (path: string) => JSON.parse(readFileSync(path, 'utf8'))
const PACKAGES = {
  '@frontdoor/host-sdk': 'apps/host-sdk',
  '@frontdoor/wagmi': 'apps/wagmi',
  '@frontdoor/react': 'apps/react',
}

describe('npm-release version', () => {
  test('a minor change to @frontdoor/wagmi: the three packages move together, each with a changelog', () => {
    const copy = FreshClone.create(join(temp, 'clone'))
    const [major, minor] = Release.VERSION.split('.')
    const next = `${major}.${Number(minor) + 1}.0`
    // Before: the three on today's version, no changelog, the change waiting in .changeset/.
    for (const dir of Object.values(PACKAGES)) {
      expect(json(join(copy, dir, 'package.json')).version).toBe(Release.VERSION)
      expect(existsSync(join(copy, dir, 'CHANGELOG.md'))).toBe(false)
    }
    const change = join(copy, '.changeset', 'wagmi-chain-option.md')
    writeFileSync(change, "---\n'@frontdoor/wagmi': minor\n---\n\nThe connector takes a starting chain.\n")

    NpmRelease.version(copy)

    for (const [name, dir] of Object.entries(PACKAGES)) {
      expect(json(join(copy, dir, 'package.json')).version, name).toBe(next)
      const changelog = readFileSync(join(copy, dir, 'CHANGELOG.md'), 'utf8')
      expect(changelog).toMatch(new RegExp(`^# ${name}\\n\\n## ${next.replaceAll('.', '\\.')}\\n`))
      const lock = json(join(copy, 'package-lock.json')).packages[dir]
      expect(lock.version, `package-lock.json ${dir}`).toBe(next)
    }
    expect(readFileSync(join(copy, 'apps/wagmi/CHANGELOG.md'), 'utf8')).toContain(
      '- The connector takes a starting chain.',
    )
    expect(existsSync(change)).toBe(false)
    // The packages that depend on them ask for the new version; the private ones keep theirs.
    for (const dir of ['apps/wagmi', 'apps/react'])
      expect(json(join(copy, dir, 'package.json')).dependencies['@frontdoor/host-sdk']).toBe(`^${next}`)
    expect(json(join(copy, 'apps/demo/package.json')).dependencies['@frontdoor/wagmi']).toBe(`^${next}`)
    for (const dir of ['packages/protocol', 'packages/schemas', 'apps/demo']) {
      expect(json(join(copy, dir, 'package.json')).version).toBe('0.0.0')
      expect(existsSync(join(copy, dir, 'CHANGELOG.md'))).toBe(false)
    }
    // sdk.js of the new version, under its path and hash in every README tag.
    const built = readFileSync(join(copy, 'apps/host-sdk/dist/sdk.js'))
    // The version the SDK reports (SDK_VERSION) is the new one: a string literal in the minified code.
    expect(
      built
        .toString()
        .match(new RegExp(`[\`"']${next.replaceAll('.', '\\.')}[\`"']`))?.[0]
        .slice(1, -1),
    ).toBe(next)
    for (const readme of Release.READMES) {
      const tags = Release.readmeTags(readFileSync(join(copy, relative(FreshClone.ROOT, readme)), 'utf8'))
      expect(tags.length).toBeGreaterThan(0)
      for (const tag of tags)
        expect(tag).toEqual({
          src: `http://127.0.0.1:5180${Release.path(next)}`,
          integrity: Release.integrity(built),
        })
    }
  }, 600_000)
})
