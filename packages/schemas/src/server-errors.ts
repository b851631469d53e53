/** Server messages that map to alerts (see `Alerts.fromServerMessage`). */
export const SERVER = {
  ORIGIN_NOT_ALLOWED: 'Unauthorized: origin not allowed',
  INVALID_KEY: 'Unauthorized: invalid key',
  TOKEN_NOT_YET_VALID: 'JWT validation error: JWT Token is not yet valid',
} as const
