import type * as HostModal from '@frontdoor/protocol/host-modal'
import * as Constants from '@frontdoor/schemas/constants'

/** A network the page supports (CAIP network, as in spec section 3). */
export type Network = HostModal.HostInfo['networks'][number]

/**
 * How the page lists a network in `createFrontdoor({ networks })`: a full CAIP network, or only its
 * id, a CAIP-2 id (`eip155:31339`) or an EVM chain id (`31339`); a network named by id is defined by
 * Frontdoor's network registry (`GET /v1/networks`), which the modal reads.
 */
export type NetworkOption = Network | number | string

/**
 * The network the modal is told of: a full network as it is; an id as a network with no RPC URL of
 * its own, which the modal resolves from the registry (its name stays `Chain <id>` when the registry
 * does not list it). Throws on an id that is neither a CAIP-2 id nor a chain id.
 */
export function networkOf(option: NetworkOption): Network {
  if (typeof option === 'object') return option
  const caipNetworkId = /^\d+$/.test(String(option)) ? `eip155:${option}` : String(option)
  const [namespace, reference, extra] = caipNetworkId.split(':')
  const namespaces: readonly string[] = Constants.AUTH_NAMESPACES
  const evm = namespace === 'eip155'
  if (
    !namespace ||
    !reference ||
    extra !== undefined ||
    !namespaces.includes(namespace) ||
    (evm && !/^[1-9]\d*$/.test(reference))
  )
    throw new Error(`createFrontdoor(): networks: ${option} is neither a network, a CAIP-2 id nor a chain id`)
  return {
    id: evm ? Number(reference) : reference,
    caipNetworkId,
    chainNamespace: namespace as Network['chainNamespace'],
    name: `${Constants.UNNAMED_CHAIN_PREFIX}${reference}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [] } },
  }
}
