import { Caip } from '@frontdoor/schemas'

/** The chains swaps are offered on unless CONVERT_CHAINS says otherwise: the devnets the API reaches. */
const DEFAULT_CHAINS = ['eip155:31337', 'eip155:31338'] as const

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
  const listed = env.CONVERT_CHAINS
  if (listed === undefined) return DEFAULT_CHAINS.filter((chain) => upstreams[chain])
  return listed
    .split(',')
    .map((chain) => chain.trim())
    .filter(Boolean)
    .map((chain) => {
      Caip.parseCaip2(chain)
      return chain
    })
}
