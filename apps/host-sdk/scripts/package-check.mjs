// The npm package as a stranger gets it: `npm pack`, publint and arethetypeswrong on the tarball, then an
// empty TypeScript project outside the repository installs the tarball (with what a user installs beside
// it, from the registry), type-checks a page under `strict` and bundles it with esbuild. Shared by
// apps/host-sdk, apps/wagmi and apps/react (`npm run check:package` in each); run directly, it checks
// apps/host-sdk.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))
/** The host SDK's folder. */
export const HOST_SDK = resolve(here, '..')
const root = resolve(HOST_SDK, '..', '..')
const bin = (name) => join(root, 'node_modules', '.bin', name)

const timings = []

function run(command, args, cwd, what) {
  const started = Date.now()
  const result = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, FORCE_COLOR: '0' },
  })
  if (result.status !== 0) {
    console.error(`${what} failed:\n${result.stdout}\n${result.stderr}`)
    throw new Error(`${what} failed`)
  }
  timings.push(`${what.replace(/^.*: /, '')} ${((Date.now() - started) / 1000).toFixed(0)} s`)
  return result.stdout
}

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

/** What a package's npm build reads: its sources and configs, and for the host SDK the bundled packages. */
export function inputs(dir) {
  const own = ['src', 'package.json', 'tsdown.config.ts'].map((p) => join(dir, p))
  return dir === HOST_SDK
    ? [...own, join(root, 'packages', 'protocol', 'src'), join(root, 'packages', 'schemas', 'src')]
    : [...own, join(HOST_SDK, 'dist', 'index.d.ts')]
}

/**
 * Builds the package with tsdown (scripts/tsdown.mjs) when dist/index.js is older than its inputs. After
 * turbo's `build` (which `test` depends on) it is fresh, so a test never rewrites files another
 * package's test is packing.
 */
export function build(dir) {
  const output = join(dir, 'dist', 'index.js')
  if (existsSync(output) && statSync(output).mtimeMs >= newest(inputs(dir))) return
  run(process.execPath, [join(HOST_SDK, 'scripts', 'tsdown.mjs')], dir, `tsdown in ${dir}`)
}

/** `npm pack` of `dir` into `destination`: the tarball's path and the list of files it holds. */
export function pack(dir, destination) {
  const out = run('npm', ['pack', '--json', '--pack-destination', destination], dir, `npm pack in ${dir}`)
  const [info] = JSON.parse(out.slice(out.indexOf('[')))
  return { tarball: join(destination, info.filename), files: info.files.map((f) => f.path).sort() }
}

/**
 * Checks one package.
 * @param {object} options
 * @param {string} options.dir the package's folder
 * @param {string[] | (() => string[])} options.files exactly the files the tarball must hold (a function: asked after the build)
 * @param {string[]} [options.local] other packages of this repository it depends on, packed and installed beside it
 * @param {string[]} options.install what a user installs beside it, from the registry (peer dependencies, types)
 * @param {Record<string, string>} options.page the user's source files (index.ts or index.tsx is the entry)
 * @param {string[]} options.bundleContains strings the bundled page must contain (the package's code, not only the import)
 */
export async function check({ dir, files, local = [], install, page, bundleContains }) {
  const started = Date.now()
  const name = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).name
  const temp = mkdtempSync(join(tmpdir(), 'frontdoor-package-'))
  try {
    build(dir)
    for (const other of local) build(other)
    const packed = pack(dir, temp)
    if (typeof files === 'function') files = files()
    const missing = files.filter((f) => !packed.files.includes(f))
    const extra = packed.files.filter((f) => !files.includes(f))
    if (missing.length || extra.length)
      throw new Error(
        `${name}: the tarball holds ${packed.files.join(', ')} (missing: ${missing}; extra: ${extra})`,
      )
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'))
    const workspaceDeps = Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies }).filter(
      (d) => d.startsWith('@frontdoor/') && !local.some((l) => l.endsWith(d.replace('@frontdoor/', ''))),
    )
    if (workspaceDeps.length) throw new Error(`${name} depends on unpublished ${workspaceDeps.join(', ')}`)

    run(bin('publint'), ['run', packed.tarball, '--strict'], dir, `${name}: publint`)
    // ESM only, on purpose: the esm-only profile leaves out `require()` from Node's CommonJS.
    run(
      bin('attw'),
      [packed.tarball, '--profile', 'esm-only', '--format', 'table-flipped'],
      dir,
      `${name}: attw`,
    )

    const project = join(temp, 'project')
    run('mkdir', ['-p', project], temp, 'mkdir')
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
          // The page's @ts-expect-error lines fail if the package's types degrade to `any`.
          skipLibCheck: true,
          noEmit: true,
          types: [],
        },
      }),
    )
    for (const [file, text] of Object.entries(page)) writeFileSync(join(project, file), text)
    const tarballs = [packed.tarball, ...local.map((other) => pack(other, temp).tarball)]
    run(
      'npm',
      [
        'install',
        '--no-audit',
        '--no-fund',
        '--prefer-offline',
        '--loglevel',
        'error',
        ...tarballs,
        ...install,
      ],
      project,
      `${name}: npm install in an empty project`,
    )
    run(
      process.execPath,
      [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', '.'],
      project,
      `${name}: tsc --strict`,
    )
    const entry = Object.keys(page).find((f) => /^index\.tsx?$/.test(f))
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
    const absent = bundleContains.filter((s) => !bundle.includes(s))
    if (absent.length) throw new Error(`${name}: the bundled page lacks ${absent.join(', ')}`)
    console.log(
      `${name}: packed ${packed.files.length} files; publint, attw, tsc --strict and a bundled page (${(bundle.length / 1024).toFixed(0)} KB) pass in an empty project (${((Date.now() - started) / 1000).toFixed(0)} s: ${timings.join(', ')})`,
    )
  } finally {
    rmSync(temp, { recursive: true, force: true })
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const version = JSON.parse(readFileSync(join(HOST_SDK, 'package.json'), 'utf8')).version
  await check({
    dir: HOST_SDK,
    files: [
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
    install: [],
    page: {
      'index.ts': `import { createFrontdoor, ProviderRpcError, type Network, type State } from '@frontdoor/host-sdk'
import { registerSolana, type Wallet } from '@frontdoor/host-sdk/solana'

const devnet: Network = {
  id: 31337,
  caipNetworkId: 'eip155:31337',
  chainNamespace: 'eip155',
  name: 'Devnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
}
const frontdoor = createFrontdoor({
  projectId: 'demo',
  networks: [devnet],
  metadata: { name: 'A page outside the repository' },
  themeMode: 'dark',
  features: { socials: ['google'] },
})
frontdoor.subscribe((state: State) => console.log(state.status, state.address ?? 'no account'))
document.querySelector('button')?.addEventListener('click', () => void frontdoor.open({ view: 'AllWallets' }))
frontdoor.provider.request({ method: 'eth_requestAccounts' }).catch((error: unknown) => {
  if (error instanceof ProviderRpcError && error.code === 4001) console.log('closed')
})
// @ts-expect-error: a view the modal does not have
void frontdoor.open({ view: 'NoSuchView' })
const { wallet }: { wallet: Wallet } = registerSolana(frontdoor, { chains: ['solana:localnet'] })
void wallet.features['standard:connect'].connect().then(({ accounts }) =>
  wallet.features['solana:signMessage'].signMessage({ account: accounts[0]!, message: new Uint8Array([1]) }),
)
// @ts-expect-error: not a Solana chain name
registerSolana(frontdoor, { chains: ['eip155:1'] })
`,
    },
    bundleContains: [
      'createFrontdoor() runs in a browser',
      `"${version}"`,
      'eth_requestAccounts',
      'solana_signAndSendTransaction',
      'wallet-standard:register-wallet',
    ],
  })
}
