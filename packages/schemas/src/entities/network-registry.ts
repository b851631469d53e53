import * as z from 'zod/mini'
import * as Constants from '../constants.js'
import type { Network as NetworkType } from './network.js'
import { Network } from './network.js'

/**
 * The network registry, `GET /v1/networks`: the CAIP networks the API knows (its devnets, production
 * networks and any a deployment adds by configuration). Both frames read it once per load (the spec
 * gives it no cache lifetime) to resolve a network the page names only by its id.
 */
/** `GET /v1/networks` response: the registry's CAIP networks. */
export const NetworksResponse = z.object({ networks: z.array(Network) })
/** `GET /v1/networks` response: the network registry. */
export type NetworksResponse = z.infer<typeof NetworksResponse>

/** The network registry's path on the API. */
export const NETWORKS_PATH = '/v1/networks'

/**
 * Whether the page named this network only by its id (`createFrontdoor({ networks: [31339] })`, sdk.js
 * `data-chain-ids`): no RPC URL and no name of its own. Such a network takes the registry's definition;
 * one the page named itself stays as the page defined it (the demo's devnets have no RPC URL either:
 * the modal reads chains through the API's RPC proxy).
 */
export function namedOnly(network: NetworkType): boolean {
  const reference = network.caipNetworkId.split(':')[1] ?? String(network.id)
  return (
    network.rpcUrls.default.http.length === 0 &&
    network.name === `${Constants.UNNAMED_CHAIN_PREFIX}${reference}`
  )
}
