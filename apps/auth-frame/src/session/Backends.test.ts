import { ADDRESS_DEFAULTS } from '@frontdoor/protocol/addresses'
import { describe, expect, test } from 'vitest'
import * as Backends from './Backends.js'
import * as Session from './Session.js'

/** A cookie jar as a document exposes it (`cookie` getter and setter); attributes are checked. */
function jar() {
  const cookies = new Map<string, string>()
  const written: string[] = []
  return {
    written,
    get cookie() {
      return [...cookies].map(([k, v]) => `${k}=${v}`).join('; ')
    },
    set cookie(line: string) {
      written.push(line)
      const [pair, ...attributes] = line.split('; ')
      const [name, value] = [pair!.slice(0, pair!.indexOf('=')), pair!.slice(pair!.indexOf('=') + 1)]
      if (attributes.includes('Max-Age=0')) cookies.delete(name)
      else cookies.set(name, value)
    },
  }
}

const denied = () => {
  throw new DOMException("Failed to read the 'localStorage' property from 'Window'", 'SecurityError')
}

describe('partitionedCookies', () => {
  test('round-trips values as partitioned, secure, host-only cookies', () => {
    const doc = jar()
    const store = Backends.partitionedCookies(doc)
    store.setItem('frontdoor:auth-session', '{"token":"a=b; c"}')
    expect(store.getItem('frontdoor:auth-session')).toBe('{"token":"a=b; c"}')
    expect(doc.written[0]).toMatch(/; Path=\/; Secure; SameSite=None; Partitioned; Max-Age=\d+$/)
    expect(doc.written[0]).not.toMatch(/Domain=/i)
    store.removeItem('frontdoor:auth-session')
    expect(store.getItem('frontdoor:auth-session')).toBeNull()
  })
})

describe('choose', () => {
  test('localStorage when the browser allows it', () => {
    const local = Backends.memory()
    expect(
      Backends.choose({
        local: () => local,
        cookies: Backends.partitionedCookies(jar()),
        modalHost: 'a',
        ownHost: 'a',
      }),
    ).toEqual({ backend: local, kind: 'localStorage' })
  })
  test('denied: a partitioned cookie when the modal is on another host, memory when it shares this host', () => {
    const cookies = Backends.partitionedCookies(jar())
    expect(
      Backends.choose({ local: denied, cookies, modalHost: 'modal.example', ownHost: 'auth.example' }).kind,
    ).toBe('cookie')
    expect(
      Backends.choose({ local: denied, cookies, modalHost: '127.0.0.1', ownHost: '127.0.0.1' }).kind,
    ).toBe('memory')
  })
  test('memory when cookies are refused too', () => {
    const refusing = {
      get cookie() {
        return ''
      },
      set cookie(_line: string) {},
    }
    expect(
      Backends.choose({
        local: denied,
        cookies: Backends.partitionedCookies(refusing),
        modalHost: 'm',
        ownHost: 'a',
      }).kind,
    ).toBe('memory')
  })
})

describe("the stack's default addresses, where the browser denies the frame its localStorage", () => {
  // Chromium's default third-party settings for a cross-site frame (Playwright's contexts, incognito):
  // localStorage throws, partitioned cookies are kept. Each page view chooses its store anew.
  const pageView = (doc: ReturnType<typeof jar>) =>
    Backends.choose({
      local: denied,
      cookies: Backends.partitionedCookies(doc),
      modalHost: new URL(ADDRESS_DEFAULTS.MODAL_URL).hostname,
      ownHost: new URL(ADDRESS_DEFAULTS.AUTH_URL).hostname,
    })

  test('an email session is kept in a partitioned cookie and survives a reload', () => {
    const doc = jar()
    const first = pageView(doc)
    expect(first.kind).toBe('cookie')
    const session = { token: 'session-token', expiresAtMs: Date.now() + 60_000 }
    Session.create(first.backend).set(session)
    // The reload: a new document of the same frame, the same cookie jar.
    const reloaded = pageView(doc)
    expect(reloaded.kind).toBe('cookie')
    expect(Session.create(reloaded.backend).get()).toEqual(session)
    // Sign out forgets it for the next page view too.
    Session.create(reloaded.backend).clear()
    expect(Session.create(pageView(doc).backend).get()).toBeUndefined()
  })
})
