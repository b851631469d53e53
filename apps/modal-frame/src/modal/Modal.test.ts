import { describe, expect, test, vi } from 'vitest'
import * as Modal from './Modal.js'

describe('create', () => {
  test('opens and closes; closing clears loading', () => {
    const modal = Modal.create()
    modal.open()
    modal.setLoading(true)
    expect(modal.get()).toEqual({ open: true, loading: true, shake: false })
    modal.close()
    expect(modal.get()).toEqual({ open: false, loading: false, shake: false })
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
