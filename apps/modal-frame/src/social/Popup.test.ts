// @vitest-environment jsdom

import * as SocialPopup from '@frontdoor/protocol/social-popup'
import { Constants } from '@frontdoor/schemas'
import { afterEach, describe, expect, test, vi } from 'vitest'
import * as Popup from './Popup.js'
import * as PopupResult from './PopupResult.js'

const api = 'http://127.0.0.1:4000'
const attempt = 'A'.repeat(22)

/** A real window standing in for the popup (an iframe's), so `event.source` checks are real. */
function popupWindow() {
  const iframe = document.createElement('iframe')
  document.body.append(iframe)
  return { win: iframe.contentWindow! }
}

const post = (data: unknown, origin: string, source: Window | null) =>
  window.dispatchEvent(new MessageEvent('message', { data, origin, source }))

afterEach(() => {
  document.body.replaceChildren()
  vi.useRealTimers()
})

describe('startUrl and features', () => {
  test("the API's start URL with the project, the modal origin, the attempt and its binding's hash", () => {
    expect(
      Popup.startUrl(api, 'demo', 'google', 'http://127.0.0.1:5180', {
        attempt,
        bindingHash: 'h'.repeat(43),
      }),
    ).toBe(
      `${api}/v1/auth/social/google/start?projectId=demo&origin=http%3A%2F%2F127.0.0.1%3A5180&attempt=${attempt}&binding=${'h'.repeat(43)}`,
    )
  })
  test('600 x 800, centred', () => {
    expect(Popup.features({ availWidth: 1600, availHeight: 1000 })).toBe(
      `popup=yes,width=${Constants.SOCIAL_POPUP_WIDTH_PX},height=${Constants.SOCIAL_POPUP_HEIGHT_PX},left=500,top=100`,
    )
  })
})

describe('start', () => {
  const fakeWindow = (popup: unknown, order: string[] = []) =>
    ({
      open: vi.fn(() => {
        order.push('open')
        return popup
      }),
      screen: { availWidth: 1000, availHeight: 900 },
      location: { origin: 'http://127.0.0.1:5180' },
    }) as unknown as Window & { open: ReturnType<typeof vi.fn> }

  test('window.open runs synchronously in the click, blank and under a random name, then the view is pushed', () => {
    const order: string[] = []
    const fake = fakeWindow(null, order)
    const push = vi.fn(() => order.push('push'))
    Popup.start({ env: { apiUrl: api, projectId: 'demo' }, router: { push } }, 'github', fake)
    Popup.start({ env: { apiUrl: api, projectId: 'demo' }, router: { push } }, 'github', fake)
    expect(order).toEqual(['open', 'push', 'open', 'push'])
    const [first, second] = fake.open.mock.calls as unknown as [string, string, string][]
    expect(first?.[0]).toBe('about:blank')
    expect(first?.[1]).toMatch(/^frontdoor-social-[\w-]{22}$/)
    expect(second?.[1]).toMatch(/^frontdoor-social-[\w-]{22}$/)
    expect(second?.[1]).not.toBe(first?.[1])
    expect(first?.[2]).toContain('width=600,height=800')
    expect(push).toHaveBeenCalledWith('ConnectingExternal', { social: 'github', name: 'GitHub' })
    const taken = Popup.take()
    expect(taken).toEqual({
      provider: 'github',
      popup: null,
      attempt: second?.[1].slice('frontdoor-social-'.length),
      binding: expect.stringMatching(/^[\w-]{43}$/),
    })
    expect(Popup.take()).toBeUndefined()
  })

  test('the popup is then sent to the start URL with the attempt and the hash of the binding it keeps', async () => {
    const replace = vi.fn()
    const fake = fakeWindow({ location: { replace }, close: vi.fn() })
    Popup.start({ env: { apiUrl: api, projectId: 'demo' }, router: { push: vi.fn() } }, 'google', fake)
    const taken = Popup.take()!
    await vi.waitFor(() => expect(replace).toHaveBeenCalledTimes(1))
    const url = new URL(replace.mock.calls[0]?.[0] as string)
    expect(url.origin + url.pathname).toBe(`${api}/v1/auth/social/google/start`)
    expect(Object.fromEntries(url.searchParams)).toEqual({
      projectId: 'demo',
      origin: 'http://127.0.0.1:5180',
      attempt: taken.attempt,
      binding: await SocialPopup.bindingHash(taken.binding),
    })
    expect(url.search).not.toContain(taken.binding)
  })
})

describe('result', () => {
  test("the code, from the API's origin, the popup's window and this attempt only", async () => {
    const popup = popupWindow()
    const other = popupWindow()
    const outcome = PopupResult.result(popup.win, attempt, api)
    const good = { type: 'frontdoor:social', attempt, result: { code: 'r3deem' } }
    post(good, 'http://evil.example', popup.win)
    post(good, api, other.win)
    post({ type: 'frontdoor:social', attempt, result: { code: 5 } }, api, popup.win)
    // Another attempt's result or error (an attacker's login loaded in this popup), or a code without an attempt.
    post({ ...good, attempt: 'B'.repeat(22), result: { code: 'attacker' } }, api, popup.win)
    post({ type: 'frontdoor:social', attempt: 'B'.repeat(22), error: 'Failed to connect' }, api, popup.win)
    post({ type: 'frontdoor:social', result: { code: 'attacker' } }, api, popup.win)
    post(good, api, popup.win)
    expect(await outcome).toEqual({ code: 'r3deem' })
  })

  test("'Failed to connect' when the popup reports an error", async () => {
    const popup = popupWindow()
    const outcome = PopupResult.result(popup.win, attempt, api)
    post({ type: 'frontdoor:social', attempt, error: 'Failed to connect' }, api, popup.win)
    await expect(outcome).rejects.toThrow('Failed to connect')
  })

  test("'Popup closed' when the user closes it; 'Failed to initiate social connection' without one", async () => {
    // jsdom never marks a removed frame's window closed: this popup is closed by hand.
    const popup = { closed: false } as { closed: boolean } & Window
    const outcome = PopupResult.result(popup, attempt, api, { pollMs: 10 })
    popup.closed = true
    await expect(outcome).rejects.toThrow('Popup closed')
    await expect(PopupResult.result(null, attempt, api)).rejects.toThrow(
      'Failed to initiate social connection',
    )
  })
})
