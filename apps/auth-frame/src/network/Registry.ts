import * as Chains from '@frontdoor/schemas/api/chains'
import * as Constants from '@frontdoor/schemas/constants'
import type * as Network from '@frontdoor/schemas/entities/network'
import * as NetworkRegistry from '@frontdoor/schemas/entities/network-registry'
import * as z from 'zod/mini'

/**
 * The embedded wallet's networks: the API's registry (`GET /v1/networks`), read once per frame load
 * (the spec gives it no cache lifetime) and validated with packages/schemas' `NetworksResponse`. The
 * approval screen names a request's chain and its native currency from it; every read and send on a
 * chain still goes through the API (RPC proxy, vault) by the chain's id.
 */

/** The wallet's view of the registry. */
export type Registry = {
  /** The registry's network of EVM chain `chainId`; undefined when the registry does not list it or cannot be read. */
  network: (chainId: number) => Promise<Network.Network | undefined>
  /** The solana network the API serves (GET /v1/supported-chains): where the vault sends Solana transactions. */
  solana: () => Promise<Network.Network | undefined>
}

/**
 * Reads the registry of the API at `apiUrl` once; a failed reading, or one the API does not answer
 * within `timeoutMs` (the spec's HTTP timeout), names no network and is tried again on the next
 * question, so a stalled API never holds the approval screen.
 */
export function create(
  apiUrl: string,
  fetchFn: typeof fetch = (...args) => fetch(...args),
  timeoutMs = Constants.HTTP_RPC_TIMEOUT_MS,
): Registry {
  const get = async <T>(path: string, schema: z.ZodMiniType<T>) => {
    const response = await fetchFn(apiUrl + path, {
      credentials: 'omit',
      signal: AbortSignal.timeout(timeoutMs),
    })
    if (!response.ok) throw new Error(`GET ${path}: HTTP ${response.status}`)
    return z.parse(schema, await response.json())
  }
  let reading: Promise<Network.Network[]> | undefined
  let serving: Promise<string[]> | undefined
  const find = async (match: (network: Network.Network) => boolean) => {
    reading ??= get(NetworkRegistry.NETWORKS_PATH, NetworkRegistry.NetworksResponse).then((r) => r.networks)
    try {
      return (await reading).find(match)
    } catch {
      reading = undefined
      return undefined
    }
  }
  return {
    network: (chainId) => find((n) => n.caipNetworkId === `eip155:${chainId}`),
    async solana() {
      serving ??= get('/v1/supported-chains', Chains.SupportedChainsResponse).then((r) => r.http)
      let served: string[]
      try {
        served = await serving
      } catch {
        serving = undefined
        return undefined
      }
      return find((n) => n.chainNamespace === 'solana' && served.includes(n.caipNetworkId))
    },
  }
}
