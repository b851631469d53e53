import { Caip } from '@frontdoor/schemas'
import type { Chain } from 'viem'
import { arbitrum, avalanche, base, bsc, mainnet, optimism, polygon, sepolia } from 'viem/chains'

/** A network as the spec's Network (CAIP) entity describes it. */
export type Network = {
  id: number | string
  caipNetworkId: string
  chainNamespace: 'eip155' | 'solana'
  name: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  rpcUrls: { default: { http: string[] } }
  blockExplorers?: { default: { name: string; url: string } }
  testnet: boolean
}

function fromViem(chain: Chain): Network {
  const explorer = chain.blockExplorers?.default
  return {
    id: chain.id,
    caipNetworkId: Caip.formatCaip2('eip155', chain.id),
    chainNamespace: 'eip155',
    name: chain.name,
    nativeCurrency: { ...chain.nativeCurrency },
    rpcUrls: { default: { http: [...chain.rpcUrls.default.http] } },
    ...(explorer ? { blockExplorers: { default: { name: explorer.name, url: explorer.url } } } : {}),
    testnet: chain.testnet ?? false,
  }
}

function devnet(chainId: number, url: string): Network {
  return {
    id: chainId,
    caipNetworkId: Caip.formatCaip2('eip155', chainId),
    chainNamespace: 'eip155',
    name: `Frontdoor Devnet ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [url] } },
    testnet: true,
  }
}

function solana(reference: string, name: string, url: string, cluster: string, testnet: boolean): Network {
  return {
    id: reference,
    caipNetworkId: Caip.formatCaip2('solana', reference),
    chainNamespace: 'solana',
    name,
    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
    rpcUrls: { default: { http: [url] } },
    blockExplorers: {
      default: {
        name: 'Solscan',
        url: cluster ? `https://solscan.io/?cluster=${cluster}` : 'https://solscan.io',
      },
    },
    testnet,
  }
}

/** The known networks: the two devnets (at their configured URLs) and production networks. */
export function all(devnets: { DEVNET_31337_URL: string; DEVNET_31338_URL: string }): Network[] {
  return [
    devnet(31337, devnets.DEVNET_31337_URL),
    devnet(31338, devnets.DEVNET_31338_URL),
    ...[mainnet, optimism, bsc, polygon, base, arbitrum, avalanche, sepolia].map(fromViem),
    solana('5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'Solana', 'https://api.mainnet-beta.solana.com', '', false),
    solana(
      'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
      'Solana Devnet',
      'https://api.devnet.solana.com',
      'devnet',
      true,
    ),
    solana(
      '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
      'Solana Testnet',
      'https://api.testnet.solana.com',
      'testnet',
      true,
    ),
  ]
}
