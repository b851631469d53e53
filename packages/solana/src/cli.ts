// `npm run solana`: the local Solana cluster at SOLANA_URL (default http://127.0.0.1:8899, its
// WebSocket one port up), seeded, until Ctrl-C.
import * as SolanaCluster from '@frontdoor/protocol/solana-cluster'
import * as Genesis from './Genesis.js'
import * as Server from './Server.js'

const url = new URL(SolanaCluster.url(process.env))
let server: Server.Server
try {
  server = await Server.start({ hostname: url.hostname, port: Number(url.port) || 80 })
} catch (error) {
  console.error(`solana: cannot listen on ${url.origin}: ${(error as Error).message}`)
  process.exit(1)
}
console.log(
  `solana: cluster ${Genesis.CAIP_NETWORK_ID} at ${server.url} (WebSocket ${server.websocketUrl}), seeded`,
)
console.log(`  genesis hash ${Genesis.GENESIS_HASH}`)
console.log(
  `  token ${Genesis.TOKEN.symbol} ${Genesis.TOKEN.mint}  ${Genesis.TOKEN.name}, ${Genesis.TOKEN.decimals} decimals`,
)
console.log('  dev accounts (1,000 SOL each; key: Keypair.fromSeed(sha256(label))):')
for (const account of Genesis.ACCOUNTS)
  console.log(`    ${account.address}  '${account.label}'  token account ${account.tokenAccount}`)
const shutdown = async () => {
  await server.close()
  process.exit(0)
}
process.on('SIGINT', () => void shutdown())
process.on('SIGTERM', () => void shutdown())
