import { Caip, Errors as Messages } from '@frontdoor/schemas'
import {
  BaseError,
  createPublicClient,
  defineChain,
  fallback,
  http,
  type PublicClient,
  RpcRequestError,
} from 'viem'
import * as Upstreams from '../rpc/Upstreams.js'

/**
 * The API's clients of the chains it reads and sends to (the indexer, balances and prices, the vault's
 * transactions): one viem public client per chain, created here and nowhere else, over the same
 * upstream nodes as the RPC proxy (`RPC_UPSTREAMS_<chainId>`, best first) with viem's `http`
 * transports behind a `fallback`. viem writes these clients' JSON-RPC bodies, batches the calls made
 * in one tick and parses the answers. Bodies of our own go upstream too: the RPC proxy's (as a server),
 * the nodes' health pings (`Upstreams.ping`) and the vault's Solana sends (`SolanaTransactions.ts`).
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

const created = new WeakMap<Upstreams.Upstreams, Map<string, PublicClient>>()

/**
 * The client of `chainId` (CAIP-2, `eip155:*`) over the nodes of `upstreams`, created once per set
 * of upstreams and chain; throws a {@link ChainError} (unreachable) when the API has no node for it.
 *
 * @example
 * const client = Clients.of(deps.upstreams, 'eip155:31337')
 * const fees = await client.estimateFeesPerGas()
 */
export function of(upstreams: Upstreams.Upstreams, chainId: string): PublicClient {
  let clients = created.get(upstreams)
  if (!clients) {
    clients = new Map()
    created.set(upstreams, clients)
  }
  const existing = clients.get(chainId)
  if (existing) return existing
  const urls = upstreams.fallback(chainId)?.ranked() ?? []
  const { chainNamespace, chainId: reference } = Caip.parseCaip2(chainId)
  if (chainNamespace !== 'eip155' || !urls.length)
    throw new ChainError(INTERNAL_ERROR, Messages.noUpstream(chainId), undefined, true)
  const chain = defineChain({
    id: Number(reference),
    name: chainId,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: urls } },
    fees: { baseFeeMultiplier: BASE_FEE_MULTIPLIER },
  })
  const client = createPublicClient({
    chain,
    // One pass over the nodes, best first: a node that fails (network, timeout, 5xx) hands over to
    // the next; a JSON-RPC error is the chain's answer and is not retried elsewhere.
    transport: fallback(
      urls.map((url) =>
        http(url, {
          batch: { batchSize: BATCH_MAX, wait: 0 },
          timeout: Upstreams.HTTP_RPC_TIMEOUT_MS,
          retryCount: 0,
        }),
      ),
      { retryCount: 0 },
    ),
  })
  clients.set(chainId, client)
  return client
}
