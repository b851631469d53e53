import { Errors } from '@frontdoor/schemas'
import type { MiddlewareHandler } from 'hono'
import { cors } from 'hono/cors'
import type * as Config from '../Config.js'
import * as AuthErrors from './AuthErrors.js'

/** The paths of the embedded wallet: answered to the auth frame only. */
export const PATH_PREFIXES = ['/v1/auth/', '/v1/vault/'] as const

/** Whether a path belongs to the embedded wallet's routes. */
export function isAuthPath(path: string): boolean {
  return PATH_PREFIXES.some((prefix) => path.startsWith(prefix))
}

/**
 * CORS for the API: on the embedded wallet's paths only the auth frame's origin may read answers (and
 * send `Authorization`), and every POST must come from it (403 `forbidden_origin` otherwise: CORS
 * stops a page from reading, the Origin check stops it from acting); every other path gets `other`.
 *
 * @example
 * app.use(Origin.guard(deps.config, cors({ origin: deps.config.corsOrigins })))
 */
export function guard(
  config: Pick<Config.Config, 'authOrigin'>,
  other: MiddlewareHandler,
): MiddlewareHandler {
  const authCors = cors({
    origin: config.authOrigin,
    allowMethods: ['GET', 'POST', 'OPTIONS'],
    allowHeaders: ['content-type', 'authorization', 'x-request-id'],
    exposeHeaders: ['x-request-id', 'retry-after'],
    maxAge: 600,
  })
  return async (c, next) => {
    if (!isAuthPath(c.req.path)) return other(c, next)
    if (c.req.method === 'POST' && c.req.header('origin') !== config.authOrigin)
      throw AuthErrors.fail(403, 'forbidden_origin', Errors.SERVER.ORIGIN_NOT_ALLOWED)
    return authCors(c, next)
  }
}
