import { type ChildProcess, spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import * as JsonRpc from '@frontdoor/protocol/json-rpc'
import type * as Deployment from './Deployment.js'
import * as Health from './Health.js'
import * as Seed from './Seed.js'

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..')
const START_TIMEOUT_MS = 30_000
const STOP_GRACE_MS = 3_000
const POLL_MS = 50
const TAIL_LINES = 40

/** Options of {@link start}. */
export type StartOptions = {
  chainId: Deployment.ChainId
  /** A free port is picked when absent. */
  port?: number
  /** 127.0.0.1 by default. */
  hostname?: string
  /** Seed the chain once it answers (default true). */
  seed?: boolean
  /** Keep Hardhat's per-request log on (default false: only startup lines). */
  logging?: boolean
  /** Receives each line the node prints. */
  onLine?: (line: string) => void
}

/** A running devnet node. */
export type Node = {
  url: string
  chainId: Deployment.ChainId
  /** What seeding deployed; undefined with `seed: false`. */
  deployment: Deployment.Deployment | undefined
  /** Stops the node (SIGTERM, then SIGKILL) and resolves once it exited. */
  stop: () => Promise<void>
  /** Resolves when the node process exits, whether stopped or crashed. */
  exited: Promise<void>
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

/**
 * Starts a Hardhat node of devnet `chainId` (automine, the standard funded accounts) and seeds it,
 * typically in 2-3 s. The node is a child process; it is killed when this process exits.
 *
 * @example
 * const node = await Devnet.start({ chainId: 31337 })
 * // node.url: http://127.0.0.1:<free port>, node.deployment.tokens.FUSD.address …
 * await node.stop()
 */
export async function start(options: StartOptions): Promise<Node> {
  const hostname = options.hostname ?? '127.0.0.1'
  const port = options.port ?? (await freePort())
  const url = `http://${hostname}:${port}`
  if ((await Health.chainId(url)) !== undefined) {
    throw new Error(`devnet: ${url} already answers JSON-RPC; stop whatever runs there first`)
  }
  const cli = createRequire(import.meta.url).resolve('hardhat/internal/cli/cli.js')
  const config = join(packageDir, 'hardhat.config.cjs')
  const child: ChildProcess = spawn(
    process.execPath,
    [cli, 'node', '--hostname', hostname, '--port', String(port), '--config', config],
    {
      cwd: packageDir,
      env: {
        ...process.env,
        FRONTDOOR_DEVNET_CHAIN_ID: String(options.chainId),
        // No network here: no telemetry prompt, no analytics.
        HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  const tail: string[] = []
  // Only our own node's banner counts: a free port can be taken by another node between the probe and
  // the spawn, and that node would answer the health check in our place.
  let listening = false
  for (const stream of [child.stdout, child.stderr]) {
    let buffered = ''
    stream?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString()
      const lines = buffered.split('\n')
      buffered = lines.pop() ?? ''
      for (const line of lines) {
        if (line.includes('Started HTTP and WebSocket JSON-RPC server at')) listening = true
        tail.push(line)
        if (tail.length > TAIL_LINES) tail.shift()
        options.onLine?.(line)
      }
    })
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const killOnExit = () => child.kill('SIGKILL')
  process.once('exit', killOnExit)
  const alive = () => child.exitCode === null && child.signalCode === null
  const stop = async () => {
    process.removeListener('exit', killOnExit)
    if (alive()) {
      child.kill('SIGTERM')
      const timer = setTimeout(() => alive() && child.kill('SIGKILL'), STOP_GRACE_MS)
      await exited
      clearTimeout(timer)
    }
  }
  const fail = async (why: string): Promise<never> => {
    await stop()
    throw new Error(
      `devnet: chain ${options.chainId} node on ${url} ${why}; its last lines:\n${tail.join('\n')}`,
    )
  }

  const deadline = Date.now() + START_TIMEOUT_MS
  while (!listening || (await Health.chainId(url)) !== options.chainId) {
    if (!alive()) return fail(`exited (code ${child.exitCode})`)
    if (Date.now() > deadline) return fail(`did not answer within ${START_TIMEOUT_MS} ms`)
    await sleep(POLL_MS)
  }
  if (!options.logging) await JsonRpc.probe(url, 'hardhat_setLoggingEnabled', [false])
  let deployment: Deployment.Deployment | undefined
  if (options.seed ?? true) {
    try {
      deployment = (await Seed.seed(url)).deployment
    } catch (error) {
      return fail(`could not be seeded: ${(error as Error).message}`)
    }
  }
  return { url, chainId: options.chainId, deployment, stop, exited }
}
