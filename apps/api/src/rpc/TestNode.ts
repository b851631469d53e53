import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const START_TIMEOUT_MS = 20_000

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

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(500),
    })
    return response.ok
  } catch {
    return false
  }
}

/**
 * A real Hardhat node (a bare chain, no contracts) on a free loopback port, for the RPC proxy tests.
 * `stop()` kills it, as a crashed upstream would go away.
 */
export async function start(options: {
  chainId: number
}): Promise<{ url: string; stop: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'frontdoor-api-node-'))
  const config = join(dir, 'hardhat.config.cjs')
  writeFileSync(config, `module.exports = { networks: { hardhat: { chainId: ${options.chainId} } } }\n`)
  const port = await freePort()
  const cli = createRequire(import.meta.url).resolve('hardhat/internal/cli/cli.js')
  const child: ChildProcess = spawn(
    process.execPath,
    [cli, 'node', '--hostname', '127.0.0.1', '--port', String(port), '--config', config],
    { stdio: 'ignore' },
  )
  const url = `http://127.0.0.1:${port}`
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    await exited
    rmSync(dir, { recursive: true, force: true })
  }
  const deadline = Date.now() + START_TIMEOUT_MS
  while (!(await answers(url))) {
    if (Date.now() > deadline || child.exitCode !== null) {
      await stop()
      throw new Error(`TestNode: hardhat node on ${url} did not start`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return { url, stop }
}
