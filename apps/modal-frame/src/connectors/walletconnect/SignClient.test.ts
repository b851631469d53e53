import { describe, expect, test } from 'vitest'
import * as SignClient from './SignClient.js'

describe('importSignClient', () => {
  test('a frame denied its localStorage still loads sign-client, and stays denied afterwards', async () => {
    const denied = () => {
      throw new DOMException('Access is denied for this document.', 'SecurityError')
    }
    Object.defineProperty(globalThis, 'localStorage', { get: denied, configurable: true })
    try {
      const module = await SignClient.importSignClient()
      expect(typeof module.SignClient).toBe('function')
      expect(() => globalThis.localStorage).toThrow('Access is denied')
    } finally {
      Reflect.deleteProperty(globalThis, 'localStorage')
    }
  })
})
