import { type ChildProcess, spawn } from 'node:child_process'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { dirname, join } from 'node:path'
import * as Accounts from '@frontdoor/devnet/accounts'
import * as Deployment from '@frontdoor/devnet/deployment'
import * as Devnet from '@frontdoor/devnet/devnet'

const START_TIMEOUT_MS = 60_000
const STOP_GRACE_MS = 3_000
const POLL_MS = 200
const TAIL_LINES = 40
/** The account that sends the bundles (`handleOps`): the devnets' `Accounts.BUNDLER_EXECUTOR`. */
export const EXECUTOR = Accounts.BUNDLER_EXECUTOR.address

/** The largest JSON-RPC body forwarded to Alto (a user operation is a few KB). */
export const BODY_MAX_BYTES = 256 * 1024

/** A devnet chain the bundler serves, and the node it reads and sends bundles to. */
export type Chain = { chainId: Deployment.ChainId; rpcUrl: string }

/** Options of {@link start}. */
export type Options = {
  chains: readonly Chain[]
  /** A free port when absent. */
  port?: number
  /** 127.0.0.1 by default. */
  hostname?: string
  /** Alto's log level (default `warn`; `info` logs every request). */
  logLevel?: 'trace' | 'debug' | 'info' | 'warn' | 'error'
  /** Receives each line Alto prints, with its chain. */
  onLine?: (chainId: number, line: string) => void
}

/** A running bundler. */
export type Bundler = {
  /** `http://host:port`: `POST /<chainId>` is that chain's ERC-4337 JSON-RPC, `GET /healthz` its health. */
  url: string
  /** The JSON-RPC endpoint of a chain: `${url}/${chainId}`. */
  endpoint: (chainId: number) => string
  /** Stops Alto and the server; resolves once every process exited. */
  stop: () => Promise<void>
  /** Resolves when any Alto process exits (stopped or crashed). */
  exited: Promise<void>
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The JSON-RPC endpoint of `chainId` under a bundler at `url` (one definition for the API and tests). */
export function endpoint(url: string, chainId: number): string {
  return `${url.replace(/\/$/, '')}/${chainId}`
}

/** Alto's command-line arguments for one devnet chain (unsafe mode: see the README's bundler section). */
export function altoArgs(chain: Chain, port: number, logLevel: string): string[] {
  const { entryPoint } = Deployment.forChain(chain.chainId).accountAbstraction
  return [
    '--entrypoints',
    entryPoint,
    '--executor-private-keys',
    Accounts.BUNDLER_EXECUTOR.privateKey,
    '--utility-private-key',
    Accounts.BUNDLER_UTILITY.privateKey,
    '--rpc-url',
    chain.rpcUrl,
    '--port',
    String(port),
    // Hardhat has no debug_traceCall with JavaScript tracers, which the ERC-7562 checks need: Alto
    // validates each user operation by simulating it against the EntryPoint, without the opcode rules.
    '--safe-mode',
    'false',
    // Automine: one block per bundle; polling more often than Alto's 1 s default only costs CPU.
    '--block-time',
    '1000',
    '--log-level',
    logLevel,
  ]
}

async function rpc(url: string, method: string): Promise<unknown> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [] }),
      signal: AbortSignal.timeout(2_000),
    })
    return ((await response.json()) as { result?: unknown }).result
  } catch {
    return undefined
  }
}

/** Resolves true when Alto at `url` serves the chain's EntryPoint. */
export async function serves(url: string, chainId: Deployment.ChainId): Promise<boolean> {
  const entryPoints = await rpc(url, 'eth_supportedEntryPoints')
  const { entryPoint } = Deployment.forChain(chainId).accountAbstraction
  return (
    Array.isArray(entryPoints) &&
    entryPoints.some((address) => String(address).toLowerCase() === entryPoint.toLowerCase())
  )
}

type Alto = { chainId: number; url: string; child: ChildProcess; exited: Promise<void> }

function spawnAlto(chain: Chain, port: number, options: Options): Alto & { tail: string[] } {
  const cli = join(dirname(createRequire(import.meta.url).resolve('@pimlico/alto')), 'cli', 'alto.js')
  const child = spawn(process.execPath, [cli, ...altoArgs(chain, port, options.logLevel ?? 'warn')], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1' },
  })
  const tail: string[] = []
  for (const stream of [child.stdout, child.stderr]) {
    let buffered = ''
    stream?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString()
      const lines = buffered.split('\n')
      buffered = lines.pop() ?? ''
      for (const line of lines) {
        tail.push(line)
        if (tail.length > TAIL_LINES) tail.shift()
        options.onLine?.(chain.chainId, line)
      }
    })
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  return { chainId: chain.chainId, url: `http://127.0.0.1:${port}`, child, exited, tail }
}

async function readBody(request: IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of request) {
    size += (chunk as Buffer).length
    if (size > BODY_MAX_BYTES) return undefined
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks)
}

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' })
  response.end(JSON.stringify(body))
}

/**
 * Starts the devnets' bundler: one Pimlico Alto process per chain (each on a free port of 127.0.0.1,
 * bundling with `Accounts.BUNDLER_EXECUTOR`) behind one HTTP server, so each chain's ERC-4337 JSON-RPC
 * is `POST <url>/<chainId>`. Resolves once every Alto serves its chain's EntryPoint; Alto deploys its
 * simulation contract through the devnet's deterministic deployment proxy on its first start.
 *
 * @example
 * const bundler = await Bundler.start({ chains: [{ chainId: 31337, rpcUrl: node.url }] })
 * createBundlerClient({ transport: http(bundler.endpoint(31337)), client })
 */
export async function start(options: Options): Promise<Bundler> {
  const altos: (Alto & { tail: string[] })[] = []
  for (const chain of options.chains) altos.push(spawnAlto(chain, await Devnet.freePort(), options))
  const byChain = new Map(altos.map((alto) => [String(alto.chainId), alto]))
  const alive = (alto: Alto) => alto.child.exitCode === null && alto.child.signalCode === null
  const killOnExit = () => {
    for (const alto of altos) alto.child.kill('SIGKILL')
  }
  process.once('exit', killOnExit)

  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://bundler').pathname
    if (request.method === 'GET' && path === '/healthz') {
      const healthy = await Promise.all(
        altos.map((alto) => serves(alto.url, alto.chainId as Deployment.ChainId)),
      )
      return json(response, healthy.every(Boolean) ? 200 : 503, {
        status: healthy.every(Boolean) ? 'ok' : 'starting',
      })
    }
    const alto = byChain.get(path.slice(1))
    if (!alto)
      return json(response, 404, {
        error: `no bundler at ${path}; chains: ${[...byChain.keys()].join(', ')}`,
      })
    if (request.method !== 'POST') return json(response, 405, { error: 'POST a JSON-RPC request' })
    const body = await readBody(request)
    if (!body) return json(response, 413, { error: `the body is larger than ${BODY_MAX_BYTES} bytes` })
    try {
      const answer = await fetch(alto.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: body.toString('utf8'),
        signal: AbortSignal.timeout(30_000),
      })
      response.writeHead(answer.status, { 'content-type': 'application/json' })
      response.end(Buffer.from(await answer.arrayBuffer()))
    } catch {
      json(response, 502, {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32603, message: 'Bundler unavailable' },
      })
    }
  })
  const hostname = options.hostname ?? '127.0.0.1'
  const stop = async () => {
    process.removeListener('exit', killOnExit)
    await new Promise<void>((resolve) => {
      server.close(() => resolve())
      server.closeAllConnections()
    })
    await Promise.all(
      altos.map(async (alto) => {
        if (!alive(alto)) return
        alto.child.kill('SIGTERM')
        const timer = setTimeout(() => alive(alto) && alto.child.kill('SIGKILL'), STOP_GRACE_MS)
        await alto.exited
        clearTimeout(timer)
      }),
    )
  }
  const fail = async (why: string): Promise<never> => {
    const tails = altos.map((alto) => `[${alto.chainId}]\n${alto.tail.join('\n')}`).join('\n')
    await stop()
    throw new Error(`bundler: ${why}; Alto's last lines:\n${tails}`)
  }
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(options.port ?? 0, hostname, resolve)
    })
  } catch (error) {
    return fail(`cannot listen on ${hostname}:${options.port}: ${(error as Error).message}`)
  }
  const deadline = Date.now() + START_TIMEOUT_MS
  for (const alto of altos) {
    while (!(await serves(alto.url, alto.chainId as Deployment.ChainId))) {
      if (!alive(alto)) return fail(`Alto of chain ${alto.chainId} exited (code ${alto.child.exitCode})`)
      if (Date.now() > deadline)
        return fail(`Alto of chain ${alto.chainId} did not answer within ${START_TIMEOUT_MS} ms`)
      await sleep(POLL_MS)
    }
  }
  const url = `http://${hostname}:${(server.address() as AddressInfo).port}`
  return {
    url,
    endpoint: (chainId) => endpoint(url, chainId),
    stop,
    exited: Promise.race(altos.map((alto) => alto.exited)),
  }
}
