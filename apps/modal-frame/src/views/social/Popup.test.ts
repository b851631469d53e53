// @vitest-environment jsdom
import { Constants } from '@frontdoor/schemas'
import { afterEach, describe, expect, test, vi } from 'vitest'
import * as Popup from './Popup.js'
import * as PopupResult from './PopupResult.js'

const api = 'http://127.0.0.1:4000'

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
  test("the API's start URL with the project and the modal origin", () => {
    expect(Popup.startUrl(api, 'demo', 'google', 'http://127.0.0.1:5180')).toBe(
      `${api}/v1/auth/social/google/start?projectId=demo&origin=http%3A%2F%2F127.0.0.1%3A5180`,
    )
  })
  test('600 x 800, centred', () => {
    expect(Popup.features({ availWidth: 1600, availHeight: 1000 })).toBe(
      `popup=yes,width=${Constants.SOCIAL_POPUP_WIDTH_PX},height=${Constants.SOCIAL_POPUP_HEIGHT_PX},left=500,top=100`,
    )
  })
})

describe('start', () => {
  test('window.open runs synchronously in the click, then the view is pushed', () => {
    const order: string[] = []
    const fake = {
      open: vi.fn(() => {
        order.push('open')
        return null
      }),
      screen: { availWidth: 1000, availHeight: 900 },
      location: { origin: 'http://127.0.0.1:5180' },
    } as unknown as Window
    const push = vi.fn(() => order.push('push'))
    Popup.start({ env: { apiUrl: api, projectId: 'demo' }, router: { push } }, 'github', fake)
    expect(order).toEqual(['open', 'push'])
    expect(fake.open).toHaveBeenCalledWith(
      `${api}/v1/auth/social/github/start?projectId=demo&origin=http%3A%2F%2F127.0.0.1%3A5180`,
      'frontdoor-social',
      expect.stringContaining('width=600,height=800'),
    )
    expect(push).toHaveBeenCalledWith('ConnectingExternal', { social: 'github', name: 'GitHub' })
    expect(Popup.take()).toEqual({ provider: 'github', popup: null })
    expect(Popup.take()).toBeUndefined()
  })
})

describe('result', () => {
  test("the code, from the API's origin and the popup's window only", async () => {
    const popup = popupWindow()
    const other = popupWindow()
    const outcome = PopupResult.result(popup.win, api)
    const good = { type: 'frontdoor:social', result: { code: 'r3deem' } }
    post(good, 'http://evil.example', popup.win)
    post(good, api, other.win)
    post({ type: 'frontdoor:social', result: { code: 5 } }, api, popup.win)
    post(good, api, popup.win)
    expect(await outcome).toEqual({ code: 'r3deem' })
  })

  test("'Failed to connect' when the popup reports an error", async () => {
    const popup = popupWindow()
    const outcome = PopupResult.result(popup.win, api)
    post({ type: 'frontdoor:social', error: 'Failed to connect' }, api, popup.win)
    await expect(outcome).rejects.toThrow('Failed to connect')
  })

  test("'Popup closed' when the user closes it; 'Failed to initiate social connection' without one", async () => {
    // jsdom never marks a removed frame's window closed: this popup is closed by hand.
    const popup = { closed: false } as { closed: boolean } & Window
    const outcome = PopupResult.result(popup, api, { pollMs: 10 })
    popup.closed = true
    await expect(outcome).rejects.toThrow('Popup closed')
    await expect(PopupResult.result(null, api)).rejects.toThrow('Failed to initiate social connection')
  })
})
