// The `bundler` part of the stack: Alto for both devnets at BUNDLER_URL (default :4337), reading and
// sending bundles to DEVNET_31337_URL / DEVNET_31338_URL. Runs until SIGINT or SIGTERM.
import * as Addresses from '@frontdoor/protocol/addresses'
import * as Bundler from './Bundler.js'

const addresses = Addresses.from(process.env)
const url = new URL(addresses.BUNDLER_URL)
try {
  const bundler = await Bundler.start({
    chains: [
      { chainId: 31337, rpcUrl: addresses.DEVNET_31337_URL },
      { chainId: 31338, rpcUrl: addresses.DEVNET_31338_URL },
    ],
    hostname: url.hostname,
    port: Addresses.port(addresses.BUNDLER_URL),
    onLine: (chainId, line) => console.log(`[${chainId}] ${line}`),
  })
  console.log(`bundler: ${bundler.url} (POST /31337, /31338; GET /healthz)`)
  let stopping = false
  const shutdown = async (code: number) => {
    if (stopping) return
    stopping = true
    await bundler.stop()
    process.exit(code)
  }
  process.on('SIGINT', () => void shutdown(0))
  process.on('SIGTERM', () => void shutdown(0))
  bundler.exited.then(() => {
    if (stopping) return
    console.error('bundler: an Alto process exited')
    void shutdown(1)
  })
} catch (error) {
  console.error((error as Error).message)
  process.exit(1)
}
