import * as ServerErrors from './server-errors.js'

/** An alert: a code, a title shown to the user, a detail for the developer, and its level. */
export type Alert = {
  code: string
  shortMessage: string
  longMessage: string
  type: 'error' | 'info'
}

/** The alerts of spec section 8. Titles are the spec's exact strings. */
export const ALERTS = {
  NETWORK_NOT_FOUND: {
    code: 'FD001',
    shortMessage: 'Network Not Found',
    longMessage: 'Network not found - make sure it is listed in the networks passed to createFrontdoor()',
    type: 'error',
  },
  INVALID_APP_CONFIGURATION: {
    code: 'FD002',
    shortMessage: 'Invalid App Configuration',
    longMessage: 'This origin is not on the allowlist - add it to the project configuration',
    type: 'error',
  },
  UNVERIFIED_DOMAIN: {
    code: 'FD003',
    shortMessage: 'Invalid App Configuration',
    longMessage: 'The embedded wallet could not verify this domain - make sure it is on the allowlist',
    type: 'error',
  },
  SESSION_EXPIRED: {
    code: 'FD004',
    shortMessage: 'Session Expired',
    longMessage: 'The session is not valid yet - check the clock of this device and connect again',
    type: 'error',
  },
  INVALID_PROJECT_ID: {
    code: 'FD005',
    shortMessage: 'Invalid App Configuration',
    longMessage: 'Invalid project id - check the project configuration',
    type: 'error',
  },
  PROJECT_ID_NOT_CONFIGURED: {
    code: 'FD006',
    shortMessage: 'Project ID Not Configured',
    longMessage: 'Project ID Not Configured - pass projectId to createFrontdoor()',
    type: 'error',
  },
  SERVER_ERROR: {
    code: 'FD007',
    shortMessage: 'Server Error',
    longMessage: 'Failed to get the project configuration',
    type: 'error',
  },
  RATE_LIMITED: {
    code: 'FD008',
    shortMessage: 'Rate Limited',
    longMessage: 'Rate limit exceeded for the project configuration',
    type: 'error',
  },
  IFRAME_LOAD_FAILED: {
    code: 'FD009',
    shortMessage: 'Network Error - Could not load embedded wallet',
    longMessage: 'There was an issue loading the embedded wallet. Please try again later.',
    type: 'error',
  },
  IFRAME_REQUEST_TIMEOUT: {
    code: 'FD010',
    shortMessage: 'Embedded Wallet Request Timed Out',
    longMessage: 'There was an issue doing the request to the embedded wallet. Please try again later.',
    type: 'error',
  },
  MULTI_WALLET_NOT_ENABLED: {
    code: 'FD011',
    shortMessage: 'Multi-Wallet Not Enabled',
    longMessage: 'Multi-wallet is not enabled for this project - turn on the multi_wallet feature',
    type: 'info',
  },
} as const satisfies Record<string, Alert>

/** An alert's key. */
export type AlertKey = keyof typeof ALERTS

/** The alert a server error message maps to, if any (origin not allowed, invalid key, token not yet valid). */
export function fromServerMessage(message: string): AlertKey | undefined {
  if (message.includes(ServerErrors.SERVER.ORIGIN_NOT_ALLOWED)) return 'INVALID_APP_CONFIGURATION'
  if (message.includes(ServerErrors.SERVER.INVALID_KEY)) return 'INVALID_PROJECT_ID'
  if (message.includes(ServerErrors.SERVER.TOKEN_NOT_YET_VALID)) return 'SESSION_EXPIRED'
  return undefined
}

/** The alert for an analytics response status: 403 means the origin is not on the allowlist. */
export function fromAnalyticsStatus(status: number): AlertKey | undefined {
  return status === 403 ? 'INVALID_APP_CONFIGURATION' : undefined
}

/**
 * What a failed allowed-origins fetch means: 429 raises RATE_LIMITED, 5xx raises SERVER_ERROR, any other
 * failure yields an empty allowlist (`undefined` here).
 */
export function fromAllowedOriginsStatus(status: number): 'RATE_LIMITED' | 'SERVER_ERROR' | undefined {
  if (status === 429) return 'RATE_LIMITED'
  if (status >= 500 && status <= 599) return 'SERVER_ERROR'
  return undefined
}

/** The alert for a missing project id ('Project ID Not Configured'), `undefined` when one is set. */
export function fromProjectId(projectId: string | undefined): 'PROJECT_ID_NOT_CONFIGURED' | undefined {
  return projectId?.trim() ? undefined : 'PROJECT_ID_NOT_CONFIGURED'
}
