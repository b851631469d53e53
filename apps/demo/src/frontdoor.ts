import { createFrontdoor } from '@frontdoor/host-sdk'

/** The devnets of packages/devnet. */
export const NETWORKS = [
  {
    id: 31337,
    name: 'Devnet 31337',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    testnet: true,
  },
  {
    id: 31338,
    name: 'Devnet 31338',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    testnet: true,
  },
]

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
