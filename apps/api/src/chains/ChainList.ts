import { Caip } from '@frontdoor/schemas'

/** The devnets a feature's chain list names when its variable is unset (those the API reaches). */
const DEVNETS = ['eip155:31337', 'eip155:31338'] as const

/**
 * A feature's chains from its environment variable (a comma list of CAIP-2 ids; empty: none), by
 * default the devnets the API has upstreams for. Throws on an id that is not CAIP-2.
 *
 * @example
 * ChainList.parse('eip155:1, eip155:8453', upstreams) // ['eip155:1', 'eip155:8453']
 * ChainList.parse(undefined, { 'eip155:31337': [url] }) // ['eip155:31337']
 */
export function parse(listed: string | undefined, upstreams: Record<string, string[]>): string[] {
  if (listed === undefined) return DEVNETS.filter((chain) => upstreams[chain])
  return listed
    .split(',')
    .map((chain) => chain.trim())
    .filter(Boolean)
    .map((chain) => {
      Caip.parseCaip2(chain)
      return chain
    })
}
