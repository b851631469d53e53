import { DEV_ACCOUNTS } from '@frontdoor/devnet/accounts'
import type * as HostModal from '@frontdoor/protocol/host-modal'
import * as Relay from '@frontdoor/relay'
import { WebSocket } from 'ws'
import * as TestWallet from '../../../../../e2e/wallets/walletconnect.js'
import type * as Connector from '../Connector.js'
import * as WalletConnect from './WalletConnect.js'

// What the WalletConnect connector's tests share (WalletConnect.test, Calls.test): a real relay started
// here, the connector (dapp side, sign-client in Node) and the e2e test wallet (sign-client in Node with
// a dev key), paired through it, and the clean-up of all three after each test. Nothing is mocked.

type Network = HostModal.HostInfo['networks'][number]

/** A devnet network as the page declares it (31337 on port 8545, any other on 8546). */
const network = (id: number): Network => ({
  id,
  caipNetworkId: `eip155:${id}`,
  chainNamespace: 'eip155',
  name: `Devnet ${id}`,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [`http://127.0.0.1:${id === 31337 ? 8545 : 8546}`] } },
})

/** The page's two devnets, on 31337. */
export const CONTEXT: Connector.Context = { networks: [network(31337), network(31338)], chainId: 31337 }

/** The local Solana cluster as a WalletConnect wallet names it (by its genesis hash). */
export const SOLANA_LOCAL = 'solana:FxwCwhiscJPbAuFKVEq7mmzfCkcEoFth'

const WALLET_KEY = DEV_ACCOUNTS[3]!.privateKey
const METADATA = { name: 'Connector test', description: '', url: 'http://localhost:5173', icons: [] }

const cleanups: (() => Promise<void>)[] = []

/**
 * Stops what the test started (wallets, connectors, relays), last first.
 *
 * @example
 * afterEach(TestWalletConnect.cleanup)
 */
export async function cleanup() {
  for (const stop of cleanups.splice(0).reverse()) await stop().catch(() => {})
}

/** A relay on `port` (a free one by default), stopped after the test. */
export async function relay(port = 0) {
  // The relay serves the test's project itself (RELAY_PROJECTS), without asking an API's registry.
  const server = await Relay.Server.start({ env: { LOG_LEVEL: 'silent', RELAY_PROJECTS: 'demo' }, port })
  cleanups.push(() => server.stop())
  return server
}

/** The connector's relay probe with the `ws` package (Node 20 has no WebSocket of its own). */
function wsProbe(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url)
    socket.on('open', () => {
      socket.close()
      resolve(true)
    })
    socket.on('error', () => resolve(false))
  })
}

let prefixes = 0

/** A storage prefix no other connector of the run has, for connectors that share one storage. */
export function storagePrefix(name: string): string {
  return `${name}-${++prefixes}`
}

/** The connector on `relayUrl`, with a storage of its own unless `extra` gives one; closed after the test. */
export function connector(relayUrl: string, extra: Partial<WalletConnect.Options> = {}) {
  const backend = new Map<string, string>()
  const c = WalletConnect.create({
    projectId: 'demo',
    relayUrl,
    metadata: METADATA,
    probe: wsProbe,
    customStoragePrefix: storagePrefix('connector-test'),
    backend: {
      getItem: (key) => backend.get(key) ?? null,
      setItem: (key, value) => void backend.set(key, value),
      removeItem: (key) => void backend.delete(key),
    },
    ...extra,
  })
  cleanups.push(async () => {
    const client = await c.client()
    client?.core.heartbeat.stop()
    await client?.core.relayer.transportClose()
  })
  return c
}

/** The connector of a page that declares the local Solana cluster beside the devnets (a solana namespace). */
export function solanaConnector(relayUrl: string) {
  const local = {
    ...network(1),
    id: SOLANA_LOCAL.slice('solana:'.length),
    caipNetworkId: SOLANA_LOCAL,
    chainNamespace: 'solana',
  } as Network
  const info = { networks: [...CONTEXT.networks, local] } as HostModal.HostInfo
  return connector(relayUrl, { host: () => ({ info }) as never })
}

/** The e2e test wallet (dev account 3 unless `options` name another key) on `relayUrl`; stopped after the test. */
export async function wallet(relayUrl: string, options: Partial<TestWallet.Options> = {}) {
  const w = await TestWallet.create({ privateKey: WALLET_KEY, relayUrl, ...options })
  cleanups.push(() => w.stop())
  return w
}

/** Connects `c` with `w`, the wallet approving: the session and the proposal the wallet approved. */
export async function pairing(
  c: WalletConnect.WalletConnect,
  w: TestWallet.Wallet,
  options: Connector.ConnectOptions = {},
) {
  let uri: (value: string) => void = () => {}
  const shown = new Promise<string>((resolve) => {
    uri = resolve
  })
  const session = c.connect(CONTEXT, { ...options, onUri: uri })
  const proposal = await w.pair(await shown)
  await w.approve(proposal)
  return { session: await session, proposal }
}

/** Connects `c` with `w`, the wallet approving; the session. */
export async function pair(
  c: WalletConnect.WalletConnect,
  w: TestWallet.Wallet,
  options: Connector.ConnectOptions = {},
) {
  return (await pairing(c, w, options)).session
}

/**
 * The events `c` emits from now on, as they come.
 *
 * @example
 * const seen = TestWalletConnect.events(c)
 */
export function events(c: Pick<Connector.Connector, 'subscribe'>) {
  const seen: Connector.Event[] = []
  c.subscribe((event) => seen.push(event))
  return seen
}

/** Waits until `check` holds, polling; throws after `timeoutMs`. */
export async function until(check: () => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}
