import type * as Network from '@frontdoor/schemas/entities/network'
import * as NetworkRegistry from '@frontdoor/schemas/entities/network-registry'
import * as Api from '../api/Api.js'

/**
 * The network registry on the modal's side: a network the page names only by its id (sdk.js
 * `data-chain-ids`, or a network with no RPC URL of its own) takes its definition from the API's
 * registry (`GET /v1/networks`), with the API's RPC proxy for that chain as its RPC URL. A network the
 * page defines in full stays as the page defined it. Loaded only when a page names a network by id.
 */

/** Where the API is and which project asks (the RPC proxy URL names both). */
export type Context = { apiUrl: string; projectId: string }

let reading: Promise<Network.Network[]> | undefined

/**
 * The API's registry, read once per frame load (the spec gives it no lifetime): validated with
 * packages/schemas' `NetworksResponse`; a failed reading is tried again next time.
 */
function registry(apiUrl: string): Promise<Network.Network[]> {
  reading ??= Api.get(apiUrl + NetworkRegistry.NETWORKS_PATH, NetworkRegistry.NetworksResponse).then(
    (body) => body.networks,
    (error: unknown) => {
      reading = undefined
      throw error
    },
  )
  return reading
}

/**
 * The page's networks, in its order: each one named only by id becomes the registry's network of
 * that id, whose RPC URL is the API's RPC proxy for it (EVM); one the registry does not know, or
 * that the page defined itself, stays as it is.
 */
export function resolve(
  page: readonly Network.Network[],
  known: readonly Network.Network[],
  context: Context,
): Network.Network[] {
  return page.map((network) => {
    const entry =
      NetworkRegistry.namedOnly(network) && known.find((n) => n.caipNetworkId === network.caipNetworkId)
    if (!entry) return network
    const http =
      entry.chainNamespace === 'eip155'
        ? [Api.rpcUrl(context.apiUrl, context.projectId, Number(entry.id))]
        : entry.rpcUrls.default.http
    return { ...entry, rpcUrls: { default: { http } } }
  })
}

/**
 * {@link resolve} over the registry read from the API; the page's networks as they are when none is
 * named only by id, or when the registry cannot be read.
 */
export async function resolvePage(
  context: Context,
  page: readonly Network.Network[],
): Promise<Network.Network[]> {
  if (!page.some(NetworkRegistry.namedOnly)) return [...page]
  try {
    return resolve(page, await registry(context.apiUrl), context)
  } catch {
    return [...page]
  }
}
