import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, test } from 'vitest'

/**
 * The production API ships without the development stand-ins (issue 22): the devnet, the dev OIDC
 * provider and the mail sink live in `@frontdoor/dev` (apps/dev), which `npm start` wires in.
 */
const DEV_ONLY = ['@frontdoor/devnet', 'oidc-provider', 'smtp-server', 'mailparser'] as const

const ROOT = join(import.meta.dirname, '..')

/** Every TypeScript file under `dir`, tests included. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(path)
    return /\.(ts|tsx|mts|js|mjs)$/.test(entry.name) ? [path] : []
  })
}

/** The modules a source names in `import … from`, `export … from`, `import(…)` and `require(…)`. */
function importsOf(source: string): string[] {
  const found: string[] = []
  const pattern = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*)(['"])([^'"\n]+)\1/g
  for (const match of source.matchAll(pattern)) found.push(match[2] as string)
  return found
}

/** Whether `specifier` is one of `packages` or a subpath of one. */
const isOneOf = (specifier: string, packages: readonly string[]) =>
  packages.some((name) => specifier === name || specifier.startsWith(`${name}/`))

describe('apps/api without the development stand-ins', () => {
  test('importsOf finds static, dynamic and re-exported modules (so the checks below can fail)', () => {
    const [devnet, oidc, smtp, parser] = DEV_ONLY
    const sample = [
      `import * as Deployment from '${devnet}/deployment'`,
      `import type { Provider } from "${oidc}"`,
      `const { SMTPServer } = await import('${smtp}')`,
      `export { simpleParser } from '${parser}'`,
      "import 'side-effect'",
    ].join('\n')
    expect(importsOf(sample)).toEqual([
      '@frontdoor/devnet/deployment',
      'oidc-provider',
      'smtp-server',
      'mailparser',
      'side-effect',
    ])
    expect(importsOf(sample).filter((specifier) => isOneOf(specifier, DEV_ONLY))).toHaveLength(4)
  })

  test('package.json lists none of them, in any dependency field', () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<string, unknown>
    const listed = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'].flatMap(
      (field) => Object.keys((manifest[field] as Record<string, string> | undefined) ?? {}),
    )
    expect(listed.length).toBeGreaterThan(0)
    expect(listed.filter((name) => isOneOf(name, DEV_ONLY))).toEqual([])
  })

  test('no source under apps/api imports them, tests included', () => {
    const files = sources(ROOT)
    expect(files.length).toBeGreaterThan(50)
    const offending = files.flatMap((file) =>
      importsOf(readFileSync(file, 'utf8'))
        .filter((specifier) => isOneOf(specifier, DEV_ONLY))
        .map((specifier) => `${relative(ROOT, file)}: ${specifier}`),
    )
    expect(offending).toEqual([])
  })
})
