// @vitest-environment jsdom
import * as Errors from '@frontdoor/protocol/errors'
import { Errors as SchemaErrors } from '@frontdoor/schemas'
import { afterEach, describe, expect, test, vi } from 'vitest'
import * as Router from '../../router/Router.js'
import * as AuthFrame from './AuthFrame.js'
import * as Embedded from './Embedded.js'
import * as TestPeer from './testPeer.js'

const context = { networks: [], chainId: 31337 }

function setup(handlers: Partial<TestPeer.AuthHandlers>) {
  const ui = { router: Router.create('Connect'), open: vi.fn(), close: vi.fn(), toast: vi.fn() }
  const embedded = Embedded.create({
    settings: () => ({
      authUrl: 'http://127.0.0.2:5181',
      apiUrl: 'http://127.0.0.1:4000',
      projectId: 'demo',
      metadata: { name: 'Demo' },
      hostOrigin: undefined,
      sdkVersion: '0.0.0',
      theme: { themeMode: 'dark' },
    }),
    ui,
    createFrame: (options) =>
      AuthFrame.create({
        ...options,
        connect: TestPeer.connect({ ...TestPeer.defaultHandlers(), ...handlers }),
        readyDelayMs: 0,
      }),
  })
  return { embedded, ui }
}

afterEach(() => document.body.replaceChildren())

describe('restoring a stored embedded session', () => {
  test("a session the API no longer accepts: nothing restored, no alert (not the spec's 'Session Expired')", async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const { embedded, ui } = setup({
      isConnected: () => ({ isConnected: true }),
      // What the auth frame answers when the API refused its token (401): it signed the session out.
      getUser: () => {
        throw new Errors.ProviderRpcError(
          Errors.PROVIDER_ERRORS.unauthorized.code,
          SchemaErrors.LOGIN.NOT_CONNECTED_TO_EMAIL_OR_SOCIAL,
        )
      },
    })
    expect(await embedded.reconnect(context)).toBeUndefined()
    // 'Session Expired' is for a token issued in the future (a clock ahead), from the relay: the page is
    // just disconnected here, and the modal stays closed.
    expect(ui.toast).not.toHaveBeenCalled()
    expect(ui.open).not.toHaveBeenCalled()
    expect(errors).not.toHaveBeenCalled()
    errors.mockRestore()
  })

  test("another failure: 'A problem occurred while trying initialize authentication' on the console", async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const { embedded, ui } = setup({
      isConnected: () => ({ isConnected: true }),
      getUser: () => {
        throw new Error('boom')
      },
    })
    expect(await embedded.reconnect(context)).toBeUndefined()
    expect(errors).toHaveBeenCalledWith(SchemaErrors.AUTH_INIT_FAILED, expect.any(Error))
    expect(ui.open).not.toHaveBeenCalled()
    errors.mockRestore()
  })

  test('no stored session: no alert', async () => {
    const { embedded, ui } = setup({ isConnected: () => ({ isConnected: false }) })
    expect(await embedded.reconnect(context)).toBeUndefined()
    expect(ui.toast).not.toHaveBeenCalled()
    expect(ui.open).not.toHaveBeenCalled()
  })
})
