import * as Constants from '@frontdoor/schemas/constants'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import * as Toast from './Toast.js'

describe('create', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  test('shows a toast and hides it after 2.5 s', () => {
    const toasts = Toast.create()
    toasts.show('Address copied', 'success')
    expect(toasts.get()).toMatchObject({ message: 'Address copied', variant: 'success' })
    vi.advanceTimersByTime(Constants.TOAST_AUTO_HIDE_MS - 1)
    expect(toasts.get()).toBeDefined()
    vi.advanceTimersByTime(1)
    expect(toasts.get()).toBeUndefined()
  })

  test('a new toast replaces the shown one after the 150 ms replacement delay', () => {
    const toasts = Toast.create()
    toasts.show('first')
    vi.advanceTimersByTime(1000)
    toasts.show('second', 'error')
    expect(toasts.get()).toBeUndefined()
    vi.advanceTimersByTime(Constants.TOAST_REPLACEMENT_DELAY_MS - 1)
    expect(toasts.get()).toBeUndefined()
    vi.advanceTimersByTime(1)
    expect(toasts.get()).toMatchObject({ message: 'second', variant: 'error' })
    // The replacement has its own full auto-hide time, and the first toast's timer no longer runs.
    vi.advanceTimersByTime(Constants.TOAST_AUTO_HIDE_MS - 1)
    expect(toasts.get()?.message).toBe('second')
    vi.advanceTimersByTime(1)
    expect(toasts.get()).toBeUndefined()
  })

  test('the same message twice gets a new id (announced again)', () => {
    const toasts = Toast.create()
    toasts.show('same')
    const first = toasts.get()?.id
    toasts.show('same')
    vi.advanceTimersByTime(Constants.TOAST_REPLACEMENT_DELAY_MS)
    expect(toasts.get()?.id).not.toBe(first)
  })

  test('hide drops the shown toast and one waiting to replace it', () => {
    const toasts = Toast.create()
    toasts.show('first')
    toasts.show('second')
    toasts.hide()
    vi.advanceTimersByTime(Constants.TOAST_AUTO_HIDE_MS)
    expect(toasts.get()).toBeUndefined()
  })
})
