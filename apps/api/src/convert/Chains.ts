import { Constants } from '@frontdoor/schemas'
import * as ChainList from '../chains/ChainList.js'

/**
 * The chains the convert routes serve (CONVERT_CHAINS, a comma list of CAIP-2 ids; empty turns swaps
 * off), by default the spec's 12 swap chains (Constants.SWAP_SUPPORTED_CHAINS) and the devnets the API
 * has upstreams for. A chain also needs an upstream ('Not available on this server: no upstream for
 * …' without one) and an AMM in the token registry ('Network not supported for Swaps' without one).
 *
 * @example
 * Chains.fromEnv({ CONVERT_CHAINS: 'eip155:1,eip155:8453' }, upstreams) // ['eip155:1', 'eip155:8453']
 */
export function fromEnv(
  env: Record<string, string | undefined>,
  upstreams: Record<string, string[]>,
): string[] {
  const listed = ChainList.parse(env.CONVERT_CHAINS, upstreams)
  return env.CONVERT_CHAINS === undefined ? [...Constants.SWAP_SUPPORTED_CHAINS, ...listed] : listed
}
