/**
 * Clickjacking defence of the approval screen. A page could lay fake details over this frame, make it
 * nearly transparent, or move it under the pointer right before a click. IntersectionObserver v2
 * (`trackVisibility`, Chromium) tells whether a target is really visible: not covered, not
 * transparent, not transformed, in every ancestor frame.
 *
 * The design (the simplest we found sound): the whole summary (origin, rows, signed content) sits in
 * one scroll box above the buttons, and every part of it is watched, not only the buttons. Approve is
 * enabled only when
 * - every watched part wholly on screen is really visible (one covered or faded part disables it), and
 *   the scroll box around the parts cut by its edge is too,
 * - the scroll box and the buttons are wholly on screen,
 * - every pixel of the summary has been on screen while all of it was really visible (a summary that
 *   fits is seen at once; a longer one must be scrolled through to its end: no row can hide below the
 *   fold), and
 * - nothing changed for {@link APPROVE_ENABLE_DELAY_MS}: the request shown, what IntersectionObserver
 *   reports (visibility, position, size of any part), the frame's size (ResizeObserver), or the
 *   frame's place on screen (pointer events carry both screen and frame coordinates: their difference
 *   is where the frame is).
 * A mouse press on Approve also counts only where the pointer moved to inside this frame: a frame slid
 * under a resting pointer gets the press without a move, and refuses it.
 * Browsers without v2 never enable Approve in the frame (the screen moves the decision into a popup of
 * our origin, see Popup.ts).
 */

/**
 * How long nothing may change before Approve is enabled. Our choice (not in the spec): long enough that
 * content swapped or slid under the pointer cannot be clicked at once, short enough not to slow a
 * visitor who reads the request.
 */
export const APPROVE_ENABLE_DELAY_MS = 750

/** The smallest `delay` IntersectionObserver v2 accepts. */
export const TRACK_DELAY_MS = 100

/** The share of a target that must be on screen to count as wholly on screen. */
const WHOLE_RATIO = 0.99

type EntryV2 = {
  target: Element
  isIntersecting: boolean
  intersectionRatio: number
  isVisible?: boolean
  boundingClientRect: { top: number; left: number; width: number; height: number }
}
type Init = IntersectionObserverInit & { trackVisibility?: boolean; delay?: number }
type Observer = new (
  callback: (entries: EntryV2[]) => void,
  init?: Init,
) => { observe(target: Element): void; disconnect(): void }
type Resizer = new (callback: () => void) => { observe(target: Element): void; disconnect(): void }

/** Whether this browser reports real visibility (IntersectionObserver v2 `trackVisibility`). */
export function supportsTrackVisibility(
  scope: {
    IntersectionObserver?: { prototype: object } | undefined
    IntersectionObserverEntry?: { prototype: object } | undefined
  } = globalThis,
): boolean {
  const observer = scope.IntersectionObserver?.prototype
  const entry = scope.IntersectionObserverEntry?.prototype
  return (
    observer !== undefined && entry !== undefined && 'trackVisibility' in observer && 'isVisible' in entry
  )
}

/** The scroll box's geometry (an HTMLElement's scroll fields). */
type Box = Element & { scrollTop: number; clientHeight: number; scrollHeight: number }

/** What {@link gate} watches and calls back. */
export type GateOptions = {
  /** The scroll box holding the whole summary. */
  box: Box
  /** The box's content (its size changes on reflow). */
  content?: Element | undefined
  /** Every part of the summary: header lines, each row, the detail box. */
  parts: Element[]
  /** The buttons' row. */
  actions: Element
  /** Called when Approve becomes enabled or disabled. */
  onChange: (enabled: boolean) => void
  /** Called when the whole summary has been seen, or must be seen anew (for the status line). */
  onSeen?: (seenAll: boolean) => void
  /** Tests pass their own observers, clock and timers. */
  Observer?: Observer
  Resizer?: Resizer
  now?: () => number
  setTimer?: (fn: () => void, ms: number) => unknown
  clearTimer?: (handle: unknown) => void
  isDocumentVisible?: () => boolean
  doc?: Pick<Document, 'addEventListener' | 'removeEventListener'>
  delayMs?: number
}

/** The pointer fields the gate reads. */
export type PointerLike = {
  type: string
  pointerType: string
  clientX: number
  clientY: number
  screenX: number
  screenY: number
}

type Seen = { intersecting: boolean; visible: boolean; ratio: number; rect: string }

/** Adds [from, to] to sorted, merged intervals. */
export function cover(intervals: [number, number][], from: number, to: number): [number, number][] {
  const all = [...intervals, [from, to] as [number, number]].sort((a, b) => a[0] - b[0])
  const merged: [number, number][] = []
  for (const [a, b] of all) {
    const last = merged.at(-1)
    // Scroll positions are whole pixels; 1 px of slack joins neighbours.
    if (last && a <= last[1] + 1) last[1] = Math.max(last[1], b)
    else merged.push([a, b])
  }
  return merged
}

/** Whether the intervals cover [0, height]. */
export function covers(intervals: [number, number][], height: number): boolean {
  const first = intervals[0]
  return first !== undefined && first[0] <= 1 && first[1] >= height - 1
}

/**
 * Watches the approval screen and calls `onChange` with whether Approve may be enabled (see the module
 * comment). Returns the gate: `enabled()`, `changed()` (restart the delay), `press()` (whether the
 * last mouse press on Approve counts) and `stop()`.
 */
export function gate(options: GateOptions) {
  const Observer = options.Observer ?? (globalThis.IntersectionObserver as unknown as Observer)
  const Resizer = options.Resizer ?? (globalThis.ResizeObserver as unknown as Resizer | undefined)
  const now = options.now ?? (() => performance.now())
  const setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms))
  const clearTimer = options.clearTimer ?? ((handle) => clearTimeout(handle as number))
  const isDocumentVisible = options.isDocumentVisible ?? (() => document.visibilityState === 'visible')
  const doc = options.doc ?? document
  const delayMs = options.delayMs ?? APPROVE_ENABLE_DELAY_MS
  const { box, actions } = options
  const targets = [box, actions, ...options.parts]

  const seen = new Map<Element, Seen>()
  let coverage: [number, number][] = []
  let changedAt = now()
  let enabled = false
  let seenAll: boolean | undefined
  let timer: unknown
  let offset: string | undefined
  let lastMove: { x: number; y: number } | undefined
  let pressOk = false
  let stopped = false

  const whole = (target: Element) => {
    const s = seen.get(target)
    return target.isConnected && s?.intersecting === true && s.visible && s.ratio >= WHOLE_RATIO
  }

  const evaluate = () => {
    if (stopped) return
    // Only what is on the screen counts: a part taken off it (the simulated changes' place, when there
    // are none) may keep its last report for good, as the browser need not report it again.
    const shown = targets.filter((target) => target.isConnected)
    const reported = shown.every((target) => seen.has(target))
    // Chromium reports a part cut by the scroll box as not visible (its whole box is tested for
    // occlusion): such a part is judged by the box it lies in, which must be wholly visible.
    const covered = shown.some((target) => {
      const s = seen.get(target)
      return s?.intersecting === true && s.ratio >= WHOLE_RATIO && !s.visible
    })
    const trustedView = reported && !covered && whole(box) && whole(actions) && isDocumentVisible()
    if (trustedView) coverage = cover(coverage, box.scrollTop, box.scrollTop + box.clientHeight)
    const complete = covers(coverage, box.scrollHeight)
    if (reported && complete !== seenAll) {
      seenAll = complete
      options.onSeen?.(seenAll)
    }
    const ready = trustedView && complete
    const wait = changedAt + delayMs - now()
    if (timer !== undefined) clearTimer(timer)
    timer = undefined
    if (ready && wait > 0)
      timer = setTimer(() => {
        timer = undefined
        evaluate()
      }, wait)
    const next = ready && wait <= 0
    if (next !== enabled) {
      enabled = next
      options.onChange(enabled)
    }
  }

  const changed = () => {
    changedAt = now()
    evaluate()
  }

  const observer = new Observer(
    (entries) => {
      let moved = false
      for (const entry of entries) {
        const r = entry.boundingClientRect
        const next: Seen = {
          intersecting: entry.isIntersecting,
          visible: entry.isVisible === true,
          ratio: entry.intersectionRatio,
          rect: `${r.top},${r.left},${r.width},${r.height}`,
        }
        const before = seen.get(entry.target)
        if (
          !before ||
          before.intersecting !== next.intersecting ||
          before.visible !== next.visible ||
          before.ratio !== next.ratio ||
          before.rect !== next.rect
        )
          moved = true
        seen.set(entry.target, next)
      }
      if (moved) changed()
      else evaluate()
    },
    { threshold: [0, 0.25, 0.5, 0.75, WHOLE_RATIO, 1], trackVisibility: true, delay: TRACK_DELAY_MS },
  )
  for (const target of targets) observer.observe(target)

  // The frame or the summary changed size: what was seen is measured anew.
  let lastSize: string | undefined
  const resizer = Resizer
    ? new Resizer(() => {
        const size = `${box.clientHeight},${box.scrollHeight},${box.getBoundingClientRect().width}`
        if (size === lastSize) return
        if (lastSize !== undefined) coverage = []
        lastSize = size
        changed()
      })
    : undefined
  resizer?.observe(box)
  if (options.content) resizer?.observe(options.content)

  const onScroll = () => evaluate()
  box.addEventListener('scroll', onScroll)
  const onVisibility = () => changed()
  doc.addEventListener('visibilitychange', onVisibility)

  return {
    /** Whether Approve may be enabled now. */
    enabled: () => enabled,
    /** Something changed (the frame moved): Approve waits {@link APPROVE_ENABLE_DELAY_MS} again. */
    changed,
    /**
     * Reads a pointer event of this document (move, over, down): the frame's place on screen, and
     * where the mouse moved to. A press at a place the mouse did not move to, or with the frame
     * elsewhere than the last event saw it, does not count and restarts the delay.
     */
    pointer(event: PointerLike) {
      const where = `${Math.round(event.screenX - event.clientX)},${Math.round(event.screenY - event.clientY)}`
      const moved = offset !== undefined && where !== offset
      offset = where
      if (moved) changed()
      if (event.type === 'pointermove' && event.pointerType === 'mouse')
        lastMove = { x: event.clientX, y: event.clientY }
      if (event.type === 'pointerdown') {
        const resting =
          event.pointerType !== 'mouse' ||
          (lastMove !== undefined &&
            Math.abs(lastMove.x - event.clientX) < 1 &&
            Math.abs(lastMove.y - event.clientY) < 1)
        pressOk = enabled && resting
        if (!resting) changed()
      }
    },
    /** Whether the last press (pointerdown) counts; a click without one (the keyboard) needs `enabled`. */
    press: () => pressOk && enabled,
    /** Stops watching. */
    stop() {
      stopped = true
      observer.disconnect()
      resizer?.disconnect()
      box.removeEventListener('scroll', onScroll)
      doc.removeEventListener('visibilitychange', onVisibility)
      if (timer !== undefined) clearTimer(timer)
    },
  }
}

/** The gate of the approval screen. */
export type Gate = ReturnType<typeof gate>
