import { once } from 'node:events'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Project, Retry } from '@frontdoor/schemas'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import * as Api from './Api.js'
import * as Online from './Online.js'

/** The browser's online flag and its window events, as the frame sees them. */
let browser: { onLine: boolean }
let win: EventTarget
beforeEach(() => {
  browser = { onLine: true }
  win = new EventTarget()
  vi.stubGlobal('navigator', browser)
  vi.stubGlobal('window', win)
})
afterEach(() => {
  vi.unstubAllGlobals()
})

function goOnline() {
  browser.onLine = true
  win.dispatchEvent(new Event('online'))
}

/** A real API answering `/appkit/v1/config`, counting the requests. */
async function api() {
  let requests = 0
  const server: Server = createServer((_request, response) => {
    requests++
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end(JSON.stringify({ features: [] }))
  }).listen(0, '127.0.0.1')
  await once(server, 'listening')
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: () => requests,
    close: () => server.close(),
  }
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 30))

describe('whenOnline', () => {
  test('at once while online; while offline, at the online event', async () => {
    let resolved = false
    await Online.whenOnline()
    browser.onLine = false
    expect(Online.isOffline()).toBe(true)
    void Online.whenOnline().then(() => {
      resolved = true
    })
    await tick()
    expect(resolved).toBe(false)
    goOnline()
    await tick()
    expect(resolved).toBe(true)
  })
})

describe('Api.get while offline', () => {
  test('the config fetch makes no request (and spends no retry) until the browser is online', async () => {
    const server = await api()
    try {
      browser.onLine = false
      let answer: unknown
      void Api.remoteConfig(server.url, 'demo').then((a) => {
        answer = a
      })
      await tick()
      await tick()
      expect(server.requests()).toBe(0)
      expect(answer).toBeUndefined()
      goOnline()
      await vi.waitFor(() => expect(answer).toBeDefined())
      expect(server.requests()).toBe(1)
      expect(Project.RemoteConfigResponse.safeParse(answer).success).toBe(true)
    } finally {
      server.close()
    }
  })

  test('a request that fails because the network went away waits for it instead of retrying', async () => {
    const server = await api()
    const realFetch = globalThis.fetch
    let calls = 0
    // A fault the test cannot cause otherwise: the connection drops as the browser goes offline.
    vi.stubGlobal('fetch', (...args: Parameters<typeof fetch>) => {
      calls++
      if (calls === 1) {
        browser.onLine = false
        return Promise.reject(new TypeError('Failed to fetch'))
      }
      return realFetch(...args)
    })
    try {
      let answer: unknown
      void Api.wallets(server.url, 'demo', { page: 1, entries: 4 })
        .catch(() => 'failed')
        .then((a) => {
          answer = a
        })
      // Longer than the first retry delay (1 s): no retry while offline.
      await new Promise((resolve) => setTimeout(resolve, Retry.retryDelayMs(0) + 200))
      expect(calls).toBe(1)
      expect(answer).toBeUndefined()
      goOnline()
      await vi.waitFor(() => expect(calls).toBe(2))
    } finally {
      server.close()
    }
  })
})
