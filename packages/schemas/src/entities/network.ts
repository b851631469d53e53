import * as z from 'zod/mini'
import * as Caip from '../caip.js'
import * as Constants from '../constants.js'

/** The chain namespaces Frontdoor knows (the embedded wallet's auth namespaces). */
export const ChainNamespace = z.enum(Constants.AUTH_NAMESPACES)
/** The chain namespaces Frontdoor knows (the embedded wallet's auth namespaces). */
export type ChainNamespace = z.infer<typeof ChainNamespace>

/** A network's native currency. */
export const NativeCurrency = z.object({
  name: z.string().check(z.minLength(1)),
  symbol: z.string().check(z.minLength(1)),
  decimals: z.number().check(z.int(), z.nonnegative(), z.maximum(255)),
})
/** A network's native currency. */
export type NativeCurrency = z.infer<typeof NativeCurrency>

/** RPC urls of one kind (viem's shape). */
export const RpcUrls = z.object({
  http: z.array(z.string()),
  webSocket: z.optional(z.array(z.string())),
})
/** RPC urls of one kind (viem's shape). */
export type RpcUrls = z.infer<typeof RpcUrls>

/** A block explorer. */
export const BlockExplorer = z.object({ name: z.string(), url: z.string(), apiUrl: z.optional(z.string()) })
/** A block explorer. */
export type BlockExplorer = z.infer<typeof BlockExplorer>

/**
 * A network (CAIP): a chain id, its CAIP-2 id, namespace, name, native currency, RPC urls (a `default`
 * set at least), block explorers and whether it is a testnet. `caipNetworkId` must equal
 * `{chainNamespace}:{id}`.
 */
export const Network = z
  .object({
    id: z.union([z.number().check(z.int(), z.nonnegative()), z.string().check(z.minLength(1))]),
    caipNetworkId: Caip.Caip2Schema,
    chainNamespace: ChainNamespace,
    name: z.string().check(z.minLength(1)),
    nativeCurrency: NativeCurrency,
    rpcUrls: z.catchall(z.object({ default: RpcUrls }), RpcUrls),
    blockExplorers: z.optional(z.catchall(z.object({ default: BlockExplorer }), BlockExplorer)),
    testnet: z.optional(z.boolean()),
  })
  .check(
    z.refine((network) => network.caipNetworkId === `${network.chainNamespace}:${network.id}`, {
      error: 'caipNetworkId must be {chainNamespace}:{id}',
      path: ['caipNetworkId'],
    }),
  )
/**
 * A network (CAIP): a chain id, its CAIP-2 id, namespace, name, native currency, RPC urls (a `default`
 * set at least), block explorers and whether it is a testnet. `caipNetworkId` must equal
 * `{chainNamespace}:{id}`.
 */
export type Network = z.infer<typeof Network>
