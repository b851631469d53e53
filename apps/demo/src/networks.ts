import type { Network } from '@frontdoor/host-sdk'

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
