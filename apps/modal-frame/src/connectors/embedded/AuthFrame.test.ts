// @vitest-environment jsdom
import * as Errors from '@frontdoor/protocol/errors'
import * as ModalAuth from '@frontdoor/protocol/modal-auth'
import { Constants } from '@frontdoor/schemas'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import * as AuthFrame from './AuthFrame.js'
import * as TestPeer from './testPeer.js'

const authUrl = 'http://127.0.0.2:5181'

describe('create', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
    document.body.replaceChildren()
  })

  test('a hidden, sandboxed iframe of the auth origin', () => {
    const frame = AuthFrame.create({
      authUrl: `${authUrl}/x?y`,
      projectId: 'demo',
      connect: TestPeer.connect({}),
    })
    const iframe = document.querySelector('iframe')!
    expect(iframe).toBe(frame.element)
    expect(iframe.src).toBe(`${authUrl}/?projectId=demo`)
    expect(iframe.getAttribute('sandbox')).toBe(
      'allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox',
    )
    expect(iframe.title).toBe('Frontdoor wallet')
    expect(iframe.style.visibility).toBe('hidden')
    expect(iframe.tabIndex).toBe(-1)
  })

  test("passes the page's log level on to the auth frame's URL (none at the default 'error')", async () => {
    const Log = await import('@frontdoor/protocol/log')
    try {
      Log.setLevel('warn')
      const frame = AuthFrame.create({ authUrl, projectId: 'demo', connect: TestPeer.connect({}) })
      expect(frame.element.src).toBe(`${authUrl}/?projectId=demo&logLevel=warn`)
    } finally {
      Log.setLevel(Constants.DEFAULT_LOG_LEVEL)
    }
  })

  test('ready on the ready event plus 500 ms', async () => {
    const frame = AuthFrame.create({ authUrl, connect: TestPeer.connect({}, { readyAfterMs: 1000 }) })
    let ready = false
    frame.ready().then(() => {
      ready = true
    })
    await vi.advanceTimersByTimeAsync(1000 + Constants.READY_DELAY_MS - 1)
    expect(ready).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(ready).toBe(true)
  })

  test("a frame that never loads fails after 20 s: 'Unable to load email login dependency'", async () => {
    // The fault: a frame that never answers the handshake (in a browser: AUTH_URL down or refused).
    const onFailure = vi.fn()
    const frame = AuthFrame.create({ authUrl, onFailure, connect: TestPeer.connect({}, { silent: true }) })
    const outcome = frame.ready().catch((error: unknown) => error)
    await vi.advanceTimersByTimeAsync(Constants.FRAME_LOAD_TIMEOUT_S * 1000 - 1)
    expect(onFailure).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    const error = (await outcome) as AuthFrame.FrameError
    expect(error).toBeInstanceOf(AuthFrame.FrameError)
    expect(error.reason).toBe('iframe_load_failed')
    expect(error.message).toBe('Unable to load email login dependency')
    expect(onFailure).toHaveBeenCalledWith('iframe_load_failed')
    expect(frame.failed()).toBe(true)
  })

  test("the page's analytics off goes to the frame as ?analytics=off (its error reports stay home); on or unsaid, nothing", () => {
    const src = (analytics: boolean | undefined) => {
      const frame = AuthFrame.create({
        authUrl,
        projectId: 'demo',
        analytics,
        connect: TestPeer.connect({}, { silent: true }),
      })
      const url = new URL(frame.element.src)
      frame.destroy()
      return url.searchParams.get(ModalAuth.ANALYTICS_PARAM)
    }
    expect(src(false)).toBe(ModalAuth.ANALYTICS_OFF)
    expect(src(true)).toBeNull()
    expect(src(undefined)).toBeNull()
  })

  test('a frame whose server could not verify the page says so: unverified_domain at once, from that frame and origin only', async () => {
    const onFailure = vi.fn()
    const frame = AuthFrame.create({
      authUrl,
      projectId: 'demo',
      pageOrigin: 'http://localhost:5173',
      onFailure,
      connect: TestPeer.connect({}, { silent: true }),
    })
    // The modal names the page it serves, for the frame's server to check.
    expect(frame.element.src).toBe(`${authUrl}/?projectId=demo&origin=http%3A%2F%2Flocalhost%3A5173`)
    const outcome = frame.ready().catch((error: unknown) => error)
    const word = { type: ModalAuth.UNVERIFIED_DOMAIN_MESSAGE }
    const post = (init: MessageEventInit) => window.dispatchEvent(new MessageEvent('message', init))
    // Another origin, or another window: ignored.
    post({ data: word, origin: 'https://evil.example', source: frame.element.contentWindow })
    post({ data: word, origin: authUrl, source: window })
    await vi.advanceTimersByTimeAsync(0)
    expect(onFailure).not.toHaveBeenCalled()
    expect(frame.failed()).toBe(false)
    post({ data: word, origin: authUrl, source: frame.element.contentWindow })
    const error = (await outcome) as AuthFrame.FrameError
    expect(error).toBeInstanceOf(AuthFrame.FrameError)
    expect(error.reason).toBe('unverified_domain')
    expect(error.message).toBe('Unable to load email login dependency')
    expect(onFailure).toHaveBeenCalledExactlyOnceWith('unverified_domain')
    expect(frame.failed()).toBe(true)
    // The load timeout that follows reports nothing more.
    await vi.advanceTimersByTimeAsync(Constants.FRAME_LOAD_TIMEOUT_S * 1000)
    expect(onFailure).toHaveBeenCalledOnce()
  })

  test('a login request without an answer for 120 s fails with iframe_request_timeout', async () => {
    const onFailure = vi.fn()
    const frame = AuthFrame.create({
      authUrl,
      onFailure,
      connect: TestPeer.connect({ connectEmail: () => new Promise(() => {}) }),
    })
    await vi.advanceTimersByTimeAsync(Constants.READY_DELAY_MS)
    const outcome = frame.run((remote) => remote.connectEmail({ email: 'ada@example.com' })).catch((e) => e)
    await vi.advanceTimersByTimeAsync(Constants.LOGIN_REQUEST_TIMEOUT_S * 1000)
    const error = (await outcome) as AuthFrame.FrameError
    expect(error.reason).toBe('iframe_request_timeout')
    expect(onFailure).toHaveBeenCalledWith('iframe_request_timeout')
  })

  test("the frame's error replies keep their message and code", async () => {
    const frame = AuthFrame.create({
      authUrl,
      connect: TestPeer.connect({
        rpcRequest: () => {
          throw Object.assign(new Error('Signature declined'), { code: 4001 })
        },
        connectOtp: () => {
          throw Object.assign(new Error('Invalid code'), { data: { code: 'invalid_otp' } })
        },
      }),
    })
    await vi.advanceTimersByTimeAsync(Constants.READY_DELAY_MS)
    const declined = await frame.run((r) => r.rpcRequest({ method: 'personal_sign' })).catch((e) => e)
    expect(declined).toMatchObject({ message: 'Signature declined', code: 4001 })
    const wrong = await frame.run((r) => r.connectOtp({ otp: '000000' })).catch((e) => e)
    expect(wrong).toMatchObject({ message: 'Invalid code', data: { code: 'invalid_otp' } })
    // Bad params never leave the modal.
    const bad = await frame.run((r) => r.connectOtp({ otp: '12' })).catch((e) => e)
    expect(bad).toMatchObject({ code: Errors.PROVIDER_ERRORS.invalidParams.code })
    expect(bad.message).toMatch(/connectOtp/)
  })

  test('show draws the frame over a rect, hide hides it again', () => {
    const frame = AuthFrame.create({ authUrl, connect: TestPeer.connect({}) })
    frame.show({ top: 10, left: 20, width: 300, height: 400 })
    const style = frame.element.style
    expect([style.top, style.left, style.width, style.height, style.visibility]).toEqual([
      '10px',
      '20px',
      '300px',
      '400px',
      'visible',
    ])
    expect(frame.element.tabIndex).toBe(0)
    frame.hide()
    expect(style.visibility).toBe('hidden')
    expect(style.width).toBe('0px')
    frame.destroy()
    expect(document.querySelector('iframe')).toBeNull()
  })
})
