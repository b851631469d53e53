import { Caip } from '@frontdoor/schemas'

/** A fungible token the API knows without reading the chain (addresses lowercase). */
export type KnownToken = { address: string; name: string; symbol: string; decimals: number }

/** What the API knows about a chain beyond its blocks: tokens, spam collections, the AMM. */
export type Chain = {
  /** CAIP-2 id. */
  chainId: string
  /** The ERC-20s whose balances are always read. */
  tokens: KnownToken[]
  /** ERC-721 collections flagged as spam (lowercase). */
  spamCollections: Set<string>
  /** The price source: a Uniswap-v2 factory and router, the USD stablecoin and the wrapped native coin. */
  amm?: { factory: string; router: string; stable: KnownToken; wrappedNative: KnownToken }
}

/** The native coin's pseudo-address in CAIP-10 price requests (a common convention). */
export const NATIVE_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

/** The zero address, the `from` of mints and the `to` of burns. */
export const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000'

const known = new Map<string, Chain>()

/**
 * Sets what the process knows of each chain (the token registry), replacing what it knew. The API
 * itself knows no chain: whoever starts it hands the registry in (`Server.start({ registry })`; the
 * development module `@frontdoor/dev` hands in the devnets' seeded tokens, spam collection and AMM).
 * Addresses are stored lowercase.
 *
 * @example
 * Registry.configure([{ chainId: 'eip155:1', tokens: [usdc], spamCollections: new Set() }])
 */
export function configure(chains: readonly Chain[]): void {
  known.clear()
  for (const chain of chains) {
    Caip.parseCaip2(chain.chainId)
    const lower = (token: KnownToken): KnownToken => ({ ...token, address: token.address.toLowerCase() })
    known.set(chain.chainId, {
      chainId: chain.chainId,
      tokens: chain.tokens.map(lower),
      spamCollections: new Set([...chain.spamCollections].map((address) => address.toLowerCase())),
      ...(chain.amm
        ? {
            amm: {
              factory: chain.amm.factory.toLowerCase(),
              router: chain.amm.router.toLowerCase(),
              stable: lower(chain.amm.stable),
              wrappedNative: lower(chain.amm.wrappedNative),
            },
          }
        : {}),
    })
  }
}

/** What the process knows of `chainId` (CAIP-2), as {@link configure} set it; nothing for other chains. */
export function of(chainId: string): Chain {
  return known.get(chainId) ?? { chainId, tokens: [], spamCollections: new Set() }
}

/** Whether the collection `address` of `chain` is flagged as spam. */
export function isSpam(chain: Chain, address: string): boolean {
  return chain.spamCollections.has(address.toLowerCase())
}
