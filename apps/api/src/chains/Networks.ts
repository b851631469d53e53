import { readFileSync } from 'node:fs'
import * as SolanaCluster from '@frontdoor/protocol/solana-cluster'
import { Caip, Network as NetworkSchema } from '@frontdoor/schemas'
import type { Chain } from 'viem'
import {
  arbitrum,
  arbitrumSepolia,
  aurora,
  avalanche,
  base,
  baseSepolia,
  blast,
  bsc,
  bscTestnet,
  celo,
  fantom,
  gnosis,
  kaia,
  linea,
  mainnet,
  mantle,
  optimism,
  optimismSepolia,
  polygon,
  polygonAmoy,
  scroll,
  sepolia,
  zksync,
  zora,
} from 'viem/chains'

import * as z from 'zod/mini'

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
    // One form of explorer URL (viem writes Mantle's with a trailing slash): links append `/tx/…`.
    ...(explorer
      ? { blockExplorers: { default: { name: explorer.name, url: explorer.url.replace(/\/+$/, '') } } }
      : {}),
    testnet: chain.testnet ?? false,
  }
}

/**
 * The embedded wallet's EVM networks (spec section 1: "about 24 EVM chains", the exact list not
 * shown), each with its real chain id, native currency, public explorer and testnet flag as viem's
 * `viem/chains` defines them (Reown's docs: email and social wallets work on the EVM chains viem
 * lists). Our choice of 24: the 12 swap chains of spec section 1 (Constants.SWAP_SUPPORTED_CHAINS,
 * AppKit's `SWAP_SUPPORTED_NETWORKS`), the other major mainnets (Celo, Linea, Scroll, Zora, Mantle,
 * Blast) and the main testnets (Sepolia, OP Sepolia, Base Sepolia, Arbitrum Sepolia, Polygon Amoy, BNB
 * Smart Chain Testnet). They are listed, not served: the API reaches a chain only through an upstream
 * (`RPC_UPSTREAMS_<chainId>`); without one the API and the views say it is not available on this server.
 */
export const EMBEDDED_WALLET_EVM_CHAINS: readonly Chain[] = [
  mainnet,
  optimism,
  bsc,
  gnosis,
  polygon,
  fantom,
  zksync,
  base,
  arbitrum,
  avalanche,
  kaia,
  aurora,
  celo,
  linea,
  scroll,
  zora,
  mantle,
  blast,
  sepolia,
  optimismSepolia,
  baseSepolia,
  arbitrumSepolia,
  polygonAmoy,
  bscTestnet,
]

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

/** The local Solana cluster (`packages/solana`) at `url`: its id is fixed by its genesis hash. */
function localCluster(url: string): Network {
  return {
    id: SolanaCluster.CAIP_NETWORK_ID.slice('solana:'.length),
    caipNetworkId: SolanaCluster.CAIP_NETWORK_ID,
    chainNamespace: 'solana',
    name: SolanaCluster.NAME,
    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
    rpcUrls: { default: { http: [url] } },
    testnet: true,
  }
}

/**
 * The known networks: the two devnets (at their configured URLs), the embedded wallet's EVM networks
 * ({@link EMBEDDED_WALLET_EVM_CHAINS}), Solana's three public clusters (mainnet-beta, devnet and
 * testnet, by their genesis hashes) and the local Solana cluster (at SOLANA_URL, by default its
 * address of ARCHITECTURE.md).
 */
export function all(devnets: {
  DEVNET_31337_URL: string
  DEVNET_31338_URL: string
  SOLANA_URL?: string
}): Network[] {
  return [
    devnet(31337, devnets.DEVNET_31337_URL),
    devnet(31338, devnets.DEVNET_31338_URL),
    ...EMBEDDED_WALLET_EVM_CHAINS.map(fromViem),
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
    localCluster(devnets.SOLANA_URL ?? SolanaCluster.SOLANA_URL_DEFAULT),
  ]
}

/**
 * A deployment's additions to the registry, from configuration rather than code: more CAIP networks
 * (an entry with the id of a built-in network replaces it) and the RPC upstream nodes of any chain
 * (CAIP-2 id -> URLs, best first), so a chain the API does not know can be listed and served.
 */
export const Extension = z.object({
  networks: z.optional(z.array(NetworkSchema.Network)),
  upstreams: z.optional(
    z.record(Caip.Caip2Schema, z.array(z.url({ protocol: /^https?$/ })).check(z.minLength(1))),
  ),
})
/** A deployment's additions to the registry: networks and RPC upstreams. */
export type Extension = { networks: Network[]; upstreams: Record<string, string[]> }

/**
 * Reads the registry's additions from NETWORKS_JSON (the JSON itself) or NETWORKS_FILE (a path to it):
 * `{ "networks": [<CAIP network>…], "upstreams": { "eip155:31339": ["http://…"] } }`. Throws a
 * readable error on a file that cannot be read or does not match, so the API does not start wrong.
 */
export function extensionFromEnv(
  env: Record<string, string | undefined>,
  read: (path: string) => string = (path) => readFileSync(path, 'utf8'),
): Extension {
  const source = env.NETWORKS_JSON?.trim()
    ? 'NETWORKS_JSON'
    : env.NETWORKS_FILE?.trim()
      ? 'NETWORKS_FILE'
      : ''
  if (!source) return { networks: [], upstreams: {} }
  let json: unknown
  try {
    json = JSON.parse(
      source === 'NETWORKS_JSON' ? (env.NETWORKS_JSON as string) : read(env.NETWORKS_FILE!.trim()),
    )
  } catch (error) {
    throw new Error(`${source}: ${(error as Error).message}`)
  }
  const parsed = z.safeParse(Extension, json)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new Error(`${source}: ${issue?.path.join('.') || '(root)'}: ${issue?.message}`)
  }
  const networks = (parsed.data.networks ?? []).map((network): Network => {
    if (network.chainNamespace !== 'eip155' && network.chainNamespace !== 'solana')
      throw new Error(`${source}: ${network.caipNetworkId}: only eip155 and solana networks can be served`)
    const explorer = network.blockExplorers?.default
    return {
      id: network.id,
      caipNetworkId: network.caipNetworkId,
      chainNamespace: network.chainNamespace,
      name: network.name,
      nativeCurrency: { ...network.nativeCurrency },
      rpcUrls: { default: { http: [...network.rpcUrls.default.http] } },
      ...(explorer ? { blockExplorers: { default: { name: explorer.name, url: explorer.url } } } : {}),
      testnet: network.testnet ?? false,
    }
  })
  return { networks, upstreams: parsed.data.upstreams ?? {} }
}

/** The registry with a deployment's networks: each replaces the built-in one of its id, or comes last. */
export function extend(base: readonly Network[], added: readonly Network[]): Network[] {
  const byId = new Map(added.map((network) => [network.caipNetworkId, network]))
  const replaced = base.map((network) => byId.get(network.caipNetworkId) ?? network)
  const known = new Set(base.map((network) => network.caipNetworkId))
  return [...replaced, ...added.filter((network) => !known.has(network.caipNetworkId))]
}
