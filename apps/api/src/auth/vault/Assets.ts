import type { Token } from '@frontdoor/schemas'
import { Caip } from '@frontdoor/schemas'
import { getAddress, numberToHex, parseUnits } from 'viem'
import * as zm from 'zod/mini'

/**
 * `wallet_getAssets` (EIP-7811) of the embedded wallet: its params, and its answer from the blockchain
 * API's balances (the registry's tokens and every ERC-20 the indexer saw the account receive), keyed by
 * hex chain id. Each asset's metadata carries the balance's price, value and icon too (spec section 3,
 * "Asset from wallet"): the modal shows these balances as it shows the balance route's, priced alike.
 */

const hexChainId = zm.string().check(zm.regex(/^0x[0-9a-fA-F]{1,16}$/, 'must be a hex chain id'))

/** The request: the account, and optional filters by chain, asset and asset type. */
export const Params = zm.tuple([
  zm.object({
    account: zm.string().check(zm.regex(/^0x[0-9a-fA-F]{40}$/, 'must be an EVM address')),
    chainFilter: zm.optional(zm.array(hexChainId).check(zm.maxLength(100))),
    assetTypeFilter: zm.optional(zm.array(zm.string().check(zm.maxLength(32))).check(zm.maxLength(10))),
    assetFilter: zm.optional(
      zm.record(
        hexChainId,
        zm.array(zm.object({ address: zm.string().check(zm.maxLength(64)), type: zm.string() })),
      ),
    ),
  }),
])
/** The request. */
export type Params = zm.infer<typeof Params>

/** One asset as EIP-7811 lists it. */
export type Asset = {
  address: 'native' | `0x${string}`
  balance: `0x${string}`
  type: 'native' | 'erc20'
  metadata: { symbol: string; decimals: number; name: string; price: number; value: number; iconUrl: string }
}

/** The CAIP-2 chains a request asks for, among those served (every served one without a filter). */
export function chainsOf(params: Params[0], served: readonly string[]): string[] {
  if (!params.chainFilter) return [...served]
  const asked = new Set(params.chainFilter.map((hex) => Caip.formatCaip2('eip155', Number.parseInt(hex, 16))))
  return served.filter((chain) => asked.has(chain))
}

/**
 * The balances as EIP-7811's answer: `{ [hexChainId]: Asset[] }`, with the request's asset type and
 * asset filters applied.
 *
 * @example
 * Assets.answer(await balances.of({ address, chainIds }), params)
 * // { '0x7a69': [{ address: 'native', balance: '0x1bc16d674ec80000', type: 'native', metadata: {...} }] }
 */
export function answer(balances: readonly Token.TokenBalance[], params: Params[0]): Record<string, Asset[]> {
  const out: Record<string, Asset[]> = {}
  for (const balance of balances) {
    const { chainNamespace, chainId } = Caip.parseCaip2(balance.chainId)
    if (chainNamespace !== 'eip155') continue
    const hexId = numberToHex(Number(chainId))
    const decimals = Number(balance.quantity.decimals)
    const token = balance.address ? getAddress(Caip.parseCaip10(balance.address).address) : undefined
    const asset: Asset = {
      address: token ?? 'native',
      balance: numberToHex(parseUnits(balance.quantity.numeric, decimals)),
      type: token ? 'erc20' : 'native',
      metadata: {
        symbol: balance.symbol,
        decimals,
        name: balance.name,
        price: balance.price,
        value: balance.value ?? balance.price * Number(balance.quantity.numeric),
        iconUrl: balance.iconUrl,
      },
    }
    if (params.assetTypeFilter && !params.assetTypeFilter.includes(asset.type)) continue
    const wanted = params.assetFilter?.[hexId] ?? (params.assetFilter ? [] : undefined)
    if (wanted && !wanted.some((w) => w.address.toLowerCase() === asset.address.toLowerCase())) continue
    const list = out[hexId] ?? []
    list.push(asset)
    out[hexId] = list
  }
  return out
}
