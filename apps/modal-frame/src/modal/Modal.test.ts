import { describe, expect, test, vi } from 'vitest'
import * as Modal from './Modal.js'

describe('create', () => {
  test('opens and closes', () => {
    const modal = Modal.create()
    modal.open()
    expect(modal.get()).toEqual({ open: true, loading: false, shake: false })
    modal.close()
    expect(modal.get()).toEqual({ open: false, loading: false, shake: false })
  })

  test('loading while any tracked work is in flight, whether it succeeds or fails', async () => {
    const modal = Modal.create()
    const seen: boolean[] = []
    modal.subscribe(() => seen.push(modal.get().loading))
    let finishA = (_: string) => {}
    let failB = (_: Error) => {}
    const a = modal.track(new Promise<string>((resolve) => (finishA = resolve)))
    const b = modal.track(new Promise<string>((_, reject) => (failB = reject)))
    expect(modal.get().loading).toBe(true)
    finishA('a')
    expect(await a).toBe('a')
    expect(modal.get().loading).toBe(true)
    failB(new Error('rejected'))
    await expect(b).rejects.toThrow('rejected')
    expect(modal.get().loading).toBe(false)
    // One change to true and one back: a second tracked work does not notify again.
    expect(seen).toEqual([true, false])
  })

  test("shake calls the browser's timers as plain functions (a method call throws 'Illegal invocation')", () => {
    const realSet = globalThis.setTimeout
    // Like a browser's setTimeout: called with a `this` other than the global object, it throws.
    const strict = function (this: unknown, run: () => void, ms: number) {
      if (this !== undefined && this !== globalThis) throw new TypeError('Illegal invocation')
      return realSet(run, ms)
    }
    globalThis.setTimeout = strict as typeof setTimeout
    try {
      const modal = Modal.create()
      expect(() => modal.shake()).not.toThrow()
      expect(modal.get().shake).toBe(true)
    } finally {
      globalThis.setTimeout = realSet
    }
  })

  test('shake lasts 500 ms and restarts when shaken again', () => {
    vi.useFakeTimers()
    try {
      const modal = Modal.create()
      modal.shake()
      expect(modal.get().shake).toBe(true)
      vi.advanceTimersByTime(400)
      modal.shake()
      vi.advanceTimersByTime(400)
      expect(modal.get().shake).toBe(true)
      vi.advanceTimersByTime(100)
      expect(modal.get().shake).toBe(false)
    } finally {
      vi.useRealTimers()
    }
  })
})
