import type * as Catalogue from '@frontdoor/schemas/alerts'
import type * as Env from '../env/Env.js'

/**
 * The modal's blocking alerts (spec section 8): which alert a misconfigured project, a refused host
 * page or a failed allowed-origins read gets. The App shows the alert in place of every view.
 */

/**
 * A blocking alert, by its key in the spec's catalogue (`@frontdoor/schemas/alerts`). The catalogue's
 * words load with the alert view, not on the first-open path.
 */
export type Alert = keyof typeof Catalogue.ALERTS

/** The alert the modal starts with: 'Project ID Not Configured' without a project id. */
export function initial(env: Pick<Env.Env, 'projectId'>): Alert | undefined {
  return env.projectId ? undefined : 'PROJECT_ID_NOT_CONFIGURED'
}

/**
 * The alert for a failed allowed-origins read (spec section 8: 429, 5xx, an unknown project id's
 * 'Unauthorized: invalid key'; anything else: empty list, so the page is not on the allowlist).
 */
export function originsAlert(env: Pick<Env.Env, 'originsError'>): Alert {
  return env.originsError ?? 'INVALID_APP_CONFIGURATION'
}

/** Checks the host page's origin (from the handshake) against the project's allowed origins. */
export function checkOrigin(env: Pick<Env.Env, 'allowedOrigins' | 'originsError'>, origin: string) {
  if (env.originsError) return originsAlert(env)
  return env.allowedOrigins.includes(origin) ? undefined : 'INVALID_APP_CONFIGURATION'
}

/**
 * The alert for the host page that connected from `origin`, or undefined when it may use the modal:
 * a project id is configured and the origin is allowed.
 */
export function forHost(env: Pick<Env.Env, 'projectId' | 'allowedOrigins' | 'originsError'>, origin: string) {
  return env.projectId ? checkOrigin(env, origin) : 'PROJECT_ID_NOT_CONFIGURED'
}
