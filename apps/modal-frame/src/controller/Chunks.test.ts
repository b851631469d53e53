// @vitest-environment jsdom
import { describe, expect, test, vi } from 'vitest'
import type * as Env from '../env/Env.js'

// The chunks the controller fetches at start fail to load (a network blip, a deploy that replaced
// them): a fault a test cannot cause in jsdom but by failing the imports.
vi.mock('../analytics/Analytics.js', () => {
  throw new Error('Failed to fetch dynamically imported module: Analytics')
})
vi.mock('../account/Namespaces.js', () => {
  throw new Error('Failed to fetch dynamically imported module: Namespaces')
})

const ENV: Env.Env = {
  projectId: 'p1',
  mode: 'inline',
  apiUrl: 'http://127.0.0.1:9',
  relayUrl: 'ws://127.0.0.1:9',
  authUrl: 'http://127.0.0.1:9',
  allowedOrigins: [],
  originsError: undefined,
  embedder: undefined,
}

describe('create', () => {
  test('analytics and the namespaces chunk failing to load leave no unhandled rejection; the modal still works', async () => {
    const unhandled: unknown[] = []
    const onUnhandled = (reason: unknown) => unhandled.push(reason)
    process.on('unhandledRejection', onUnhandled)
    try {
      const Controller = await import('./Controller.js')
      const controller = Controller.create(ENV)
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(unhandled).toEqual([])
      controller.modal.open()
      expect(controller.modal.get().open).toBe(true)
    } finally {
      process.off('unhandledRejection', onUnhandled)
    }
  })
})
