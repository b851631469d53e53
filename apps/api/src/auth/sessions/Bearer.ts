import type { MiddlewareHandler } from 'hono'
import type * as Deps from '../../Deps.js'
import type * as HttpEnv from '../../http/Env.js'
import * as AuthErrors from '../AuthErrors.js'
import * as Sessions from './Sessions.js'

/** What {@link required} puts in the context: the session and its token. */
export type Env = { Variables: HttpEnv.Env['Variables'] & { session: Sessions.Active & { token: string } } }

const BEARER = /^Bearer ([A-Za-z0-9_-]{16,128})$/

/** The 401 of a missing, unknown, revoked or expired token. */
export function unauthorized() {
  return AuthErrors.fail(401, 'unauthorized', 'Unauthorized: the session is not valid; log in again')
}

/**
 * Requires `Authorization: Bearer <token>` of a valid session (401 `unauthorized` otherwise).
 *
 * @example
 * new Hono<Bearer.Env>().get('/v1/auth/user', Bearer.required(deps), (c) => c.json(c.get('session')))
 */
export function required(deps: Pick<Deps.Deps, 'db' | 'auth'>): MiddlewareHandler<Env> {
  return async (c, next) => {
    const token = BEARER.exec(c.req.header('authorization') ?? '')?.[1]
    if (!token) throw unauthorized()
    const session = await Sessions.resolve(deps.db, token, { now: deps.auth.now() })
    if (!session) throw unauthorized()
    c.set('session', { ...session, token })
    await next()
  }
}
