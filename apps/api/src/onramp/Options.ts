import { Caip, Constants } from '@frontdoor/schemas'
import type * as Onramp from '@frontdoor/schemas/api/onramp'
import * as Tokens from '../account/Tokens.js'
import * as ChainList from '../chains/ChainList.js'
import type * as Networks from '../chains/Networks.js'

/**
 * What can be bought and paid with (`GET /v1/onramp/options`): each on-ramp chain's native coin, paid
 * in USD or EUR by card or bank account within the fallback limits of spec section 9.
 */

/**
 * The on-ramp's chains (ONRAMP_CHAINS, a comma list of CAIP-2 ids; empty: none), by default the
 * devnets the API has upstreams for.
 *
 * @example
 * Options.chainsFromEnv({ ONRAMP_CHAINS: 'eip155:31337' }, upstreams) // ['eip155:31337']
 */
export function chainsFromEnv(
  env: Record<string, string | undefined>,
  upstreams: Record<string, string[]>,
): string[] {
  return ChainList.parse(env.ONRAMP_CHAINS, upstreams)
}

/** The payment currencies with each payment method's limits (decimal strings). */
export function paymentCurrencies(): Onramp.OnrampOptionsResponse['paymentCurrencies'] {
  return Constants.ONRAMP_FALLBACK_CURRENCIES.map((id) => ({
    id,
    payment_method_limits: Object.entries(Constants.ONRAMP_FALLBACK_LIMITS).map(([method, limit]) => ({
      id: method,
      min: String(limit.min),
      max: String(limit.max),
    })),
  }))
}

/** The purchase currencies: each chain's native coin, one entry per symbol with its networks. */
export function purchaseCurrencies(
  chains: readonly string[],
  networks: readonly Networks.Network[],
): Onramp.OnrampOptionsResponse['purchaseCurrencies'] {
  const bySymbol = new Map<string, Onramp.OnrampOptionsResponse['purchaseCurrencies'][number]>()
  for (const chainId of chains) {
    const coin = Tokens.native(networks, chainId)
    const network = networks.find((entry) => entry.caipNetworkId === chainId)
    const entry = bySymbol.get(coin.symbol) ?? {
      id: coin.symbol,
      name: coin.name,
      symbol: coin.symbol,
      networks: [],
    }
    entry.networks.push({
      name: chainId,
      display_name: network?.name ?? chainId,
      chain_id: Caip.parseCaip2(chainId).chainId,
      // The native coin has no contract.
      contract_address: '',
    })
    bySymbol.set(coin.symbol, entry)
  }
  return [...bySymbol.values()]
}

/** The `GET /v1/onramp/options` answer. */
export function of(
  chains: readonly string[],
  networks: readonly Networks.Network[],
): Onramp.OnrampOptionsResponse {
  return { paymentCurrencies: paymentCurrencies(), purchaseCurrencies: purchaseCurrencies(chains, networks) }
}

/** Whether `symbol` on `chainId` can be bought. */
export function sells(options: Onramp.OnrampOptionsResponse, symbol: string, chainId: string): boolean {
  return options.purchaseCurrencies.some(
    (currency) => currency.id === symbol && currency.networks.some((network) => network.name === chainId),
  )
}
