// @vitest-environment jsdom
import * as Constants from '@frontdoor/schemas/constants'
import { afterEach, describe, expect, test } from 'vitest'
import * as Env from './Env.js'

function doc(metas: Record<string, string>) {
  const d = document.implementation.createHTMLDocument('t')
  for (const [name, content] of Object.entries(metas)) {
    const m = d.createElement('meta')
    m.name = name
    m.content = content
    d.head.append(m)
  }
  return d
}

describe('read', () => {
  test('reads the modal origin and the API URL', () => {
    expect(
      Env.read(
        doc({ [Env.META.modalOrigin]: 'http://127.0.0.1:5180', [Env.META.apiUrl]: 'http://127.0.0.1:4000/' }),
      ),
    ).toEqual({
      modalOrigin: 'http://127.0.0.1:5180',
      apiUrl: 'http://127.0.0.1:4000',
      unverifiedDomain: false,
      analyticsOff: false,
    })
  })
  test("the modal's word that the page turned analytics off (?analytics=off); anything else leaves them to the project", () => {
    const metas = doc({
      [Env.META.modalOrigin]: 'http://127.0.0.1:5180',
      [Env.META.apiUrl]: 'http://127.0.0.1:4000',
    })
    expect(Env.read(metas, undefined, '?projectId=demo&analytics=off').analyticsOff).toBe(true)
    expect(Env.read(metas, undefined, '?projectId=demo').analyticsOff).toBe(false)
    expect(Env.read(metas, undefined, '?analytics=on').analyticsOff).toBe(false)
  })
  test("the server's word that it could not verify the page", () => {
    const metas = {
      [Env.META.modalOrigin]: 'http://127.0.0.1:5180',
      [Env.META.apiUrl]: 'http://127.0.0.1:4000',
    }
    expect(Env.read(doc(metas)).unverifiedDomain).toBe(false)
    expect(Env.read(doc({ ...metas, [Env.META.unverifiedDomain]: 'true' })).unverifiedDomain).toBe(true)
  })
  test('refuses a missing or inexact modal origin', () => {
    expect(() => Env.read(doc({ [Env.META.apiUrl]: 'http://127.0.0.1:4000' }))).toThrow(/modal origin/)
    for (const bad of ['*', 'http://127.0.0.1:5180/', 'javascript:alert(1)', 'null']) {
      expect(() =>
        Env.read(doc({ [Env.META.modalOrigin]: bad, [Env.META.apiUrl]: 'http://127.0.0.1:4000' })),
      ).toThrow()
    }
  })
})

describe('read: the regional API in the restricted time zones', () => {
  const metas = {
    [Env.META.modalOrigin]: 'http://127.0.0.1:5180',
    [Env.META.apiUrl]: 'https://api.example',
    [Env.META.regionalApiUrl]: 'https://api.example.cn/',
  }
  const savedTz = process.env.TZ
  afterEach(() => {
    if (savedTz === undefined) delete process.env.TZ
    else process.env.TZ = savedTz
  })

  test("the browser's forced time zone picks the API: regional in Shanghai, the main one in Berlin", () => {
    process.env.TZ = 'Asia/Shanghai'
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe('Asia/Shanghai')
    expect(Env.read(doc(metas)).apiUrl).toBe('https://api.example.cn')
    process.env.TZ = 'Europe/Berlin'
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe('Europe/Berlin')
    expect(Env.read(doc(metas)).apiUrl).toBe('https://api.example')
  })

  test('every listed zone (any case) is restricted; without a regional API the main one serves everywhere', () => {
    for (const zone of Constants.RESTRICTED_TIMEZONES) {
      expect(Env.isRestrictedTimeZone(zone)).toBe(true)
      expect(Env.isRestrictedTimeZone(zone.toUpperCase())).toBe(true)
    }
    for (const zone of ['Asia/Tokyo', 'Asia/Taipei', 'UTC', undefined])
      expect(Env.isRestrictedTimeZone(zone)).toBe(false)
    const { [Env.META.regionalApiUrl]: _, ...mainOnly } = metas
    expect(Env.read(doc(mainOnly), 'Asia/Hong_Kong').apiUrl).toBe('https://api.example')
    expect(Env.read(doc(metas), 'asia/urumqi').apiUrl).toBe('https://api.example.cn')
  })
})

describe('parentIsModal', () => {
  const list = (...origins: string[]) =>
    Object.assign([...origins], {
      contains: (o: string) => origins.includes(o),
      item: (i: number) => origins[i] ?? null,
    }) as unknown as DOMStringList
  test('the first ancestor must be the modal; browsers without ancestorOrigins rely on CSP and the bridge', () => {
    const modal = 'http://127.0.0.1:5180'
    expect(Env.parentIsModal(modal, list(modal, 'http://localhost:5173'))).toBe(true)
    expect(Env.parentIsModal(modal, list('http://localhost:5173'))).toBe(false)
    expect(Env.parentIsModal(modal, list('http://localhost:5173', modal))).toBe(false)
    expect(Env.parentIsModal(modal, undefined)).toBe(true)
  })
})

describe('pageOrigin', () => {
  const list = (...origins: string[]) => Object.assign([...origins]) as unknown as DOMStringList
  test('the last ancestor, after the modal; unknown without ancestorOrigins', () => {
    const modal = 'http://127.0.0.1:5180'
    expect(Env.pageOrigin(list(modal, 'http://localhost:5173'))).toBe('http://localhost:5173')
    expect(Env.pageOrigin(list(modal, 'https://a.example', 'https://top.example'))).toBe(
      'https://top.example',
    )
    expect(Env.pageOrigin(list(modal))).toBeUndefined()
    expect(Env.pageOrigin(undefined)).toBeUndefined()
  })
})

describe('confirmedOrigin', () => {
  const list = (...origins: string[]) => Object.assign([...origins]) as unknown as DOMStringList
  const modal = 'http://127.0.0.1:5180'
  test('ancestorOrigins first where the browser has it; the modal-attested origin where it has not (Firefox)', () => {
    expect(Env.confirmedOrigin(list(modal, 'http://localhost:5173'), 'https://other.example')).toBe(
      'http://localhost:5173',
    )
    expect(Env.confirmedOrigin(undefined, 'http://localhost:5173')).toBe('http://localhost:5173')
    // The browser says only the modal holds the frame: no page origin, whatever the modal says.
    expect(Env.confirmedOrigin(list(modal), 'http://localhost:5173')).toBeUndefined()
    expect(Env.confirmedOrigin(undefined, undefined)).toBeUndefined()
  })
})

describe('claimMatches', () => {
  test("the claimed URL's origin against the confirmed one", () => {
    expect(Env.claimMatches('http://localhost:5173', 'http://localhost:5173/shop')).toBe(true)
    expect(Env.claimMatches('https://evil.example', 'https://uniswap.org')).toBe(false)
    expect(Env.claimMatches('https://evil.example', 'not a url')).toBe(false)
    expect(Env.claimMatches(undefined, 'https://uniswap.org')).toBeUndefined()
    expect(Env.claimMatches('https://a.example', undefined)).toBeUndefined()
  })
})
