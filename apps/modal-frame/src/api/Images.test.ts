import { Constants } from '@frontdoor/schemas'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import * as Images from './Images.js'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

/** A load whose images finish only when the test says so. */
function loads() {
  const pending = new Map<string, () => void>()
  const load: Images.Load = (url) => new Promise((resolve) => pending.set(url, resolve))
  return { load, pending }
}

function settled(promise: Promise<void>) {
  const state = { done: false }
  void promise.then(() => {
    state.done = true
  })
  return state
}

describe('preload', () => {
  test('the wait is the spec 2000 ms', () => {
    expect(Constants.IMAGE_PRELOAD_WAIT_MS).toBe(2000)
  })

  test('resolves as soon as every image loaded (each URL loaded once)', async () => {
    const { load, pending } = loads()
    const done = settled(Images.preload(['a', 'b', 'a', undefined], { load }))
    expect([...pending.keys()]).toEqual(['a', 'b'])
    pending.get('a')?.()
    await vi.advanceTimersByTimeAsync(0)
    expect(done.done).toBe(false)
    pending.get('b')?.()
    await vi.advanceTimersByTimeAsync(0)
    expect(done.done).toBe(true)
  })

  test('an image that never loads holds the list back 2000 ms, not longer', async () => {
    const { load } = loads()
    const done = settled(Images.preload(['slow'], { load }))
    await vi.advanceTimersByTimeAsync(1999)
    expect(done.done).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(done.done).toBe(true)
  })

  test('nothing to load: resolves at once', async () => {
    const done = settled(Images.preload([undefined]))
    await vi.advanceTimersByTimeAsync(0)
    expect(done.done).toBe(true)
  })
})

describe('withIcons', () => {
  test('a page of wallets comes once its icons loaded, or after 2000 ms', async () => {
    const { load, pending } = loads()
    const page = { data: [{ image_url: 'a' }, { image_url: 'b' }, {}], count: 3 }
    const fetch = Images.withIcons(async (_query: number) => page, { load })
    let answer: unknown
    void fetch(1).then((a) => {
      answer = a
    })
    await vi.advanceTimersByTimeAsync(0)
    expect([...pending.keys()]).toEqual(['a', 'b'])
    expect(answer).toBeUndefined()
    await vi.advanceTimersByTimeAsync(1999)
    expect(answer).toBeUndefined()
    await vi.advanceTimersByTimeAsync(1)
    expect(answer).toBe(page)
  })
})
