import { createHash } from 'node:crypto'
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Abi, Hex } from 'viem'

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..')

/** Where our Solidity sources live. */
export const CONTRACTS_DIR = join(packageDir, 'contracts')

/** Where compiler output is cached, keyed by a hash of the sources and compiler settings. */
export const CACHE_DIR = join(packageDir, '.cache')

/** A compiled contract: what viem needs to deploy and call it. */
export type Artifact = { abi: Abi; bytecode: Hex }

type SolcOutput = {
  errors?: { severity: string; formattedMessage: string }[]
  contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>
}

type Solc = {
  version: () => string
  compile: (input: string, callbacks?: { import: (path: string) => unknown }) => string
}

const SETTINGS = {
  optimizer: { enabled: true, runs: 200 },
  outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
}

function solcVersion(): string {
  const require = createRequire(import.meta.url)
  return (require('solc/package.json') as { version: string }).version
}

function sources(dir: string): Record<string, { content: string }> {
  const result: Record<string, { content: string }> = {}
  for (const file of readdirSync(dir).sort()) {
    if (file.endsWith('.sol')) result[file] = { content: readFileSync(join(dir, file), 'utf8') }
  }
  return result
}

/** The npm packages our own sources may import from (`import "@scope/package/File.sol"`). */
const IMPORTED_PACKAGES = ['@account-abstraction/contracts', '@openzeppelin/contracts'] as const

/**
 * Compiles `contracts/*.sol` (or the `.sol` files of `dir`, such as a test's own fixtures) with solc-js
 * (Hardhat's compiler download needs a network this machine does not have) and returns the contracts
 * they define by name (not those they import from npm packages, such as `BaseAccount`). The output is
 * cached in `.cache/`, keyed by the sources, the versions of the packages they may import from, the
 * settings and the compiler version, so only the first call after a change pays for solc.
 *
 * @example
 * const { Token } = Compile.contracts()
 */
export function contracts(dir: string = CONTRACTS_DIR): Record<string, Artifact> {
  const input: Input = { language: 'Solidity', sources: sources(dir), settings: SETTINGS }
  const versions = IMPORTED_PACKAGES.map((name) => `${name}@${packageVersion(name)}`)
  return cached(input, versions, findImport, (file) => file in input.sources)
}

type Input = { language: 'Solidity'; sources: Record<string, { content: string }>; settings: typeof SETTINGS }
type FindImport = (path: string) => { contents: string } | { error: string }

/** Compiles `input` with solc-js, or reads its output from `.cache/` (keyed by `input`, `extra` and solc's version). */
function cached(
  input: Input,
  extra: readonly string[],
  findImport?: FindImport,
  keep: (file: string) => boolean = () => true,
): Record<string, Artifact> {
  const key = createHash('sha256')
    .update(JSON.stringify(input))
    .update(extra.join('\n'))
    .update(solcVersion())
    .digest('hex')
    .slice(0, 16)
  const cachePath = join(CACHE_DIR, `contracts-${key}.json`)
  try {
    return JSON.parse(readFileSync(cachePath, 'utf8')) as Record<string, Artifact>
  } catch {}

  const solc = createRequire(import.meta.url)('solc') as Solc
  const output = JSON.parse(
    solc.compile(JSON.stringify(input), findImport ? { import: findImport } : undefined),
  ) as SolcOutput
  const errors = (output.errors ?? []).filter((error) => error.severity === 'error')
  if (errors.length) {
    throw new Error(`devnet: solc failed:\n${errors.map((error) => error.formattedMessage).join('\n')}`)
  }
  const result: Record<string, Artifact> = {}
  for (const [file, defined] of Object.entries(output.contracts)) {
    if (!keep(file)) continue
    for (const [name, contract] of Object.entries(defined)) {
      result[name] = { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` }
    }
  }
  // Written under a unique name and renamed, so concurrent seeds never read a half-written file.
  mkdirSync(dirname(cachePath), { recursive: true })
  const partial = `${cachePath}.${process.pid}.${Date.now()}.tmp`
  writeFileSync(partial, JSON.stringify(result))
  renameSync(partial, cachePath)
  return result
}

/** A source file of an npm package, as solc names it: `@scope/package/path/File.sol`. */
export type PackagedSource = `${string}.sol`

/** The version of npm package `name` as installed. */
function packageVersion(name: string): string {
  const require = createRequire(import.meta.url)
  return (require(`${name}/package.json`) as { version: string }).version
}

/** The npm package a solc import path lives in: `@scope/name` or `name`. */
function packageOf(path: string): string {
  const parts = path.split('/')
  return path.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? path)
}

/**
 * Compiles Solidity files of installed npm packages (such as `@account-abstraction/contracts`) with
 * solc-js, resolving their imports from node_modules, and returns every contract by name. Cached like
 * {@link contracts}, keyed by the file names, the installed versions of the packages they import from,
 * the settings and the compiler version.
 *
 * @example
 * const { EntryPoint } = Compile.packaged(['@account-abstraction/contracts/core/EntryPoint.sol'])
 */
export function packaged(files: readonly PackagedSource[]): Record<string, Artifact> {
  const require = createRequire(import.meta.url)
  const input: Input = {
    language: 'Solidity',
    sources: Object.fromEntries(files.map((file) => [file, { content: readPackaged(file) }])),
    settings: SETTINGS,
  }
  // The key names each package's version and those of the packages it depends on (its imports).
  const versions = [...new Set(files.map(packageOf))].flatMap((name) => {
    const manifest = require(`${name}/package.json`) as { version: string; dependencies?: object }
    const dependencies = Object.keys(manifest.dependencies ?? {}).map(
      (dependency) => `${dependency}@${packageVersion(dependency)}`,
    )
    return [`${name}@${manifest.version}`, ...dependencies]
  })
  return cached(input, versions, findImport)
}

/** The text of Solidity file `path` of an installed npm package (`@scope/package/File.sol`). */
function readPackaged(path: string): string {
  return readFileSync(createRequire(import.meta.url).resolve(path), 'utf8')
}

/** solc's import callback: imports are files of installed npm packages. */
function findImport(path: string): { contents: string } | { error: string } {
  try {
    return { contents: readPackaged(path) }
  } catch {
    return { error: `not found: ${path}` }
  }
}
