import { createFrontdoor, type Network } from '@frontdoor/host-sdk'

const devnet = (id: number): Network => ({
  id,
  caipNetworkId: `eip155:${id}`,
  chainNamespace: 'eip155',
  name: `Devnet ${id}`,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  // The modal reads chains through the API's RPC proxy; the page needs no node URL.
  rpcUrls: { default: { http: [] } },
  testnet: true,
})

/** The devnets of packages/devnet. */
export const NETWORKS = [devnet(31337), devnet(31338)]

/** The demo's one Frontdoor instance (created once, in the browser). */
export const frontdoor = createFrontdoor({
  projectId: 'demo',
  networks: NETWORKS,
  metadata: {
    name: 'Frontdoor demo',
    description: 'The host web application that embeds Frontdoor',
    url: location.origin,
  },
  modalUrl: import.meta.env.VITE_MODAL_URL,
  themeMode: matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light',
})
