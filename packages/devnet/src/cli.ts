// `npm run devnet -- start|seed|status [--chain 31337] [--chain 31338]`: runs, seeds or inspects the
// devnets at DEVNET_31337_URL / DEVNET_31338_URL (defaults :8545 / :8546).
import { parseArgs } from 'node:util'
import * as Addresses from '@frontdoor/protocol/addresses'
import * as JsonRpc from '@frontdoor/protocol/json-rpc'
import * as Deployment from './Deployment.js'
import * as Devnet from './Devnet.js'
import * as Health from './Health.js'
import * as Seed from './Seed.js'

const USAGE = `Usage: npm run devnet -- <command> [--chain <id>]... [--verbose] [--json]

  start    start the devnets (both unless --chain), seed them, run until Ctrl-C
  seed     seed devnets that already run (a no-op on a seeded chain)
  status   each devnet's URL, block number and seeding, and the deployed addresses

  --chain    31337 or 31338 (repeatable; both by default)
  --verbose  start: print Hardhat's output, with its per-request log
  --json     status: print JSON`

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    chain: { type: 'string', multiple: true },
    verbose: { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
})

const addresses = Addresses.from(process.env)
const urls: Record<Deployment.ChainId, string> = {
  31337: addresses.DEVNET_31337_URL,
  31338: addresses.DEVNET_31338_URL,
}

function chains(): Deployment.ChainId[] {
  if (!values.chain?.length) return [...Deployment.CHAIN_IDS]
  return values.chain.map((value) => {
    const id = Number(value)
    if (!Deployment.isChainId(id))
      throw new Error(`devnet: unknown chain ${value} (devnets: ${Deployment.CHAIN_IDS.join(', ')})`)
    return id
  })
}

function describe(deployment: Deployment.Deployment): string[] {
  const lines = ['  tokens:']
  for (const t of Object.values(deployment.tokens)) {
    lines.push(`    ${t.symbol.padEnd(6)} ${t.address}  ${t.name}, ${t.decimals} decimals`)
  }
  lines.push('  NFT collections:')
  for (const c of Object.values(deployment.nfts)) {
    lines.push(`    ${c.symbol.padEnd(6)} ${c.address}  ${c.name}${c.spam ? ' (spam)' : ''}`)
  }
  lines.push('  Uniswap v2:')
  lines.push(`    factory ${deployment.uniswap.factory}`)
  lines.push(`    router  ${deployment.uniswap.router}`)
  lines.push(`    WETH    ${deployment.uniswap.weth}`)
  for (const p of Object.values(deployment.pools)) lines.push(`    pool    ${p.address}  ${p.name}`)
  const aa = deployment.accountAbstraction
  lines.push(`  ERC-4337 (v${aa.entryPointVersion}):`)
  lines.push(`    EntryPoint              ${aa.entryPoint}`)
  lines.push(`    SimpleAccountFactory    ${aa.simpleAccountFactory}`)
  lines.push(`    FrontdoorAccountFactory ${aa.frontdoorAccountFactory}`)
  lines.push('  dev accounts (10,000 ETH each, mnemonic "test test … junk"):')
  deployment.accounts.forEach((a, i) => {
    lines.push(`    #${i} ${a.address}  ${a.privateKey}`)
  })
  return lines
}

async function start(): Promise<void> {
  const nodes: Devnet.Node[] = []
  let stopping = false
  const shutdown = async (code: number) => {
    if (stopping) return
    stopping = true
    await Promise.all(nodes.map((node) => node.stop()))
    if (nodes.length) console.log('devnet: stopped')
    process.exit(code)
  }
  process.on('SIGINT', () => void shutdown(0))
  process.on('SIGTERM', () => void shutdown(0))
  try {
    for (const chainId of chains()) {
      const url = new URL(urls[chainId])
      const node = await Devnet.start({
        chainId,
        hostname: url.hostname,
        port: Addresses.port(urls[chainId]),
        logging: values.verbose,
        ...(values.verbose ? { onLine: (line: string) => console.log(`[${chainId}] ${line}`) } : {}),
      })
      nodes.push(node)
      console.log(`devnet: chain ${chainId} at ${node.url}, seeded`)
      node.exited.then(() => {
        if (stopping) return
        console.error(`devnet: chain ${chainId} node exited`)
        void shutdown(1)
      })
    }
  } catch (error) {
    console.error((error as Error).message)
    await shutdown(1)
  }
  console.log(describe(Deployment.forChain(nodes[0]!.chainId)).join('\n'))
  console.log('devnet: running; Ctrl-C stops')
}

async function seed(): Promise<void> {
  for (const chainId of chains()) {
    const { alreadySeeded } = await Seed.seed(urls[chainId])
    console.log(
      `devnet: chain ${chainId} at ${urls[chainId]} ${alreadySeeded ? 'was already seeded' : 'seeded'}`,
    )
  }
}

async function status(): Promise<void> {
  const report = []
  for (const chainId of chains()) {
    const url = urls[chainId]
    const block = await JsonRpc.probe(url, 'eth_blockNumber')
    const running = typeof block === 'string'
    report.push({
      chainId,
      url,
      running,
      blockNumber: running ? Number(block) : null,
      seeded: running && (await Health.isSeeded(url)),
    })
  }
  if (values.json) {
    const deployments = chains().map((chainId) => Deployment.forChain(chainId))
    console.log(JSON.stringify({ chains: report, deployments }, null, 2))
    return
  }
  for (const r of report) {
    const state = r.running ? `block ${r.blockNumber}, ${r.seeded ? 'seeded' : 'NOT seeded'}` : 'not running'
    console.log(`chain ${r.chainId}  ${r.url}  ${state}`)
  }
  console.log('addresses (the same on every devnet chain):')
  console.log(describe(Deployment.forChain(chains()[0]!)).join('\n'))
}

const commands: Record<string, () => Promise<void>> = { start, seed, status }
const command = commands[positionals[0] ?? '']
if (values.help || !command) {
  console.log(USAGE)
  process.exit(values.help ? 0 : 2)
}
try {
  await command()
} catch (error) {
  console.error((error as Error).message)
  process.exit(1)
}
