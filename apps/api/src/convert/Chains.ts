import * as ChainList from '../chains/ChainList.js'

/**
 * The chains the convert routes serve (CONVERT_CHAINS, a comma list of CAIP-2 ids; empty turns swaps
 * off), by default the devnets the API has upstreams for. A chain also needs an AMM in the token
 * registry and an upstream to be served; otherwise its requests get 'Network not supported for Swaps'.
 *
 * @example
 * Chains.fromEnv({ CONVERT_CHAINS: 'eip155:1,eip155:8453' }, upstreams) // ['eip155:1', 'eip155:8453']
 */
export function fromEnv(
  env: Record<string, string | undefined>,
  upstreams: Record<string, string[]>,
): string[] {
  return ChainList.parse(env.CONVERT_CHAINS, upstreams)
}
