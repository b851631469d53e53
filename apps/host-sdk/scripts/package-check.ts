// The npm packages as a stranger gets them: packed with `npm pack` in a fresh clone (FreshClone.ts: no dist/,
// so each package's `prepack` builds it), publint and arethetypeswrong on each tarball, then for each an
// empty TypeScript project outside the repository installs the tarball (with what a user installs beside
// it, from the registry), type-checks the package's consumer page (apps/<package>/consumer/) under `strict`
// and bundles it with esbuild. e2e/packages runs those bundles against the stack.
//
//   node --import tsx apps/host-sdk/scripts/package-check.ts [@frontdoor/wagmi …]   (default: all three)
import { spawnSync } from 'node:child_process'
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as FreshClone from './FreshClone.js'

const ROOT = FreshClone.ROOT
const bin = (name: string) => join(ROOT, 'node_modules', '.bin', name)

/** One npm package of this repository and the user project that installs it. */
type Package = {
  /** Its folder, relative to the repository's root. */
  dir: string
  /** Exactly the files its tarball holds, given the package's folder after its build. */
  files: (dir: string) => string[]
  /** Other packages of this repository it depends on, packed and installed beside it. */
  local: Name[]
  /** What a user installs beside it, from the registry (peer dependencies, types). */
  install: string[]
  /** Strings its bundled consumer page must contain (the package's code, not only the import). */
  bundleContains: string[]
}

/** The tarball's files for a package that ships all of dist/. */
const allOfDist = (dir: string) => [
  'LICENSE',
  'README.md',
  'package.json',
  ...readdirSync(join(dir, 'dist')).map((f) => `dist/${f}`),
]

/** The three npm packages, the host SDK first (the others depend on it). */
export const NAMES = ['@frontdoor/host-sdk', '@frontdoor/wagmi', '@frontdoor/react'] as const
export type Name = (typeof NAMES)[number]

/** How each is checked; their consumer pages are in `<dir>/consumer/`. */
export const PACKAGES: Record<Name, Package> = {
  '@frontdoor/host-sdk': {
    dir: 'apps/host-sdk',
    files: () => [
      'LICENSE',
      'README.md',
      'dist/Frontdoor.d.ts',
      'dist/errors.js',
      'dist/index.d.ts',
      'dist/index.js',
      'dist/solana.d.ts',
      'dist/solana.js',
      'package.json',
    ],
    local: [],
    install: [],
    bundleContains: [
      'createFrontdoor() runs in a browser',
      'eth_requestAccounts',
      'solana_signAndSendTransaction',
      'wallet-standard:register-wallet',
    ],
  },
  '@frontdoor/wagmi': {
    dir: 'apps/wagmi',
    files: allOfDist,
    local: ['@frontdoor/host-sdk'],
    install: ['@wagmi/core@^3', 'viem@^2'],
    bundleContains: ['dev.frontdoor', 'wallet_switchEthereumChain', 'createFrontdoor() runs in a browser'],
  },
  '@frontdoor/react': {
    dir: 'apps/react',
    files: allOfDist,
    local: ['@frontdoor/host-sdk'],
    install: ['react@^19', 'react-dom@^19', '@types/react@^19', '@types/react-dom@^19'],
    bundleContains: ['must be used inside <FrontdoorProvider>', 'createFrontdoor() runs in a browser'],
  },
}

/** The consumer pages' shared panel (the page e2e/libraries/flow.ts drives), beside the host SDK's page. */
const PANEL = join(ROOT, 'apps', 'host-sdk', 'consumer', 'Panel.ts')

const timings: string[] = []

function run(command: string, args: string[], cwd: string, what: string): string {
  const started = Date.now()
  const result = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, FORCE_COLOR: '0' },
    maxBuffer: 64 * 1024 * 1024,
  })
  if (result.status !== 0) {
    console.error(`${what} failed:\n${result.stdout}\n${result.stderr}`)
    throw new Error(`${what} failed`)
  }
  timings.push(`${what} ${((Date.now() - started) / 1000).toFixed(0)} s`)
  return result.stdout
}

/** A packed tarball and the files it holds. */
type Packed = { tarball: string; files: string[] }

/**
 * Packs `names` (and the packages they depend on, first) with `npm pack` in a fresh clone made under
 * `temp`: npm runs each package's `prepack`, the only build there is. Returns each tarball.
 */
export function pack(names: readonly Name[], temp: string): Record<Name, Packed> {
  const clone = FreshClone.create(join(temp, 'clone'))
  const out = join(temp, 'tarballs')
  mkdirSync(out)
  const needed = NAMES.filter((n) => names.includes(n) || names.some((m) => PACKAGES[m].local.includes(n)))
  const packed = {} as Record<Name, Packed>
  for (const name of needed) {
    const dir = join(clone, PACKAGES[name].dir)
    const json = run('npm', ['pack', '--json', '--pack-destination', out], dir, `${name}: npm pack`)
    const [info] = JSON.parse(json)
    packed[name] = {
      tarball: join(out, info.filename),
      files: info.files.map((f: { path: string }) => f.path).sort(),
    }
    const expected = PACKAGES[name].files(dir).sort()
    const missing = expected.filter((f) => !packed[name].files.includes(f))
    const extra = packed[name].files.filter((f) => !expected.includes(f))
    if (missing.length || extra.length)
      throw new Error(
        `${name}: the tarball holds ${packed[name].files.join(', ')} (missing: ${missing}; extra: ${extra})`,
      )
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'))
    const unpublished = Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies }).filter(
      (d) => d.startsWith('@frontdoor/') && !PACKAGES[name].local.includes(d as Name),
    )
    if (unpublished.length) throw new Error(`${name} depends on unpublished ${unpublished.join(', ')}`)
  }
  return packed
}

/** publint (strict) and arethetypeswrong (ESM only, on purpose: no `require()` from Node's CommonJS). */
export function lint(name: Name, packed: Packed) {
  run(bin('publint'), ['run', packed.tarball, '--strict'], ROOT, `${name}: publint`)
  run(
    bin('attw'),
    [packed.tarball, '--profile', 'esm-only', '--format', 'table-flipped'],
    ROOT,
    `${name}: attw`,
  )
}

/**
 * An empty project in `project` installs `name`'s tarball (and its local dependencies'), copies the
 * package's consumer page, type-checks it under `strict` and bundles its entry (index.ts or index.tsx)
 * into `project/out.js`. Returns the bundle's text.
 */
export function consume(name: Name, tarballs: Record<Name, Packed>, project: string): string {
  const spec = PACKAGES[name]
  mkdirSync(project, { recursive: true })
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({ name: 'user-app', private: true, type: 'module' }),
  )
  writeFileSync(
    join(project, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        lib: ['ES2022', 'DOM', 'DOM.Iterable'],
        module: 'ESNext',
        moduleResolution: 'Bundler',
        jsx: 'react-jsx',
        strict: true,
        // As Vite's and Next's templates have it: viem's and React's declarations are not checked again.
        // The pages' @ts-expect-error lines fail if the package's types degrade to `any`.
        skipLibCheck: true,
        noEmit: true,
        types: [],
      },
    }),
  )
  const consumer = join(ROOT, spec.dir, 'consumer')
  copyFileSync(PANEL, join(project, 'Panel.ts'))
  for (const file of readdirSync(consumer)) copyFileSync(join(consumer, file), join(project, file))
  run(
    'npm',
    [
      'install',
      '--no-audit',
      '--no-fund',
      '--prefer-offline',
      '--loglevel',
      'error',
      ...[name, ...spec.local].map((n) => tarballs[n as Name].tarball),
      ...spec.install,
    ],
    project,
    `${name}: npm install in an empty project`,
  )
  run(
    process.execPath,
    [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', '.'],
    project,
    `${name}: tsc --strict`,
  )
  const entry = readdirSync(project).find((f) => /^index\.tsx?$/.test(f))
  if (!entry) throw new Error(`${name}: ${consumer} has no index.ts or index.tsx`)
  run(
    bin('esbuild'),
    [
      entry,
      '--bundle',
      '--format=esm',
      '--platform=browser',
      '--jsx=automatic',
      '--log-level=warning',
      '--outfile=out.js',
    ],
    project,
    `${name}: esbuild`,
  )
  const bundle = readFileSync(join(project, 'out.js'), 'utf8')
  const version = JSON.parse(
    readFileSync(join(ROOT, PACKAGES['@frontdoor/host-sdk'].dir, 'package.json'), 'utf8'),
  ).version
  const absent = [...spec.bundleContains, `"${version}"`].filter((s) => !bundle.includes(s))
  if (absent.length) throw new Error(`${name}: the bundled page lacks ${absent.join(', ')}`)
  return bundle
}

/**
 * Checks `names`: packed in a fresh clone, linted, installed, type-checked and bundled, each in a
 * project of its own under `into` (`into/<name without scope>/out.js`). Without `into` everything is
 * made in a temporary folder and removed.
 */
export function check(names: readonly Name[] = NAMES, into?: string): Record<Name, string> {
  const started = Date.now()
  const temp = into ?? mkdtempSync(join(tmpdir(), 'frontdoor-packages-'))
  try {
    const tarballs = pack(names, temp)
    const projects = {} as Record<Name, string>
    for (const name of names) {
      lint(name, tarballs[name])
      projects[name] = join(temp, name.replace('@frontdoor/', ''))
      const bundle = consume(name, tarballs, projects[name])
      console.log(
        `${name}: packed ${tarballs[name].files.length} files in a fresh clone; publint, attw, tsc --strict and a bundled page (${(bundle.length / 1024).toFixed(0)} KB) pass in an empty project`,
      )
    }
    console.log(`(${((Date.now() - started) / 1000).toFixed(0)} s: ${timings.join(', ')})`)
    return projects
  } finally {
    if (!into) rmSync(temp, { recursive: true, force: true })
  }
}

if (process.argv[1] === import.meta.filename) {
  const names = process.argv.slice(2)
  const unknown = names.filter((n) => !NAMES.includes(n as Name))
  if (unknown.length) throw new Error(`package-check: no package ${unknown.join(', ')} (${NAMES.join(', ')})`)
  check(names.length ? (names as Name[]) : NAMES)
}
