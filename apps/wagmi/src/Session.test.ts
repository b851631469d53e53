import type * as HostSdk from '@frontdoor/host-sdk'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import * as Session from './Session.js'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

/** A stand-in for the SDK's state store. */
function store(initial: Partial<HostSdk.State> = {}) {
  let state: HostSdk.State = {
    open: false,
    loading: false,
    view: 'Connect',
    status: 'disconnected',
    ...initial,
  }
  const listeners = new Set<(state: HostSdk.State) => void>()
  return {
    getState: () => state,
    subscribe(listener: (state: HostSdk.State) => void) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    set(next: Partial<HostSdk.State>) {
      state = { ...state, ...next }
      for (const listener of listeners) listener(state)
    },
    listeners,
  }
}

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('restored', () => {
  test('already connected: true at once', async () => {
    await expect(Session.restored(store({ status: 'connected', address: ADDRESS }))).resolves.toBe(true)
  })

  test('reconnecting, then connected: true', async () => {
    const s = store()
    const result = Session.restored(s)
    s.set({ status: 'disconnected' })
    s.set({ status: 'reconnecting' })
    s.set({ status: 'connected', address: ADDRESS })
    await expect(result).resolves.toBe(true)
    expect(s.listeners.size).toBe(0)
  })

  test('the first snapshot says disconnected: still waits for the restore', async () => {
    const s = store()
    let settled: boolean | undefined
    void Session.restored(s).then((value) => {
      settled = value
    })
    s.set({ status: 'disconnected' })
    await vi.advanceTimersByTimeAsync(100)
    expect(settled).toBeUndefined()
    s.set({ status: 'reconnecting' })
    s.set({ status: 'disconnected' })
    await vi.advanceTimersByTimeAsync(0)
    expect(settled).toBe(false)
  })

  test('nothing happens: false after the timeout', async () => {
    const s = store()
    const result = Session.restored(s, 1_000)
    await vi.advanceTimersByTimeAsync(1_000)
    await expect(result).resolves.toBe(false)
    expect(s.listeners.size).toBe(0)
  })
})

describe('onChain', () => {
  test('resolves when the state reaches the chain', async () => {
    const s = store({ chainId: 31337 })
    let done = false
    void Session.onChain(s, 31338).then(() => {
      done = true
    })
    await vi.advanceTimersByTimeAsync(10)
    expect(done).toBe(false)
    s.set({ chainId: 31338 })
    await vi.advanceTimersByTimeAsync(0)
    expect(done).toBe(true)
  })
})
