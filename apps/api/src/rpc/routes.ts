import { Chains, Constants, Errors as Messages } from '@frontdoor/schemas'
import { type Context, type Env, Hono, type MiddlewareHandler } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import * as z from 'zod'
import * as zm from 'zod/mini'
import * as Served from '../chains/Served.js'
import type * as Deps from '../Deps.js'
import * as Answer from '../http/Answer.js'
import * as BodyLimit from '../http/BodyLimit.js'
import * as ClientIp from '../http/ClientIp.js'
import * as Errors from '../http/Errors.js'
import * as Query from '../http/Query.js'
import * as RateLimiter from '../http/RateLimiter.js'
import * as Validate from '../http/Validate.js'
import * as Policy from './Policy.js'
import * as Upstreams from './Upstreams.js'

/** Spec section 9: at most 1000 requests in one JSON-RPC batch. */
export const RPC_BATCH_MAX = Constants.HTTP_RPC_BATCH_SIZE
/** The largest request body the proxy reads (a batch of 1000, checked before it is read). */
export const RPC_BODY_MAX_BYTES = 5 * 1024 * 1024
/** The proxy's paths (it limits its own bodies, answering a JSON-RPC error). */
export const PATHS: readonly string[] = ['/v1/', '/v1']

/** JSON-RPC 2.0 error codes used by the proxy. */
export const RpcCode = {
  parseError: -32700,
  invalidRequest: -32600,
  invalidParams: -32602,
  internalError: -32603,
  unauthorized: -32001,
  rateLimited: -32005,
  upstreamUnavailable: -32010,
} as const

/** The proxy's query: the CAIP-2 chain and the project (shared schema, with the project id's format). */
export const RpcQuery = zm.extend(Chains.RpcQuery, { projectId: Query.ProjectId })

/** One JSON-RPC 2.0 request and a batch of 1 to 1000 (shared schemas). */
export const RpcRequest = Chains.JsonRpcRequest
export const RpcBatch = Chains.JsonRpcBatchRequest

const JSON_HEADERS = { 'content-type': 'application/json' }

type Queried = { out: { query: zm.output<typeof RpcQuery> } }

/** The node's answers to a batch, or undefined when it answered something else (one error for all). */
function batchOf(text: string): unknown[] | undefined {
  try {
    const json: unknown = JSON.parse(text)
    return Array.isArray(json) ? json : undefined
  } catch {
    return undefined
  }
}

/** A JSON-RPC error response with an HTTP status. */
function rpcError(
  c: Context,
  status: ContentfulStatusCode,
  code: number,
  message: string,
  data?: Record<string, unknown>,
  headers?: Record<string, string>,
) {
  return c.json(
    { jsonrpc: '2.0', id: null, error: { code, message, ...(data ? { data } : {}) } },
    status,
    headers,
  )
}

/**
 * `POST /v1/?chainId=&projectId=`: the JSON-RPC proxy to the chain's upstream nodes. Only the methods
 * of {@link Policy.FORWARDED} (on a solana chain, {@link Policy.SOLANA_FORWARDED}) reach a node; the others are answered with a JSON-RPC error (per entry in
 * a batch), so no one can administer the node or make it sign with an account it holds.
 */
export function routes(deps: Deps.Deps) {
  const invalidQuery: Validate.OnInvalid = (c, error) => {
    const issues = Validate.issues(error)
    const message = `Invalid query field '${issues[0]?.field}': ${issues[0]?.message}`
    return rpcError(c, 400, RpcCode.invalidParams, message, { issues })
  }
  /** The project must exist and the chain be served before a request counts against the budget. */
  const served: MiddlewareHandler<Env, string, Queried> = async (c, next) => {
    const { chainId, projectId } = c.req.valid('query')
    const project = await deps.projects.get(projectId)
    if (!project) return rpcError(c, 401, RpcCode.unauthorized, Messages.SERVER.INVALID_KEY, { projectId })
    // A chain nobody knows is 'Unsupported chain'; one the registry lists without an upstream says so.
    const unserved = Served.problem({ networks: deps.config.networks, upstreams: deps.upstreams }, chainId)
    if (unserved)
      return rpcError(c, 400, RpcCode.invalidParams, unserved.message, {
        chainId,
        supported: deps.upstreams.chains(),
      })
    await next()
  }
  const limited = RateLimiter.budget(deps.limiter, deps.config.limits.rpc)(
    (c) => `rpc:${ClientIp.of(c, deps.config)}:${c.req.query('projectId')}`,
    (c, retryAfterMs) =>
      rpcError(
        c,
        429,
        RpcCode.rateLimited,
        Errors.RATE_LIMITED,
        {},
        {
          'retry-after': String(Errors.seconds(retryAfterMs)),
        },
      ),
  )
  const proxy = async (c: Context<Env, string, Queried>) => {
    const { chainId } = c.req.valid('query')
    let json: unknown
    try {
      json = JSON.parse(await c.req.text())
    } catch {
      return rpcError(c, 400, RpcCode.parseError, 'Parse error: the body is not valid JSON')
    }
    if (Array.isArray(json) && json.length > RPC_BATCH_MAX)
      return rpcError(
        c,
        400,
        RpcCode.invalidRequest,
        `Invalid Request: a batch holds at most ${RPC_BATCH_MAX} requests`,
      )
    const body = Array.isArray(json) ? z.safeParse(RpcBatch, json) : z.safeParse(RpcRequest, json)
    if (!body.success) {
      const issues = Validate.issues(body.error)
      const first = issues[0]
      const message =
        first?.field === '(root)'
          ? `Invalid Request: ${first.message}`
          : `Invalid Request field '${first?.field}': ${first?.message}`
      return rpcError(c, 400, RpcCode.invalidRequest, message, { issues })
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
      return rpcError(
        c,
        502,
        RpcCode.upstreamUnavailable,
        'Upstream unavailable',
        { chainId },
        { 'retry-after': String(Upstreams.UNAVAILABLE_RETRY_AFTER_S) },
      )
    const status = answer.status as ContentfulStatusCode
    const answers = refusals.length ? batchOf(answer.body) : undefined
    if (answers) return c.json([...answers, ...refusals], status)
    return Answer.of(c, answer.body, status, JSON_HEADERS)
  }
  const limit = BodyLimit.guard(RPC_BODY_MAX_BYTES, (c) =>
    rpcError(c, 413, RpcCode.invalidRequest, BodyLimit.tooLargeMessage(RPC_BODY_MAX_BYTES)),
  )
  return new Hono().on(
    'POST',
    [...PATHS],
    limit,
    Validate.knownQuery(RpcQuery, invalidQuery),
    served,
    limited,
    proxy,
  )
}
