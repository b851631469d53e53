/**
 * Clickjacking defence of the approval screen. A page could lay something over this frame, or make it
 * transparent, and trick the user into clicking Approve. IntersectionObserver v2 (`trackVisibility`,
 * Chromium) tells whether the target is really visible: not covered, not transparent, not transformed,
 * in every ancestor frame. Approve is enabled only after the target has been visible for
 * {@link VISIBLE_FOR_MS}, and disabled again the moment it is not.
 */

/**
 * How long the approval screen must be visible before Approve is enabled. Our choice (not in the spec):
 * long enough that a screen slid under the pointer cannot be clicked at once, short enough not to slow
 * a user who reads the request.
 */
export const VISIBLE_FOR_MS = 500

/** The smallest `delay` IntersectionObserver v2 accepts. */
export const TRACK_DELAY_MS = 100

type EntryV2 = IntersectionObserverEntry & { isVisible?: boolean }
type Init = IntersectionObserverInit & { trackVisibility?: boolean; delay?: number }
type Observer = new (
  callback: (entries: EntryV2[]) => void,
  init?: Init,
) => { observe(target: Element): void; disconnect(): void }

/** Whether this browser reports real visibility (IntersectionObserver v2). */
export function supportsTrackVisibility(
  entry: { prototype: object } | undefined = globalThis.IntersectionObserverEntry,
): boolean {
  return entry !== undefined && 'isVisible' in entry.prototype
}

/** How the gate decided, for the screen's status line. */
export type Trust = { trusted: boolean; tracked: boolean }

/** Options of {@link watch} (tests pass their own observer and timers). */
export type WatchOptions = {
  Observer?: Observer
  tracked?: boolean
  visibleForMs?: number
  setTimer?: (fn: () => void, ms: number) => unknown
  clearTimer?: (handle: unknown) => void
  isDocumentVisible?: () => boolean
}

/**
 * Watches `target` and calls `onChange` with whether Approve may be enabled. Where IntersectionObserver
 * v2 is missing (not Chromium), the target must intersect the viewport of a visible document for the
 * same time: a weaker check, reported as `tracked: false`. Returns the stop function.
 */
export function watch(target: Element, onChange: (trust: Trust) => void, options: WatchOptions = {}) {
  const Observer = options.Observer ?? (globalThis.IntersectionObserver as unknown as Observer)
  const tracked = options.tracked ?? supportsTrackVisibility()
  const visibleForMs = options.visibleForMs ?? VISIBLE_FOR_MS
  const setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms))
  const clearTimer = options.clearTimer ?? ((handle) => clearTimeout(handle as number))
  const isDocumentVisible = options.isDocumentVisible ?? (() => document.visibilityState === 'visible')

  let timer: unknown
  let trusted = false
  const set = (next: boolean) => {
    if (next === trusted) return
    trusted = next
    onChange({ trusted, tracked })
  }
  const seen = (visible: boolean) => {
    if (!visible) {
      if (timer !== undefined) clearTimer(timer)
      timer = undefined
      set(false)
      return
    }
    if (trusted || timer !== undefined) return
    timer = setTimer(() => {
      timer = undefined
      set(true)
    }, visibleForMs)
  }

  let lastSeen = false
  const observer = new Observer(
    (entries) => {
      const entry = entries.at(-1)
      if (!entry) return
      const whole = entry.isIntersecting && entry.intersectionRatio >= 0.99
      lastSeen = tracked ? whole && entry.isVisible === true : whole
      seen(lastSeen && isDocumentVisible())
    },
    tracked
      ? { threshold: [0, 0.5, 0.99, 1], trackVisibility: true, delay: TRACK_DELAY_MS }
      : { threshold: [0, 0.5, 0.99, 1] },
  )
  observer.observe(target)
  const onVisibility = () => seen(lastSeen && isDocumentVisible())
  document.addEventListener('visibilitychange', onVisibility)
  return () => {
    observer.disconnect()
    document.removeEventListener('visibilitychange', onVisibility)
    if (timer !== undefined) clearTimer(timer)
  }
}
