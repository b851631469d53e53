// @vitest-environment jsdom
import { afterEach, describe, expect, test, vi } from 'vitest'
import * as Visibility from './Visibility.js'

type Entry = { isIntersecting: boolean; intersectionRatio: number; isVisible?: boolean }

/**
 * The browser's IntersectionObserver reports visibility from layout and paint, which Node has not:
 * this stand-in hands the gate the entries a browser would (Chromium's real one runs in e2e/embedded).
 */
function observer() {
  let callback: (entries: Entry[]) => void = () => {}
  let init: Record<string, unknown> | undefined
  class Observer {
    constructor(cb: (entries: Entry[]) => void, options?: Record<string, unknown>) {
      callback = cb
      init = options
    }
    observe() {}
    disconnect() {}
  }
  return { Observer, report: (entry: Entry) => callback([entry]), init: () => init }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('watch', () => {
  test('v2: trusted only after being really visible for VISIBLE_FOR_MS; at once untrusted when not', () => {
    vi.useFakeTimers()
    const io = observer()
    const changes: boolean[] = []
    Visibility.watch({} as Element, (trust) => changes.push(trust.trusted), {
      Observer: io.Observer as never,
      tracked: true,
      isDocumentVisible: () => true,
    })
    expect(io.init()).toMatchObject({ trackVisibility: true, delay: Visibility.TRACK_DELAY_MS })
    io.report({ isIntersecting: true, intersectionRatio: 1, isVisible: false })
    vi.advanceTimersByTime(Visibility.VISIBLE_FOR_MS * 2)
    expect(changes).toEqual([])
    io.report({ isIntersecting: true, intersectionRatio: 1, isVisible: true })
    vi.advanceTimersByTime(Visibility.VISIBLE_FOR_MS - 1)
    expect(changes).toEqual([])
    vi.advanceTimersByTime(1)
    expect(changes).toEqual([true])
    // Something covers it (or it turns transparent): Approve is disabled at once.
    io.report({ isIntersecting: true, intersectionRatio: 1, isVisible: false })
    expect(changes).toEqual([true, false])
  })

  test('a partly hidden target is not trusted, even if visible', () => {
    vi.useFakeTimers()
    const io = observer()
    const changes: boolean[] = []
    Visibility.watch({} as Element, (trust) => changes.push(trust.trusted), {
      Observer: io.Observer as never,
      tracked: true,
      isDocumentVisible: () => true,
    })
    io.report({ isIntersecting: true, intersectionRatio: 0.5, isVisible: true })
    vi.advanceTimersByTime(Visibility.VISIBLE_FOR_MS * 2)
    expect(changes).toEqual([])
  })

  test('without v2: intersecting in a visible document for the same time, reported as untracked', () => {
    vi.useFakeTimers()
    const io = observer()
    const trusts: Visibility.Trust[] = []
    Visibility.watch({} as Element, (trust) => trusts.push(trust), {
      Observer: io.Observer as never,
      tracked: false,
      isDocumentVisible: () => true,
    })
    io.report({ isIntersecting: true, intersectionRatio: 1 })
    vi.advanceTimersByTime(Visibility.VISIBLE_FOR_MS)
    expect(trusts).toEqual([{ trusted: true, tracked: false }])
  })

  test('supportsTrackVisibility reads IntersectionObserverEntry', () => {
    expect(Visibility.supportsTrackVisibility({ prototype: { isVisible: false } })).toBe(true)
    expect(Visibility.supportsTrackVisibility({ prototype: {} })).toBe(false)
    expect(Visibility.supportsTrackVisibility(undefined)).toBe(false)
  })
})
