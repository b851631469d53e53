import { describe, expect, test } from 'vitest'
import * as Controller from './Controller.js'

describe('checkOrigin', () => {
  const env = { allowedOrigins: ['http://localhost:5173'], originsError: undefined }

  test('an allowed origin passes', () => {
    expect(Controller.checkOrigin(env, 'http://localhost:5173')).toBeUndefined()
  })

  test("any other origin gets 'Invalid App Configuration'", () => {
    expect(Controller.checkOrigin(env, 'http://localhost:5199')?.shortMessage).toBe(
      'Invalid App Configuration',
    )
    expect(Controller.checkOrigin(env, 'null')?.shortMessage).toBe('Invalid App Configuration')
  })

  test('429 and 5xx of the origins call map to Rate Limited and Server Error', () => {
    expect(
      Controller.checkOrigin({ allowedOrigins: [], originsError: 'RATE_LIMITED' }, 'x')?.shortMessage,
    ).toBe('Rate Limited')
    expect(
      Controller.checkOrigin({ allowedOrigins: [], originsError: 'SERVER_ERROR' }, 'x')?.shortMessage,
    ).toBe('Server Error')
  })
})
