import { Chains, Errors as Messages } from '@frontdoor/schemas'
import type { Context, Env, MiddlewareHandler } from 'hono'
import type { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import * as zm from 'zod/mini'
import type * as Deps from '../Deps.js'
import * as ClientIp from '../http/ClientIp.js'
import * as Errors from '../http/Errors.js'
import * as Query from '../http/Query.js'
import * as RateLimiter from '../http/RateLimiter.js'
import * as Validate from '../http/Validate.js'

/**
 * What the API's JSON-RPC endpoints (the RPC proxy, the bundler) share: their error answers, their
 * query and its checks (a known project, a served chain, a rate limit per client and project), so the
 * two answer alike. The vault answers the same codes in the API's error body ({@link fail}).
 */

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

/** The endpoints' query: the CAIP-2 chain and the project (shared schema, with the project id's format). */
export const RpcQuery = zm.extend(Chains.RpcQuery, { projectId: Query.ProjectId })

/** The hono input of a route whose query {@link RpcQuery} validated. */
export type Queried = { out: { query: zm.output<typeof RpcQuery> } }

/** The request id an error answers, and its `data` and headers. */
export type ErrorOptions = {
  data?: Record<string, unknown> | undefined
  id?: string | number | null | undefined
  headers?: Record<string, string> | undefined
}

/**
 * A JSON-RPC error response with an HTTP status.
 *
 * @example
 * return JsonRpcRoute.error(c, 400, RpcCode.parseError, 'Parse error: the body is not valid JSON')
 */
export function error(
  c: Context,
  status: ContentfulStatusCode,
  code: number,
  message: string,
  options: ErrorOptions = {},
) {
  const { data, id = null, headers } = options
  return c.json({ jsonrpc: '2.0', id, error: { code, message, ...(data ? { data } : {}) } }, status, headers)
}

/**
 * A JSON-RPC code in the API's error body (`{ error: { code, message, data? } }`), thrown from a route:
 * how the vault answers an EIP-1193 request.
 *
 * @example
 * throw JsonRpcRoute.fail(403, 4100, 'The requested account has not been authorized by the user.')
 */
export function fail(
  status: ContentfulStatusCode,
  code: number,
  message: string,
  data?: unknown,
): HTTPException {
  return Errors.fail(status, code, message, data === undefined ? {} : { data })
}

/** A query that failed {@link RpcQuery}: -32602 naming the field (400). */
export const invalidQuery: Validate.OnInvalid = (c, zodError) => {
  const issues = Validate.issues(zodError)
  const message = `Invalid query field '${issues[0]?.field}': ${issues[0]?.message}`
  return error(c, 400, RpcCode.invalidParams, message, { data: { issues } })
}

/** Why a chain is not served here: the message and the error's `data`; undefined when it is. */
export type Unserved = (chainId: string) => { message: string; data: Record<string, unknown> } | undefined

/**
 * Middleware: the project must exist (-32001, 401) and the chain be served (-32602, 400) before a
 * request counts against the budget.
 */
export function served(deps: Deps.Deps, unserved: Unserved): MiddlewareHandler<Env, string, Queried> {
  return async (c, next) => {
    const { chainId, projectId } = c.req.valid('query')
    const project = await deps.projects.get(projectId)
    if (!project)
      return error(c, 401, RpcCode.unauthorized, Messages.SERVER.INVALID_KEY, { data: { projectId } })
    const problem = unserved(chainId)
    if (problem) return error(c, 400, RpcCode.invalidParams, problem.message, { data: problem.data })
    await next()
  }
}

/** Middleware: the RPC budget (`limits.rpc`) per client and project, under `prefix`; -32005 (429) once spent. */
export function limited(deps: Deps.Deps, prefix: string): MiddlewareHandler {
  return RateLimiter.budget(deps.limiter, deps.config.limits.rpc)(
    (c) => `${prefix}:${ClientIp.of(c, deps.config)}:${c.req.query('projectId')}`,
    (c, retryAfterMs) =>
      error(c, 429, RpcCode.rateLimited, Errors.RATE_LIMITED, {
        data: {},
        headers: { 'retry-after': String(Errors.seconds(retryAfterMs)) },
      }),
  )
}

/**
 * The message of a body's first issue, naming its field (`Invalid Request field 'id': ...`, or
 * `Invalid Request: ...` for the body itself), and every issue.
 */
export function describe(what: string, zodError: zm.core.$ZodError) {
  const issues = Validate.issues(zodError)
  const first = issues[0]
  const message =
    first?.field === '(root)'
      ? `${what}: ${first.message}`
      : `${what} field '${first?.field}': ${first?.message}`
  return { message, issues }
}
