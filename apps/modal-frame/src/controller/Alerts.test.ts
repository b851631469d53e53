import { ALERTS } from '@frontdoor/schemas/alerts'
import { describe, expect, test } from 'vitest'
import * as Alerts from './Alerts.js'

/** The spec's title of an alert key (undefined: no alert). */
const title = (alert: Alerts.Alert | undefined) => (alert ? ALERTS[alert].shortMessage : undefined)

describe('checkOrigin', () => {
  const env = { allowedOrigins: ['http://localhost:5173'], originsError: undefined }

  test('an allowed origin passes', () => {
    expect(Alerts.checkOrigin(env, 'http://localhost:5173')).toBeUndefined()
  })

  test("any other origin gets 'Invalid App Configuration'", () => {
    expect(title(Alerts.checkOrigin(env, 'http://localhost:5199'))).toBe('Invalid App Configuration')
    expect(title(Alerts.checkOrigin(env, 'null'))).toBe('Invalid App Configuration')
  })

  test('429 and 5xx of the origins call map to Rate Limited and Server Error', () => {
    expect(title(Alerts.checkOrigin({ allowedOrigins: [], originsError: 'RATE_LIMITED' }, 'x'))).toBe(
      'Rate Limited',
    )
    expect(title(Alerts.checkOrigin({ allowedOrigins: [], originsError: 'SERVER_ERROR' }, 'x'))).toBe(
      'Server Error',
    )
  })

  test("an unknown project id gets its own detail, not the allowlist's (spec section 8: 'Unauthorized: invalid key')", () => {
    const alert = Alerts.checkOrigin({ allowedOrigins: [], originsError: 'INVALID_PROJECT_ID' }, 'x')
    expect(alert).toBe('INVALID_PROJECT_ID')
    expect(ALERTS[alert!].longMessage).toBe('Invalid project id - check the project configuration')
    expect(Alerts.originsAlert({ originsError: 'INVALID_PROJECT_ID' })).toBe('INVALID_PROJECT_ID')
  })
})

describe('initial and forHost', () => {
  const allowed = { allowedOrigins: ['http://localhost:5173'], originsError: undefined }

  test('without a project id the modal starts on, and keeps, Project ID Not Configured', () => {
    expect(Alerts.initial({ projectId: 'p1' })).toBeUndefined()
    expect(title(Alerts.initial({ projectId: undefined }))).toBe('Project ID Not Configured')
    expect(title(Alerts.forHost({ ...allowed, projectId: undefined }, 'http://localhost:5173'))).toBe(
      'Project ID Not Configured',
    )
  })

  test('with a project id, the host origin decides', () => {
    expect(Alerts.forHost({ ...allowed, projectId: 'p1' }, 'http://localhost:5173')).toBeUndefined()
    expect(title(Alerts.forHost({ ...allowed, projectId: 'p1' }, 'http://evil.test'))).toBe(
      'Invalid App Configuration',
    )
  })
})
