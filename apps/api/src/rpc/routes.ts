import { Chains, Constants } from '@frontdoor/schemas'
import { type Context, type Env, Hono } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import * as z from 'zod'
import * as Served from '../chains/Served.js'
import type * as Deps from '../Deps.js'
import * as Answer from '../http/Answer.js'
import * as BodyLimit from '../http/BodyLimit.js'
import * as Validate from '../http/Validate.js'
import * as JsonRpcRoute from './JsonRpcRoute.js'
import * as Policy from './Policy.js'
import * as Upstreams from './Upstreams.js'

/** Spec section 9: at most 1000 requests in one JSON-RPC batch. */
export const RPC_BATCH_MAX = Constants.HTTP_RPC_BATCH_SIZE
/** The largest request body the proxy reads (a batch of 1000, checked before it is read). */
export const RPC_BODY_MAX_BYTES = 5 * 1024 * 1024
/** The proxy's paths (it limits its own bodies, answering a JSON-RPC error). */
export const PATHS: readonly string[] = ['/v1/', '/v1']

/** One JSON-RPC 2.0 request and a batch of 1 to 1000 (shared schemas). */
export const RpcRequest = Chains.JsonRpcRequest
export const RpcBatch = Chains.JsonRpcBatchRequest

const JSON_HEADERS = { 'content-type': 'application/json' }

/** The node's answers to a batch, or undefined when it answered something else (one error for all). */
function batchOf(text: string): unknown[] | undefined {
  try {
    const json: unknown = JSON.parse(text)
    return Array.isArray(json) ? json : undefined
  } catch {
    return undefined
  }
}

/**
 * `POST /v1/?chainId=&projectId=`: the JSON-RPC proxy to the chain's upstream nodes. Only the methods
 * of {@link Policy.FORWARDED} (on a solana chain, {@link Policy.SOLANA_FORWARDED}) reach a node; the others are answered with a JSON-RPC error (per entry in
 * a batch), so no one can administer the node or make it sign with an account it holds.
 */
export function routes(deps: Deps.Deps) {
  // A chain nobody knows is 'Unsupported chain'; one the registry lists without an upstream says so.
  const served = JsonRpcRoute.served(deps, (chainId) => {
    const unserved = Served.problem({ networks: deps.config.networks, upstreams: deps.upstreams }, chainId)
    return unserved && { message: unserved.message, data: { chainId, supported: deps.upstreams.chains() } }
  })
  const proxy = async (c: Context<Env, string, JsonRpcRoute.Queried>) => {
    const { chainId } = c.req.valid('query')
    let json: unknown
    try {
      json = JSON.parse(await c.req.text())
    } catch {
      return JsonRpcRoute.error(
        c,
        400,
        JsonRpcRoute.RpcCode.parseError,
        'Parse error: the body is not valid JSON',
      )
    }
    if (Array.isArray(json) && json.length > RPC_BATCH_MAX)
      return JsonRpcRoute.error(
        c,
        400,
        JsonRpcRoute.RpcCode.invalidRequest,
        `Invalid Request: a batch holds at most ${RPC_BATCH_MAX} requests`,
      )
    const body = Array.isArray(json) ? z.safeParse(RpcBatch, json) : z.safeParse(RpcRequest, json)
    if (!body.success) {
      const { message, issues } = JsonRpcRoute.describe('Invalid Request', body.error)
      return JsonRpcRoute.error(c, 400, JsonRpcRoute.RpcCode.invalidRequest, message, { data: { issues } })
    }
    // Refused methods never reach a node; a batch gets a refusal per refused entry.
    const requests = Array.isArray(body.data) ? body.data : [body.data]
    const forwarded = requests.filter((request) => Policy.isForwarded(request.method, chainId))
    const refusals = requests
      .filter((request) => !Policy.isForwarded(request.method, chainId))
      .map(Policy.refusal)
    if (!Array.isArray(body.data) && refusals[0]) return c.json(refusals[0])
    if (forwarded.length === 0) return c.json(refusals)
    // A lone request with an id joins the chain's other requests of this turn in one upstream batch.
    const single = Array.isArray(body.data) ? undefined : body.data
    const answer =
      single && (typeof single.id === 'number' || typeof single.id === 'string')
        ? await deps.upstreams.call(chainId, { ...single, id: single.id })
        : await deps.upstreams.forward(chainId, JSON.stringify(single ?? forwarded))
    if (!answer)
      return JsonRpcRoute.error(c, 502, JsonRpcRoute.RpcCode.upstreamUnavailable, 'Upstream unavailable', {
        data: { chainId },
        headers: { 'retry-after': String(Upstreams.UNAVAILABLE_RETRY_AFTER_S) },
      })
    const status = answer.status as ContentfulStatusCode
    const answers = refusals.length ? batchOf(answer.body) : undefined
    if (answers) return c.json([...answers, ...refusals], status)
    return Answer.of(c, answer.body, status, JSON_HEADERS)
  }
  const limit = BodyLimit.guard(RPC_BODY_MAX_BYTES, (c) =>
    JsonRpcRoute.error(
      c,
      413,
      JsonRpcRoute.RpcCode.invalidRequest,
      BodyLimit.tooLargeMessage(RPC_BODY_MAX_BYTES),
    ),
  )
  return new Hono().on(
    'POST',
    [...PATHS],
    limit,
    Validate.knownQuery(JsonRpcRoute.RpcQuery, JsonRpcRoute.invalidQuery),
    served,
    JsonRpcRoute.limited(deps, 'rpc'),
    proxy,
  )
}
