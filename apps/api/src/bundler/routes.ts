import { type Context, type Env, Hono } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { Agent, request } from 'undici'
import type * as Deps from '../Deps.js'
import * as Validate from '../http/Validate.js'
import * as JsonRpcRoute from '../rpc/JsonRpcRoute.js'
import * as Methods from './Methods.js'

/** The bundler endpoint's path. */
export const PATH = '/v1/bundler'
/** How long the bundler may take to answer (a send simulates the operation first). */
export const BUNDLER_TIMEOUT_MS = 30_000
/** The JSON-RPC code of a method the endpoint does not forward (EIP-1474: method not found). */
export const METHOD_NOT_FOUND = -32601
/** The message of a method the endpoint does not forward. */
export const NOT_A_BUNDLER_METHOD = 'Method not available on the bundler endpoint'

const agent = new Agent({ keepAliveTimeout: 30_000 })

/**
 * `POST /v1/bundler?chainId=&projectId=`: the ERC-4337 JSON-RPC of the chain's bundler
 * (`config.bundlers`), with the RPC proxy's checks: a known project, a served chain, the same rate
 * limit per client and project. The body is one JSON-RPC request of a method of `Methods.METHODS`,
 * its params valid (400 otherwise); the bundler's answer is passed through.
 */
export function routes(deps: Deps.Deps) {
  const served = JsonRpcRoute.served(deps, (chainId) =>
    deps.config.bundlers[chainId]
      ? undefined
      : { message: 'Unsupported chain', data: { chainId, supported: Object.keys(deps.config.bundlers) } },
  )
  const forward = async (c: Context<Env, string, JsonRpcRoute.Queried>) => {
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
    if (Array.isArray(json))
      return JsonRpcRoute.error(
        c,
        400,
        JsonRpcRoute.RpcCode.invalidRequest,
        'Invalid Request: the bundler takes one request at a time',
      )
    const parsed = Methods.Request.safeParse(json)
    if (!parsed.success) {
      const { message, issues } = JsonRpcRoute.describe('Invalid Request', parsed.error)
      return JsonRpcRoute.error(c, 400, JsonRpcRoute.RpcCode.invalidRequest, message, { data: { issues } })
    }
    const { id, method, params } = parsed.data
    if (!Methods.isMethod(method))
      return JsonRpcRoute.error(c, 200, METHOD_NOT_FOUND, NOT_A_BUNDLER_METHOD, { data: { method }, id })
    const valid = Methods.METHODS[method].safeParse(params)
    if (!valid.success) {
      const { message, issues } = JsonRpcRoute.describe(`Invalid params of ${method}`, valid.error)
      return JsonRpcRoute.error(c, 400, JsonRpcRoute.RpcCode.invalidParams, message, { data: { issues }, id })
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
      return JsonRpcRoute.error(c, 502, JsonRpcRoute.RpcCode.upstreamUnavailable, 'Bundler unavailable', {
        data: { chainId },
        id,
      })
    }
  }
  return new Hono().post(
    PATH,
    Validate.query(JsonRpcRoute.RpcQuery, JsonRpcRoute.invalidQuery),
    served,
    JsonRpcRoute.limited(deps, 'bundler'),
    forward,
  )
}
