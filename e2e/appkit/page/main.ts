// The real AppKit client (vanilla, wagmi adapter), as a dapp would set it up. Its hard-coded hosts
// (api.web3modal.org, rpc.walletconnect.org, pulse.walletconnect.org) are answered by our API: the
// test routes them there.
import { createAppKit } from '@reown/appkit'
import { type AppKitNetwork, defineChain } from '@reown/appkit/networks'
import { WagmiAdapter } from '@reown/appkit-adapter-wagmi'

/** The project the API seeds; it allows the demo origin, which serves this page. */
const PROJECT_ID = 'demo'

/** A devnet of packages/devnet as a CAIP network; its RPC is our API's proxy, under AppKit's own RPC host. */
const devnet = (id: number) =>
  defineChain({
    id,
    caipNetworkId: `eip155:${id}`,
    chainNamespace: 'eip155',
    name: `Devnet ${id}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: {
      default: { http: [`https://rpc.walletconnect.org/v1/?chainId=eip155:${id}&projectId=${PROJECT_ID}`] },
    },
    testnet: true,
  })

const networks: [AppKitNetwork, ...AppKitNetwork[]] = [devnet(31337), devnet(31338)]

const wagmiAdapter = new WagmiAdapter({ projectId: PROJECT_ID, networks })

// AppKit's own types disagree under exactOptionalPropertyTypes (the adapter's optional namespace).
type Adapters = NonNullable<Parameters<typeof createAppKit>[0]['adapters']>

const modal = createAppKit({
  adapters: [wagmiAdapter] as Adapters,
  networks,
  projectId: PROJECT_ID,
  metadata: {
    name: 'AppKit on Frontdoor',
    description: 'The real AppKit client against the Frontdoor API',
    url: window.location.origin,
    icons: [],
  },
})

document.querySelector('#open')?.addEventListener('click', () => modal.open())

declare global {
  interface Window {
    appkit: typeof modal
  }
}
window.appkit = modal
// For bench/modal-open.ts: when AppKit says it is ready.
void modal.ready().then(() => performance.mark('appkit:ready'))
