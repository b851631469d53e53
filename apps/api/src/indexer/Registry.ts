import * as Deployment from '@frontdoor/devnet/deployment'
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

const lower = (token: Deployment.Token): KnownToken => ({ ...token, address: token.address.toLowerCase() })

/**
 * What the API knows of `chainId` (CAIP-2): the devnets' seeded tokens, spam collection and AMM
 * (`@frontdoor/devnet/deployment`); nothing for other chains.
 */
export function of(chainId: string): Chain {
  let chain = known.get(chainId)
  if (!chain) {
    chain = build(chainId)
    if (known.size >= KNOWN_MAX) known.clear()
    known.set(chainId, chain)
  }
  return chain
}

const known = new Map<string, Chain>()
const KNOWN_MAX = 1000

function build(chainId: string): Chain {
  const { chainNamespace, chainId: reference } = Caip.parseCaip2(chainId)
  const numeric = Number(reference)
  if (chainNamespace !== 'eip155' || !Deployment.isChainId(numeric))
    return { chainId, tokens: [], spamCollections: new Set() }
  const deployment = Deployment.forChain(numeric)
  const { FUSD, DOOR, PTS, WETH } = deployment.tokens
  return {
    chainId,
    tokens: [FUSD, DOOR, PTS, WETH].map(lower),
    spamCollections: new Set(deployment.spamCollections.map((address) => address.toLowerCase())),
    amm: {
      factory: deployment.uniswap.factory.toLowerCase(),
      router: deployment.uniswap.router.toLowerCase(),
      stable: lower(FUSD),
      wrappedNative: lower(WETH),
    },
  }
}

/** Whether the collection `address` of `chain` is flagged as spam. */
export function isSpam(chain: Chain, address: string): boolean {
  return chain.spamCollections.has(address.toLowerCase())
}
