import { Hono } from 'hono'
import type * as Deps from '../Deps.js'
import * as Device from './device/routes.js'
import * as Email from './email/routes.js'
import * as Session from './sessions/routes.js'
import * as Vault from './vault/routes.js'

/**
 * The embedded wallet's routes of the auth contract: email OTP login with device approval and email change, the session's
 * user, sign out and account type, and vault signing. CORS and the Origin check of these paths are
 * `Origin.guard`'s, installed by the app.
 *
 * @example
 * app.route('/', Auth.routes(deps))
 */
export function routes(deps: Deps.Deps) {
  return new Hono()
    .route('/', Email.routes(deps))
    .route('/', Device.routes(deps))
    .route('/', Session.routes(deps))
    .route('/', Vault.routes(deps))
}
