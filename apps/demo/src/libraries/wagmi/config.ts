import * as FrontdoorWagmi from '@frontdoor/wagmi'
import { createConfig, http } from 'wagmi'
import * as Devnets from '../Devnets.js'

/** The networks the modal offers: wagmi's chains as CAIP networks (what the connector derives too). */
export const NETWORKS = FrontdoorWagmi.Networks.fromChains(Devnets.CHAINS)

/** The page's wagmi config: the devnets and the Frontdoor connector only (no EIP-6963 discovery). */
export const config = createConfig({
  chains: Devnets.CHAINS,
  connectors: [FrontdoorWagmi.frontdoor(Devnets.OPTIONS)],
  multiInjectedProviderDiscovery: false,
  transports: {
    [Devnets.CHAINS[0].id]: http(),
    [Devnets.CHAINS[1].id]: http(),
  },
})

declare module 'wagmi' {
  interface Register {
    config: typeof config
  }
}
