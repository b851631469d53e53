import { Errors as Messages } from '@frontdoor/schemas'
import * as Errors from '../http/Errors.js'
import type * as Upstreams from '../rpc/Upstreams.js'
import type * as Networks from './Networks.js'

/**
 * Whether the API serves a chain: it reads and sends only where it has an upstream (RPC node). The
 * registry lists more networks than that (spec section 1: the embedded wallet's ~24 EVM chains and 3
 * Solana clusters); for one of those without an upstream every route answers the same clear refusal,
 * 'Not available on this server: no upstream for <chain>', so a client can tell it from a chain nobody
 * knows ('Unsupported chain').
 */

/** Why a chain is not served: the registry does not know it, or knows it but has no upstream of it. */
export type Problem = { code: 'unsupported_chain' | 'no_upstream'; message: string }

/**
 * Nothing when the API has an upstream of `chainId` (CAIP-2); else why not, with its message.
 *
 * @example
 * Served.problem({ networks, upstreams }, 'eip155:1') // { code: 'no_upstream', message: 'Not available on this server: no upstream for eip155:1' }
 */
export function problem(
  known: { networks: readonly Networks.Network[]; upstreams: Pick<Upstreams.Upstreams, 'has'> },
  chainId: string,
): Problem | undefined {
  if (known.upstreams.has(chainId)) return undefined
  return known.networks.some((network) => network.caipNetworkId === chainId)
    ? { code: 'no_upstream', message: Messages.noUpstream(chainId) }
    : { code: 'unsupported_chain', message: Messages.UNSUPPORTED_CHAIN }
}

/**
 * Throws the API's 400 `no_upstream` when the registry lists `chainId` but the API has no upstream of
 * it (a chain the registry does not know is left to the route: some answer it with an empty list).
 */
export function assertUpstream(
  deps: { config: { networks: readonly Networks.Network[] }; upstreams: Pick<Upstreams.Upstreams, 'has'> },
  chainId: string,
): void {
  const found = problem({ networks: deps.config.networks, upstreams: deps.upstreams }, chainId)
  if (found?.code === 'no_upstream')
    throw Errors.fail(400, Errors.CODE.noUpstream, found.message, { chainId })
}
