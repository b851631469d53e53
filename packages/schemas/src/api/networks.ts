import * as z from 'zod/mini'
import * as Caip from '../caip.js'
import * as Network from '../entities/network.js'

/**
 * The network registry, `GET /v1/networks`: the CAIP networks the API knows (its devnets, the
 * production networks and any a deployment adds by configuration). Both frames read it once per load
 * to resolve a network the page names only by its id; the spec gives it no cache lifetime, so a frame
 * keeps its one reading until it reloads.
 */

/** The registry's path on the API. */
export const NETWORKS_PATH = '/v1/networks'

/** `GET /v1/networks` response: the registry's CAIP networks. */
export const NetworksResponse = z.object({ networks: z.array(Network.Network) })
/** `GET /v1/networks` response: the registry's CAIP networks. */
export type NetworksResponse = z.infer<typeof NetworksResponse>

/** How a page may name a network: a CAIP-2 id (`eip155:1`) or an EVM chain id (`1`, `0x1`). */
export type NetworkRef = string | number

/** The CAIP-2 id a page's reference names (a bare number or 0x string is an EVM chain id); undefined when it names none. */
export function caipNetworkIdOf(ref: NetworkRef): string | undefined {
  if (typeof ref === 'string' && Caip.isCaip2(ref)) return ref
  const evm = Caip.evmChainId(ref)
  return evm === undefined ? undefined : Caip.formatCaip2('eip155', evm)
}

/** The registry's network that `ref` names, or undefined when the registry does not know it. */
export function find(registry: readonly Network.Network[], ref: NetworkRef): Network.Network | undefined {
  const caipNetworkId = caipNetworkIdOf(ref)
  return caipNetworkId === undefined ? undefined : registry.find((n) => n.caipNetworkId === caipNetworkId)
}
