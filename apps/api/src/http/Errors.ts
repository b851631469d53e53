import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'

/** The JSON body of every error the API answers with. */
export type ErrorBody = {
  error: string
  message: string
  issues?: { field: string; message: string }[]
  requestId?: string
}

/** Spec section 8: the alert titles clients map errors to. */
export const SERVER_ERROR = 'Server Error'
export const RATE_LIMITED = 'Rate Limited'
/** Spec section 8: the server message for a project id the API does not know. */
export const INVALID_KEY = 'Unauthorized: invalid key'
/** Spec section 8: the server message for an origin that is not on the project's allowlist. */
export const ORIGIN_NOT_ALLOWED = 'Unauthorized: origin not allowed'

/**
 * An error answered as JSON with a 4xx status; thrown from routes and caught by `onError`.
 *
 * @example
 * throw Errors.http(404, { error: 'Not Found', message: "No wallet image 'x'" })
 */
export function http(status: ContentfulStatusCode, body: ErrorBody, headers?: Record<string, string>) {
  return new HTTPException(status, {
    res: new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
    }),
  })
}

/** The 401 for a project id that is not registered. */
export function unknownProject(projectId: string) {
  return http(401, { error: INVALID_KEY, message: `Unknown projectId '${projectId}'` })
}

/** The 429 once a rate limit is reached. */
export function rateLimited(retryAfterMs: number) {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000))
  return http(
    429,
    { error: RATE_LIMITED, message: `Too many requests; retry in ${seconds} s` },
    { 'retry-after': String(seconds) },
  )
}

/** The global error handler: known HTTP errors as they are, anything else a 500 with the request id. */
export function onError(error: Error, c: Context): Response {
  const requestId = c.get('requestId') as string | undefined
  if (error instanceof HTTPException) {
    const response = error.getResponse()
    if (requestId) response.headers.set('x-request-id', requestId)
    return response
  }
  c.get('logger')?.error({ err: error, requestId }, 'unhandled error')
  const body: ErrorBody = { error: SERVER_ERROR, message: 'An unexpected error occurred' }
  if (requestId) body.requestId = requestId
  return c.json(body, 500)
}

/** The 404 of a path no route serves. */
export function notFound(c: Context): Response {
  return c.json({ error: 'Not Found', message: `No route for ${c.req.method} ${c.req.path}` }, 404)
}
