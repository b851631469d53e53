import * as AssetsApi from '@frontdoor/schemas/api/assets'
import * as Caip from '@frontdoor/schemas/caip'
import type * as Token from '@frontdoor/schemas/entities/token'
import { formatUnits } from 'viem'
import * as z from 'zod/mini'

/**
 * An embedded wallet's token balances from its own asset discovery (`wallet_getAssets`, EIP-7811;
 * spec section 7), in the blockchain API's token-balance shape the Tokens tab shows.
 */

/** Sends a request to the connected wallet. */
export type Request = (method: string, params: unknown) => Promise<unknown>

const NATIVE = 'native'
const ERC20 = 'erc20'

/** The balances on `chainId` of an EIP-7811 answer: native coin and ERC-20s; other asset types are left out. */
export function toBalances(answer: AssetsApi.WalletAssetsResponse, chainId: number): Token.TokenBalance[] {
  const chain = Caip.formatCaip2('eip155', chainId)
  const assets = Object.entries(answer).find(([hex]) => Number(BigInt(hex)) === chainId)?.[1] ?? []
  const balances: Token.TokenBalance[] = []
  for (const asset of assets) {
    const type = asset.type.toLowerCase()
    if ((type !== NATIVE && type !== ERC20) || !asset.metadata) continue
    const { name, symbol, decimals, price, value, iconUrl } = asset.metadata
    const numeric = formatUnits(BigInt(asset.balance), decimals)
    balances.push({
      name,
      symbol,
      chainId: chain,
      ...(type === ERC20 ? { address: Caip.formatCaip10(chain, asset.address) } : {}),
      price: price ?? 0,
      ...(value !== undefined ? { value } : price !== undefined ? { value: price * Number(numeric) } : {}),
      quantity: { decimals: String(decimals), numeric },
      iconUrl: iconUrl ?? '',
    })
  }
  return balances
}

/**
 * Asks the wallet for `address`'s assets on `chainId` and maps them; throws when the wallet refuses or
 * answers something else than EIP-7811 (the caller falls back to the blockchain API).
 */
export async function fromWallet(request: Request, address: string, chainId: number) {
  const params: AssetsApi.WalletAssetsRequest = {
    account: address,
    chainFilter: [`0x${chainId.toString(16)}`],
  }
  const answer = z.parse(AssetsApi.WalletAssetsResponse, await request('wallet_getAssets', [params]))
  return toBalances(answer, chainId)
}
