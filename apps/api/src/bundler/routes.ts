import { Errors as Messages } from '@frontdoor/schemas'
import { type Context, type Env, Hono, type MiddlewareHandler } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { Agent, request } from 'undici'
import type * as z from 'zod'
import type * as Deps from '../Deps.js'
import * as ClientIp from '../http/ClientIp.js'
import * as Errors from '../http/Errors.js'
import * as RateLimiter from '../http/RateLimiter.js'
import * as Validate from '../http/Validate.js'
import { RpcCode, RpcQuery } from '../rpc/routes.js'
import * as Methods from './Methods.js'

/** The bundler endpoint's path. */
export const PATH = '/v1/bundler'
/** How long the bundler may take to answer (a send simulates the operation first). */
export const BUNDLER_TIMEOUT_MS = 30_000
/** The JSON-RPC code of a method the endpoint does not forward (EIP-1474: method not found). */
export const METHOD_NOT_FOUND = -32601
/** The message of a method the endpoint does not forward. */
export const NOT_A_BUNDLER_METHOD = 'Method not available on the bundler endpoint'

type Queried = { out: { query: z.output<typeof RpcQuery> } }

const agent = new Agent({ keepAliveTimeout: 30_000 })

function rpcError(
  c: Context,
  status: ContentfulStatusCode,
  code: number,
  message: string,
  data?: Record<string, unknown>,
  id: string | number | null = null,
  headers?: Record<string, string>,
) {
  return c.json({ jsonrpc: '2.0', id, error: { code, message, ...(data ? { data } : {}) } }, status, headers)
}

/** The message of the first issue, naming its field as the RPC proxy does. */
function describe(what: string, error: z.ZodError) {
  const issues = Validate.issues(error)
  const first = issues[0]
  const message =
    first?.field === '(root)'
      ? `${what}: ${first.message}`
      : `${what} field '${first?.field}': ${first?.message}`
  return { message, issues }
}

/**
 * `POST /v1/bundler?chainId=&projectId=`: the ERC-4337 JSON-RPC of the chain's bundler
 * (`config.bundlers`), with the RPC proxy's checks: a known project, a served chain, the same rate
 * limit per client and project. The body is one JSON-RPC request of a method of `Methods.METHODS`,
 * its params valid (400 otherwise); the bundler's answer is passed through.
 */
export function routes(deps: Deps.Deps) {
  const invalidQuery: Validate.OnInvalid = (c, error) => {
    const issues = Validate.issues(error)
    const message = `Invalid query field '${issues[0]?.field}': ${issues[0]?.message}`
    return rpcError(c, 400, RpcCode.invalidParams, message, { issues })
  }
  const served: MiddlewareHandler<Env, string, Queried> = async (c, next) => {
    const { chainId, projectId } = c.req.valid('query')
    const project = await deps.projects.get(projectId)
    if (!project) return rpcError(c, 401, RpcCode.unauthorized, Messages.SERVER.INVALID_KEY, { projectId })
    if (!deps.config.bundlers[chainId])
      return rpcError(c, 400, RpcCode.invalidParams, 'Unsupported chain', {
        chainId,
        supported: Object.keys(deps.config.bundlers),
      })
    await next()
  }
  const limited = RateLimiter.budget(deps.limiter, deps.config.limits.rpc)(
    (c) => `bundler:${ClientIp.of(c, deps.config)}:${c.req.query('projectId')}`,
    (c, retryAfterMs) =>
      rpcError(c, 429, RpcCode.rateLimited, Errors.RATE_LIMITED, {}, null, {
        'retry-after': String(Errors.seconds(retryAfterMs)),
      }),
  )
  const forward = async (c: Context<Env, string, Queried>) => {
    const { chainId } = c.req.valid('query')
    let json: unknown
    try {
      json = JSON.parse(await c.req.text())
    } catch {
      return rpcError(c, 400, RpcCode.parseError, 'Parse error: the body is not valid JSON')
    }
    if (Array.isArray(json))
      return rpcError(
        c,
        400,
        RpcCode.invalidRequest,
        'Invalid Request: the bundler takes one request at a time',
      )
    const parsed = Methods.Request.safeParse(json)
    if (!parsed.success) {
      const { message, issues } = describe('Invalid Request', parsed.error)
      return rpcError(c, 400, RpcCode.invalidRequest, message, { issues })
    }
    const { id, method, params } = parsed.data
    if (!Methods.isMethod(method))
      return rpcError(c, 200, METHOD_NOT_FOUND, NOT_A_BUNDLER_METHOD, { method }, id)
    const valid = Methods.METHODS[method].safeParse(params)
    if (!valid.success) {
      const { message, issues } = describe(`Invalid params of ${method}`, valid.error)
      return rpcError(c, 400, RpcCode.invalidParams, message, { issues }, id)
    }
    const url = deps.config.bundlers[chainId] as string
    try {
      const answer = await request(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id, method, params: valid.data }),
        dispatcher: agent,
        signal: AbortSignal.timeout(BUNDLER_TIMEOUT_MS),
      })
      const body = await answer.body.text()
      if (answer.statusCode >= 500) throw new Error(`status ${answer.statusCode}`)
      return c.body(body, answer.statusCode as ContentfulStatusCode, { 'content-type': 'application/json' })
    } catch {
      return rpcError(c, 502, RpcCode.upstreamUnavailable, 'Bundler unavailable', { chainId }, id)
    }
  }
  return new Hono().post(PATH, Validate.query(RpcQuery, invalidQuery), served, limited, forward)
}
