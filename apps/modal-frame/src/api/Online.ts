/**
 * Whether the browser is online (spec section 4: queries pause while offline). The frame's fetches wait
 * here before each attempt, and go on when the window's `online` event comes.
 */

/** True while the browser says it is offline (`navigator.onLine === false`). */
export function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false
}

/** Resolves at once while online; while offline, at the next `online` event. */
export function whenOnline(): Promise<void> {
  if (!isOffline() || typeof window === 'undefined') return Promise.resolve()
  return new Promise((resolve) => window.addEventListener('online', () => resolve(), { once: true }))
}
