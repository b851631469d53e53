import { Caip, Errors as Messages } from '@frontdoor/schemas'
import {
  BaseError,
  type Client,
  createClient,
  createPublicClient,
  defineChain,
  fallback,
  http,
  type PublicClient,
  RpcRequestError,
  rpcSchema,
  type Transport,
} from 'viem'
import * as Upstreams from '../rpc/Upstreams.js'

/**
 * The API's clients of the chains it reads and sends to (the indexer, balances and prices, the vault's
 * transactions, on EVM and solana chains alike): one viem client per chain, created here and nowhere
 * else, over the same upstream nodes as the RPC proxy (`RPC_UPSTREAMS_<chainId>`, best first) with
 * viem's `http` transports behind a `fallback`. viem writes these clients' JSON-RPC bodies, batches the
 * calls made in one tick and parses the answers. The only bodies of our own that go upstream are the
 * RPC proxy's, as a server: what it forwards and its nodes' health pings (`Upstreams.ping`).
 */

/** The largest JSON-RPC batch sent upstream at once (spec section 9: batch 1000). */
export const BATCH_MAX = 1000

/**
 * EIP-1559 fees: `maxFeePerGas` is the latest base fee times this, plus the priority fee, so a
 * transaction stays valid through several full blocks (the approval screen estimates the same way).
 */
export const BASE_FEE_MULTIPLIER = 2

/** JSON-RPC internal error: the code of a node that did not answer. */
export const INTERNAL_ERROR = -32603

/** A chain's JSON-RPC error (its code, message and data), or no node that answered (`unreachable`). */
export class ChainError extends Error {
  override name = 'ChainError'
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
    readonly unreachable = false,
  ) {
    super(message)
  }
}

/**
 * What a failed chain call means: the node's own JSON-RPC error when it answered one (found anywhere
 * in viem's error chain), else an unreachable chain (network error, timeout, 5xx, a body that is not
 * JSON-RPC).
 */
export function chainError(error: unknown, chainId: string): ChainError {
  if (error instanceof ChainError) return error
  if (error instanceof BaseError) {
    const answered = error.walk((cause) => cause instanceof RpcRequestError)
    if (answered instanceof RpcRequestError)
      return new ChainError(answered.code, answered.details || answered.shortMessage, answered.data)
  }
  return new ChainError(INTERNAL_ERROR, `No node of ${chainId} answered`, undefined, true)
}

/**
 * The transport of a chain's nodes (`urls`, best first): one pass over them, a node that fails (network,
 * timeout, 5xx) handing over to the next; so does a node's JSON-RPC error, but for a refused
 * transaction or a reverted call (viem's `shouldThrow`). The calls made in one tick leave as one
 * JSON-RPC batch.
 */
function transport(urls: readonly string[]) {
  return fallback(
    urls.map((url) =>
      http(url, {
        batch: { batchSize: BATCH_MAX, wait: 0 },
        timeout: Upstreams.HTTP_RPC_TIMEOUT_MS,
        retryCount: 0,
      }),
    ),
    { retryCount: 0 },
  )
}

const created = new WeakMap<Upstreams.Upstreams, Map<string, Client>>()

/**
 * The client of `chainId` in namespace `namespace`, made by `make` from the chain's nodes once per set of
 * upstreams and chain; a {@link ChainError} (unreachable) for a chain of another namespace or without nodes.
 */
function cached(
  upstreams: Upstreams.Upstreams,
  chainId: string,
  namespace: 'eip155' | 'solana',
  make: (urls: readonly string[], reference: string) => Client,
): Client {
  let clients = created.get(upstreams)
  if (!clients) {
    clients = new Map()
    created.set(upstreams, clients)
  }
  const { chainNamespace, chainId: reference } = Caip.parseCaip2(chainId)
  const existing = chainNamespace === namespace ? clients.get(chainId) : undefined
  if (existing) return existing
  const urls = upstreams.fallback(chainId)?.ranked() ?? []
  if (chainNamespace !== namespace || !urls.length)
    throw new ChainError(INTERNAL_ERROR, Messages.noUpstream(chainId), undefined, true)
  const client = make(urls, reference)
  clients.set(chainId, client)
  return client
}

/**
 * The client of `chainId` (CAIP-2, `eip155:*`) over the nodes of `upstreams`, created once per set
 * of upstreams and chain; throws a {@link ChainError} (unreachable) when the API has no node for it.
 *
 * @example
 * const client = Clients.of(deps.upstreams, 'eip155:31337')
 * const fees = await client.estimateFeesPerGas()
 */
export function of(upstreams: Upstreams.Upstreams, chainId: string): PublicClient {
  // Only this function puts eip155 chains in the cache, and it puts public clients there.
  return cached(upstreams, chainId, 'eip155', (urls, reference) =>
    createPublicClient({
      chain: defineChain({
        id: Number(reference),
        name: chainId,
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [...urls] } },
        fees: { baseFeeMultiplier: BASE_FEE_MULTIPLIER },
      }),
      transport: transport(urls),
    }),
  ) as PublicClient
}

/** Solana's JSON-RPC for viem's types: any method by name, with its params as a list. */
type SolanaRpcSchema = [{ Method: string; Parameters: unknown[]; ReturnType: unknown }]

/** A solana chain's client: viem's `request`, with Solana's methods by name. */
export type SolanaClient = Client<Transport, undefined, undefined, SolanaRpcSchema>

/**
 * The client of the solana chain `chainId` (CAIP-2, `solana:*`) over the nodes of `upstreams`, as
 * {@link of} makes an EVM chain's: the same transport and failover, its `request` alone (viem's actions
 * are EVM's). Throws a {@link ChainError} (unreachable) when the API has no node for it.
 *
 * @example
 * const slot = await Clients.solana(deps.upstreams, 'solana:Fxw…').request({ method: 'getSlot', params: [] })
 */
export function solana(upstreams: Upstreams.Upstreams, chainId: string): SolanaClient {
  // Only this function puts solana chains in the cache, and it puts solana clients there.
  return cached(upstreams, chainId, 'solana', (urls) =>
    createClient({ transport: transport(urls), rpcSchema: rpcSchema<SolanaRpcSchema>() }),
  ) as SolanaClient
}

/**
 * The client of any chain the API serves for its JSON-RPC alone (the indexer's and the balances'
 * calls): {@link solana}'s for a solana chain, else {@link of}'s.
 */
export function rpc(upstreams: Upstreams.Upstreams, chainId: string): Client {
  return chainId.startsWith('solana:') ? solana(upstreams, chainId) : of(upstreams, chainId)
}
