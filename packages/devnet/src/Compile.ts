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

type Solc = { version: () => string; compile: (input: string) => string }

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

/**
 * Compiles `contracts/*.sol` (or the `.sol` files of `dir`, such as a test's own fixtures) with solc-js
 * (Hardhat's compiler download needs a network this machine does not have) and returns every contract
 * by name. The output is cached in `.cache/`, keyed by the sources, the settings and the compiler
 * version, so only the first call after a change pays for solc.
 *
 * @example
 * const { Token } = Compile.contracts()
 */
export function contracts(dir: string = CONTRACTS_DIR): Record<string, Artifact> {
  const input = { language: 'Solidity', sources: sources(dir), settings: SETTINGS }
  const key = createHash('sha256')
    .update(JSON.stringify(input))
    .update(solcVersion())
    .digest('hex')
    .slice(0, 16)
  const cachePath = join(CACHE_DIR, `contracts-${key}.json`)
  try {
    return JSON.parse(readFileSync(cachePath, 'utf8')) as Record<string, Artifact>
  } catch {}

  const solc = createRequire(import.meta.url)('solc') as Solc
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput
  const errors = (output.errors ?? []).filter((error) => error.severity === 'error')
  if (errors.length) {
    throw new Error(`devnet: solc failed:\n${errors.map((error) => error.formattedMessage).join('\n')}`)
  }
  const result: Record<string, Artifact> = {}
  for (const file of Object.values(output.contracts)) {
    for (const [name, contract] of Object.entries(file)) {
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
