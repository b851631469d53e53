import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import * as Alerts from './alerts.js'
import * as Errors from './errors.js'

describe('ALERTS', () => {
  test('the titles of spec section 8', () => {
    expect(Alerts.ALERTS.NETWORK_NOT_FOUND.shortMessage).toBe('Network Not Found')
    expect(Alerts.ALERTS.INVALID_APP_CONFIGURATION.shortMessage).toBe('Invalid App Configuration')
    expect(Alerts.ALERTS.SESSION_EXPIRED.shortMessage).toBe('Session Expired')
    expect(Alerts.ALERTS.PROJECT_ID_NOT_CONFIGURED.shortMessage).toBe('Project ID Not Configured')
    expect(Alerts.ALERTS.SERVER_ERROR.shortMessage).toBe('Server Error')
    expect(Alerts.ALERTS.RATE_LIMITED.shortMessage).toBe('Rate Limited')
    expect(Alerts.ALERTS.MULTI_WALLET_NOT_ENABLED.type).toBe('info')
  })

  test('codes are unique', () => {
    const codes = Object.values(Alerts.ALERTS).map((alert) => alert.code)
    expect(new Set(codes).size).toBe(codes.length)
  })

  test('every alert', () => {
    expect(Alerts.ALERTS).toMatchInlineSnapshot(`
      {
        "IFRAME_LOAD_FAILED": {
          "code": "FD009",
          "longMessage": "There was an issue loading the embedded wallet. Please try again later.",
          "shortMessage": "Network Error - Could not load embedded wallet",
          "type": "error",
        },
        "IFRAME_REQUEST_TIMEOUT": {
          "code": "FD010",
          "longMessage": "There was an issue doing the request to the embedded wallet. Please try again later.",
          "shortMessage": "Embedded Wallet Request Timed Out",
          "type": "error",
        },
        "INVALID_APP_CONFIGURATION": {
          "code": "FD002",
          "longMessage": "This origin is not on the allowlist - add it to the project configuration",
          "shortMessage": "Invalid App Configuration",
          "type": "error",
        },
        "INVALID_PROJECT_ID": {
          "code": "FD005",
          "longMessage": "Invalid project id - check the project configuration",
          "shortMessage": "Invalid App Configuration",
          "type": "error",
        },
        "MULTI_WALLET_NOT_ENABLED": {
          "code": "FD011",
          "longMessage": "Multi-wallet is not enabled for this project - turn on the multi_wallet feature",
          "shortMessage": "Multi-Wallet Not Enabled",
          "type": "info",
        },
        "NETWORK_NOT_FOUND": {
          "code": "FD001",
          "longMessage": "Network not found - make sure it is listed in the networks passed to createFrontdoor()",
          "shortMessage": "Network Not Found",
          "type": "error",
        },
        "PROJECT_ID_NOT_CONFIGURED": {
          "code": "FD006",
          "longMessage": "Project ID Not Configured - pass projectId to createFrontdoor()",
          "shortMessage": "Project ID Not Configured",
          "type": "error",
        },
        "RATE_LIMITED": {
          "code": "FD008",
          "longMessage": "Rate limit exceeded for the project configuration",
          "shortMessage": "Rate Limited",
          "type": "error",
        },
        "SERVER_ERROR": {
          "code": "FD007",
          "longMessage": "Failed to get the project configuration",
          "shortMessage": "Server Error",
          "type": "error",
        },
        "SESSION_EXPIRED": {
          "code": "FD004",
          "longMessage": "The session is not valid yet - check the clock of this device and connect again",
          "shortMessage": "Session Expired",
          "type": "error",
        },
        "UNVERIFIED_DOMAIN": {
          "code": "FD003",
          "longMessage": "The embedded wallet could not verify this domain - make sure it is on the allowlist",
          "shortMessage": "Invalid App Configuration",
          "type": "error",
        },
      }
    `)
  })
})

describe('fromServerMessage', () => {
  test('maps the three server messages', () => {
    expect(Alerts.fromServerMessage(Errors.SERVER.ORIGIN_NOT_ALLOWED)).toBe('INVALID_APP_CONFIGURATION')
    expect(Alerts.fromServerMessage(`HTTP 403: ${Errors.SERVER.INVALID_KEY}`)).toBe('INVALID_PROJECT_ID')
    expect(Alerts.fromServerMessage(Errors.SERVER.TOKEN_NOT_YET_VALID)).toBe('SESSION_EXPIRED')
    expect(Alerts.fromServerMessage('Internal Server Error')).toBeUndefined()
  })
})

describe('fromAnalyticsStatus', () => {
  test('403 is Invalid App Configuration', () => {
    expect(Alerts.fromAnalyticsStatus(403)).toBe('INVALID_APP_CONFIGURATION')
    expect(Alerts.fromAnalyticsStatus(500)).toBeUndefined()
  })
})

describe('fromAllowedOriginsStatus', () => {
  test('429 rate limited, 5xx server error, else an empty list', () => {
    expect(Alerts.fromAllowedOriginsStatus(429)).toBe('RATE_LIMITED')
    expect(Alerts.fromAllowedOriginsStatus(503)).toBe('SERVER_ERROR')
    expect(Alerts.fromAllowedOriginsStatus(404)).toBeUndefined()
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 599 }), (status) => {
        const expected = status === 429 ? 'RATE_LIMITED' : status >= 500 ? 'SERVER_ERROR' : undefined
        expect(Alerts.fromAllowedOriginsStatus(status)).toBe(expected)
      }),
    )
  })
})

describe('fromProjectId', () => {
  test('a missing project id is not configured', () => {
    expect(Alerts.fromProjectId(undefined)).toBe('PROJECT_ID_NOT_CONFIGURED')
    expect(Alerts.fromProjectId(' ')).toBe('PROJECT_ID_NOT_CONFIGURED')
    expect(Alerts.fromProjectId('demo')).toBeUndefined()
  })
})
