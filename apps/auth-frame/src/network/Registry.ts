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
  /** The registry's first solana network (the cluster the vault sends Solana transactions to). */
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
  let reading: Promise<Network.Network[]> | undefined
  const read = async () => {
    const response = await fetchFn(apiUrl + NetworkRegistry.NETWORKS_PATH, {
      credentials: 'omit',
      signal: AbortSignal.timeout(timeoutMs),
    })
    if (!response.ok) throw new Error(`GET ${NetworkRegistry.NETWORKS_PATH}: HTTP ${response.status}`)
    return z.parse(NetworkRegistry.NetworksResponse, await response.json()).networks
  }
  const find = async (match: (network: Network.Network) => boolean) => {
    reading ??= read()
    try {
      return (await reading).find(match)
    } catch {
      reading = undefined
      return undefined
    }
  }
  return {
    network: (chainId) => find((n) => n.caipNetworkId === `eip155:${chainId}`),
    solana: () => find((n) => n.chainNamespace === 'solana'),
  }
}
