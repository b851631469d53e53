import type * as HostSdk from '@frontdoor/host-sdk'
import type { Chain } from 'viem'

/**
 * The CAIP network `createFrontdoor()` takes for a viem / wagmi chain: id, `eip155:{id}`, name, native
 * currency, RPC urls, block explorers and the testnet flag.
 *
 * @example
 * Networks.fromChain(mainnet) // { id: 1, caipNetworkId: 'eip155:1', chainNamespace: 'eip155', name: 'Ethereum', … }
 */
export function fromChain(chain: Chain): HostSdk.Network {
  const explorer = chain.blockExplorers?.default
  return {
    id: chain.id,
    caipNetworkId: `eip155:${chain.id}`,
    chainNamespace: 'eip155',
    name: chain.name,
    nativeCurrency: { ...chain.nativeCurrency },
    rpcUrls: { default: { http: [...chain.rpcUrls.default.http] } },
    ...(explorer
      ? {
          blockExplorers: {
            default: {
              name: explorer.name,
              url: explorer.url,
              ...(explorer.apiUrl ? { apiUrl: explorer.apiUrl } : {}),
            },
          },
        }
      : {}),
    ...(chain.testnet !== undefined ? { testnet: chain.testnet } : {}),
  }
}

/** The CAIP networks of a wagmi config's chains, in order. */
export function fromChains(chains: readonly Chain[]): HostSdk.Network[] {
  return chains.map(fromChain)
}
