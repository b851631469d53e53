import * as Convert from '@frontdoor/schemas/api/convert'
import * as Constants from '@frontdoor/schemas/constants'
import * as ConvertRule from '@frontdoor/schemas/convert-rules'
import * as z from 'zod/mini'
import * as Api from '../../api/Api.js'
import type * as Chain from '../../chain/Chain.js'

/**
 * The convert routes of the blockchain API (spec section 7), as the Swap view calls them. Each GET
 * makes one attempt: retries belong to the query layer (TanStack Query, with the spec's policy).
 */

/** Where the API is and which project asks. */
export type Context = Chain.Context

const once = <T>(url: string, schema: z.ZodMiniType<T>) => Api.get(url, schema, 0)

function url(context: Context, path: string, query: Record<string, string | undefined> = {}) {
  const params = new URLSearchParams({ projectId: context.projectId })
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, value)
  return `${context.apiUrl}/v1/convert/${path}?${params}`
}

/** What the API says went wrong: its message, or the HTTP status. */
class ConvertError extends Error {
  override name = 'ConvertError'
}

const ErrorBody = z.object({ error: z.object({ message: z.string() }) })

/** GETs or POSTs JSON, turning the API's error body into a {@link ConvertError} with its message. */
async function call<T>(target: string, schema: z.ZodMiniType<T>, body?: unknown): Promise<T> {
  const response = await fetch(target, {
    credentials: 'omit',
    ...(body === undefined
      ? {}
      : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  })
  const json: unknown = await response.json().catch(() => undefined)
  if (!response.ok) {
    const parsed = z.safeParse(ErrorBody, json)
    throw new ConvertError(parsed.success ? parsed.data.error.message : `HTTP ${response.status}`)
  }
  return z.parse(schema, json)
}

/** `GET /v1/convert/tokens`: the tokens swappable on `chainId` (CAIP-2). */
export function tokens(context: Context, chainId: string) {
  return once(url(context, 'tokens', { chainId }), Convert.TokensResponse)
}

/** `GET /v1/convert/gas-price`: standard, fast and instant, in wei. */
export function gasPrice(context: Context, chainId: string) {
  return once(url(context, 'gas-price', { chainId }), Convert.GasPriceResponse)
}

/** `GET /v1/convert/quotes`: the quote for `amount` (base units) of `from` into `to` (CAIP-10). */
export function quote(
  context: Context,
  query: { from: string; to: string; amount: bigint; userAddress: string },
) {
  return call(
    url(context, 'quotes', { ...query, amount: query.amount.toString() }),
    ConvertRule.QuotesResponse,
  )
}

/** `GET /v1/convert/allowance`: what the router may take of `tokenAddress` (CAIP-10). */
export function allowance(context: Context, tokenAddress: string, userAddress: string) {
  return call(url(context, 'allowance', { tokenAddress, userAddress }), Convert.AllowanceResponse)
}

/** `GET /v1/convert/build-approve`: the approval of `amount` of `from` for the router. */
export function buildApprove(
  context: Context,
  query: { from: string; to: string; amount: bigint; userAddress: string },
) {
  return call(
    url(context, 'build-approve', { ...query, amount: query.amount.toString() }),
    Convert.BuildApproveResponse,
  )
}

/** `POST /v1/convert/build-transaction`: the swap, with the spec's slippage (section 9). */
export function buildTransaction(
  context: Context,
  body: { from: string; to: string; amount: bigint; userAddress: string },
) {
  return call(`${context.apiUrl}/v1/convert/build-transaction`, Convert.BuildTransactionResponse, {
    ...body,
    amount: body.amount.toString(),
    projectId: context.projectId,
    eip155: { slippage: Constants.SWAP_SLIPPAGE_TOLERANCE_PERCENT },
  })
}
