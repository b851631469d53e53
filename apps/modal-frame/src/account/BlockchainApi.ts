import * as Balance from '@frontdoor/schemas/api/balance'
import * as History from '@frontdoor/schemas/api/history'
import * as Identity from '@frontdoor/schemas/api/identity'
import * as NftsApi from '@frontdoor/schemas/api/nfts'
import * as Profile from '@frontdoor/schemas/api/profile'
import * as TransactionsRule from '@frontdoor/schemas/validation/transactions'
import type * as z from 'zod/mini'
import * as Api from '../api/Api.js'
import type * as Chain from '../chain/Chain.js'

/**
 * The blockchain API reads of the account views (REFERENCE.md "Blockchain API"). Each call makes one
 * attempt: retries belong to the query layer (TanStack Query, with the spec's policy).
 */

/** Where the API is and which project asks. */
export type Context = Chain.Context

const once = <T>(url: string, schema: z.ZodMiniType<T>) => Api.get(url, schema, 0)

function url(context: Context, path: string, query: Record<string, string | undefined> = {}) {
  const params = new URLSearchParams({ projectId: context.projectId })
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, value)
  return `${context.apiUrl}${path}?${params}`
}

/**
 * `GET /v1/account/{address}/balance`: native coin and tokens on `chainId` (CAIP-2), in USD.
 * `forceUpdate` names CAIP-10 tokens whose cached balance the API must read again.
 */
export function balance(context: Context, address: string, chainId: string, forceUpdate?: string[]) {
  return once(
    url(context, `/v1/account/${address}/balance`, {
      currency: 'usd',
      chainId,
      forceUpdate: forceUpdate?.length ? forceUpdate.join(',') : undefined,
    }),
    Balance.BalanceResponse,
  )
}

/**
 * `GET /v1/account/{address}/history`: one page of transactions on `chainId`.
 * @throws Error "Transactions can't be fetched without an accountAddress" without an address.
 */
export function history(
  context: Context,
  address: string | undefined,
  chainId: string,
  cursor?: string,
  onramp?: string,
) {
  const account = TransactionsRule.requireAccountAddress(address)
  return once(
    url(context, `/v1/account/${account}/history`, { chainId, cursor, onramp }),
    History.HistoryResponse,
  )
}

/** `GET /v1/account/{address}/nfts`: the NFTs the account owns on `chainId` (spam ones flagged). */
export function nfts(context: Context, address: string, chainId: string) {
  return once(url(context, `/v1/account/${address}/nfts`, { chainId }), NftsApi.NftsResponse)
}

/** `GET /v1/identity/{address}`: the account's name and avatar (each possibly null). */
export function identity(context: Context, address: string) {
  return once(url(context, `/v1/identity/${address}`), Identity.IdentityResponse)
}

/** `GET /v1/profile/account/{name}`: a registered account name with its addresses by coin type. */
export function profile(context: Context, name: string) {
  return once(
    url(context, `/v1/profile/account/${encodeURIComponent(name)}`, { apiVersion: '2' }),
    Profile.NameProfile,
  )
}
