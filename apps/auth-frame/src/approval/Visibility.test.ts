// @vitest-environment jsdom
import { afterEach, describe, expect, test, vi } from 'vitest'
import * as Visibility from './Visibility.js'

type Report = { isIntersecting?: boolean; intersectionRatio?: number; isVisible?: boolean; top?: number }

/**
 * The browser's IntersectionObserver reports visibility from layout and paint, which Node has not:
 * this stand-in hands the gate the entries a browser would (Chromium's real one runs in
 * e2e/embedded/clickjacking.e2e.ts).
 */
function setup(options: { scrollHeight?: number } = {}) {
  vi.useFakeTimers()
  let callback: (entries: unknown[]) => void = () => {}
  let init: Record<string, unknown> | undefined
  const observed: Element[] = []
  class Observer {
    constructor(cb: (entries: unknown[]) => void, options?: Record<string, unknown>) {
      callback = cb
      init = options
    }
    observe(target: Element) {
      observed.push(target)
    }
    disconnect() {}
  }
  let resized: () => void = () => {}
  class Resizer {
    constructor(cb: () => void) {
      resized = cb
    }
    observe() {}
    disconnect() {}
  }
  const box = document.createElement('div') as HTMLDivElement
  Object.defineProperty(box, 'clientHeight', { value: 300, configurable: true })
  Object.defineProperty(box, 'scrollHeight', { value: options.scrollHeight ?? 300, configurable: true })
  const actions = document.createElement('div')
  const rows = ['title', 'origin', 'method', 'gas', 'fee', 'nonce'].map((name) => {
    const row = document.createElement('div')
    row.dataset.name = name
    return row
  })
  // On the screen, as the approval screen has them (a part taken off it no longer counts).
  box.append(...rows)
  document.body.replaceChildren(box, actions)
  const changes: boolean[] = []
  const gate = Visibility.gate({
    box,
    parts: rows,
    actions,
    onChange: (enabled) => changes.push(enabled),
    Observer: Observer as never,
    Resizer: Resizer as never,
    now: () => Date.now(),
    isDocumentVisible: () => true,
  })
  const entry = (target: Element, r: Report = {}) => ({
    target,
    isIntersecting: r.isIntersecting ?? true,
    intersectionRatio: r.intersectionRatio ?? 1,
    isVisible: r.isVisible ?? true,
    boundingClientRect: { top: r.top ?? 0, left: 0, width: 300, height: 20 },
  })
  /** Reports every target really visible and whole, except those given. */
  const report = (overrides: Map<Element, Report> = new Map()) =>
    callback([box, actions, ...rows].map((target) => entry(target, overrides.get(target))))
  const one = (target: Element, r: Report) => callback([entry(target, r)])
  return { gate, box, actions, rows, changes, report, one, init: () => init, observed, resized }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('gate', () => {
  test('watches the whole summary with v2: the box, the buttons and every row', () => {
    const { init, observed, box, actions, rows } = setup()
    expect(init()).toMatchObject({ trackVisibility: true, delay: Visibility.TRACK_DELAY_MS })
    expect(observed).toEqual([box, actions, ...rows])
  })

  test('enabled only after every part was really visible and nothing changed for APPROVE_ENABLE_DELAY_MS', () => {
    const { changes, report } = setup()
    report()
    vi.advanceTimersByTime(Visibility.APPROVE_ENABLE_DELAY_MS - 1)
    expect(changes).toEqual([])
    vi.advanceTimersByTime(1)
    expect(changes).toEqual([true])
  })

  test('one covered or faded row (the nonce) keeps Approve disabled, though the buttons are visible', () => {
    const { changes, report, rows, one, gate } = setup()
    const nonce = rows.at(-1)!
    report(new Map([[nonce, { isVisible: false }]]))
    vi.advanceTimersByTime(Visibility.APPROVE_ENABLE_DELAY_MS * 4)
    expect(changes).toEqual([])
    // The overlay goes: enabled, but only after the delay.
    one(nonce, { isVisible: true })
    vi.advanceTimersByTime(Visibility.APPROVE_ENABLE_DELAY_MS - 1)
    expect(gate.enabled()).toBe(false)
    vi.advanceTimersByTime(1)
    expect(changes).toEqual([true])
    // It comes back: disabled at once.
    one(nonce, { isVisible: false })
    expect(changes).toEqual([true, false])
  })

  test('a summary longer than its box: disabled until the visitor scrolled through all of it', () => {
    const { changes, report, box, rows, gate } = setup({ scrollHeight: 700 })
    const nonce = rows.at(-1)!
    // The nonce is below the fold (scrolled out inside the box): everything on screen is visible.
    report(new Map([[nonce, { isIntersecting: false, intersectionRatio: 0, isVisible: false }]]))
    vi.advanceTimersByTime(Visibility.APPROVE_ENABLE_DELAY_MS * 4)
    expect(gate.enabled()).toBe(false)
    // A jump to the end skips the middle: still disabled.
    box.scrollTop = 400
    box.dispatchEvent(new Event('scroll'))
    vi.advanceTimersByTime(Visibility.APPROVE_ENABLE_DELAY_MS * 4)
    expect(gate.enabled()).toBe(false)
    box.scrollTop = 200
    box.dispatchEvent(new Event('scroll'))
    vi.advanceTimersByTime(Visibility.APPROVE_ENABLE_DELAY_MS)
    expect(changes).toEqual([true])
  })

  test('a part taken off the screen after a report that it was covered does not keep Approve disabled', () => {
    // The simulated changes' place, held empty while their chunk loads, watched as a part; typed data
    // that is no permit has none, and the place goes. Chromium reported it whole but not visible, and
    // need not report it again once it is gone (the smart account e2e's Approve stayed disabled).
    const { changes, report, rows, gate } = setup()
    const place = rows[2]!
    report(new Map([[place, { isVisible: false }]]))
    vi.advanceTimersByTime(Visibility.APPROVE_ENABLE_DELAY_MS * 4)
    expect(gate.enabled()).toBe(false)
    place.remove()
    gate.changed()
    vi.advanceTimersByTime(Visibility.APPROVE_ENABLE_DELAY_MS - 1)
    expect(gate.enabled()).toBe(false)
    vi.advanceTimersByTime(1)
    expect(changes).toEqual([true])
  })

  test('a part taken off the screen before its first report is not waited for', () => {
    const { changes, rows, box, actions, one, gate } = setup()
    const place = rows[2]!
    for (const target of [box, actions, ...rows.filter((row) => row !== place)]) one(target, {})
    vi.advanceTimersByTime(Visibility.APPROVE_ENABLE_DELAY_MS * 4)
    expect(gate.enabled()).toBe(false)
    place.remove()
    gate.changed()
    vi.advanceTimersByTime(Visibility.APPROVE_ENABLE_DELAY_MS)
    expect(changes).toEqual([true])
  })

  test("a row cut by the box's edge (reported not visible by Chromium) is judged by the box", () => {
    const { report, rows, gate } = setup()
    report(new Map([[rows.at(-1)!, { intersectionRatio: 0.5, isVisible: false }]]))
    vi.advanceTimersByTime(Visibility.APPROVE_ENABLE_DELAY_MS)
    expect(gate.enabled()).toBe(true)
  })

  test('what is scrolled by while something covers the screen does not count as seen', () => {
    const { report, box, gate } = setup({ scrollHeight: 600 })
    report(new Map([[box, { isVisible: false }]]))
    box.scrollTop = 300
    box.dispatchEvent(new Event('scroll'))
    report()
    vi.advanceTimersByTime(Visibility.APPROVE_ENABLE_DELAY_MS * 4)
    expect(gate.enabled()).toBe(false)
    box.scrollTop = 0
    box.dispatchEvent(new Event('scroll'))
    vi.advanceTimersByTime(Visibility.APPROVE_ENABLE_DELAY_MS)
    expect(gate.enabled()).toBe(true)
  })

  test('the frame moves or resizes: disabled again for APPROVE_ENABLE_DELAY_MS', () => {
    const { changes, report, resized, gate, box } = setup()
    report()
    vi.advanceTimersByTime(Visibility.APPROVE_ENABLE_DELAY_MS)
    expect(changes).toEqual([true])
    // IntersectionObserver reports a part elsewhere in the frame.
    report(new Map([[box, { top: 40 }]]))
    expect(changes).toEqual([true, false])
    vi.advanceTimersByTime(Visibility.APPROVE_ENABLE_DELAY_MS)
    expect(gate.enabled()).toBe(true)
    // The frame's size changes (ResizeObserver).
    resized()
    Object.defineProperty(box, 'clientHeight', { value: 280 })
    Object.defineProperty(box, 'scrollHeight', { value: 280 })
    resized()
    expect(gate.enabled()).toBe(false)
    vi.advanceTimersByTime(Visibility.APPROVE_ENABLE_DELAY_MS)
    expect(gate.enabled()).toBe(true)
  })

  test('pointer events place the frame on screen: a frame moved under the pointer refuses the press', () => {
    const { report, gate } = setup()
    report()
    vi.advanceTimersByTime(Visibility.APPROVE_ENABLE_DELAY_MS)
    const at = (type: string, x: number, y: number, frameX = 100, frameY = 50) => ({
      type,
      pointerType: 'mouse',
      clientX: x,
      clientY: y,
      screenX: x + frameX,
      screenY: y + frameY,
    })
    // The visitor moves to Approve and presses: counted.
    gate.pointer(at('pointermove', 200, 450))
    gate.pointer(at('pointerdown', 200, 450))
    expect(gate.press()).toBe(true)
    // The page slides the frame 30 px under the resting pointer: the press lands elsewhere in the frame.
    gate.pointer(at('pointerdown', 200, 480, 100, 20))
    expect(gate.press()).toBe(false)
    expect(gate.enabled()).toBe(false)
    vi.advanceTimersByTime(Visibility.APPROVE_ENABLE_DELAY_MS)
    gate.pointer(at('pointermove', 200, 480, 100, 20))
    gate.pointer(at('pointerdown', 200, 480, 100, 20))
    expect(gate.press()).toBe(true)
    // A press the mouse never moved to (the frame arrived under it) does not count either.
    gate.pointer(at('pointerdown', 10, 10, 100, 20))
    expect(gate.press()).toBe(false)
  })
})

describe('cover / covers', () => {
  test('merges what was seen; covered only from 0 to the end', () => {
    let seen = Visibility.cover([], 0, 300)
    seen = Visibility.cover(seen, 400, 700)
    expect(seen).toEqual([
      [0, 300],
      [400, 700],
    ])
    expect(Visibility.covers(seen, 700)).toBe(false)
    seen = Visibility.cover(seen, 250, 401)
    expect(seen).toEqual([[0, 700]])
    expect(Visibility.covers(seen, 700)).toBe(true)
  })
})

describe('supportsTrackVisibility', () => {
  test('needs trackVisibility on IntersectionObserver and isVisible on its entries', () => {
    const v2 = {
      IntersectionObserver: { prototype: { trackVisibility: false } },
      IntersectionObserverEntry: { prototype: { isVisible: false } },
    }
    expect(Visibility.supportsTrackVisibility(v2)).toBe(true)
    expect(Visibility.supportsTrackVisibility({ ...v2, IntersectionObserver: { prototype: {} } })).toBe(false)
    expect(Visibility.supportsTrackVisibility({ ...v2, IntersectionObserverEntry: { prototype: {} } })).toBe(
      false,
    )
    expect(Visibility.supportsTrackVisibility({})).toBe(false)
  })
})
