import { describe, expect, test } from 'vitest'
import * as Alerts from './Alerts.js'

describe('checkOrigin', () => {
  const env = { allowedOrigins: ['http://localhost:5173'], originsError: undefined }

  test('an allowed origin passes', () => {
    expect(Alerts.checkOrigin(env, 'http://localhost:5173')).toBeUndefined()
  })

  test("any other origin gets 'Invalid App Configuration'", () => {
    expect(Alerts.checkOrigin(env, 'http://localhost:5199')?.shortMessage).toBe('Invalid App Configuration')
    expect(Alerts.checkOrigin(env, 'null')?.shortMessage).toBe('Invalid App Configuration')
  })

  test('429 and 5xx of the origins call map to Rate Limited and Server Error', () => {
    expect(Alerts.checkOrigin({ allowedOrigins: [], originsError: 'RATE_LIMITED' }, 'x')?.shortMessage).toBe(
      'Rate Limited',
    )
    expect(Alerts.checkOrigin({ allowedOrigins: [], originsError: 'SERVER_ERROR' }, 'x')?.shortMessage).toBe(
      'Server Error',
    )
  })
})

describe('initial and forHost', () => {
  const allowed = { allowedOrigins: ['http://localhost:5173'], originsError: undefined }

  test('without a project id the modal starts on, and keeps, Project ID Not Configured', () => {
    expect(Alerts.initial({ projectId: 'p1' })).toBeUndefined()
    expect(Alerts.initial({ projectId: undefined })?.shortMessage).toBe('Project ID Not Configured')
    expect(Alerts.forHost({ ...allowed, projectId: undefined }, 'http://localhost:5173')?.shortMessage).toBe(
      'Project ID Not Configured',
    )
  })

  test('with a project id, the host origin decides', () => {
    expect(Alerts.forHost({ ...allowed, projectId: 'p1' }, 'http://localhost:5173')).toBeUndefined()
    expect(Alerts.forHost({ ...allowed, projectId: 'p1' }, 'http://evil.test')?.shortMessage).toBe(
      'Invalid App Configuration',
    )
  })
})

describe('embeddedFailure', () => {
  test('names the load failure and the request timeout apart', () => {
    expect(Alerts.embeddedFailure('iframe_load_failed').shortMessage).toBe(
      'Network Error - Could not load embedded wallet',
    )
    expect(Alerts.embeddedFailure('iframe_request_timeout').shortMessage).toBe(
      'Embedded Wallet Request Timed Out',
    )
  })
})
