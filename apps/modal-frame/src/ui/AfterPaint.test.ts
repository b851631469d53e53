// @vitest-environment jsdom
import { afterEach, describe, expect, test, vi } from 'vitest'
import * as AfterPaint from './AfterPaint.js'

/** The frame's requestAnimationFrame callbacks, run by the test (the frame before its paint). */
function frames() {
  const pending: FrameRequestCallback[] = []
  vi.spyOn(globalThis, 'requestAnimationFrame').mockImplementation((callback) => pending.push(callback))
  vi.spyOn(globalThis, 'cancelAnimationFrame').mockImplementation(() => {})
  return {
    next: () => {
      for (const callback of pending.splice(0)) callback(0)
    },
  }
}
/** Lets the tasks queued so far run. */
const tasks = () => new Promise((resolve) => setTimeout(resolve, 20))

afterEach(() => vi.restoreAllMocks())

describe('AfterPaint.run', () => {
  test('runs the work in a task after the next frame, not in the frame itself', async () => {
    const frame = frames()
    const work = vi.fn()
    AfterPaint.run(work)
    await tasks()
    expect(work).not.toHaveBeenCalled()
    frame.next()
    expect(work).not.toHaveBeenCalled()
    await vi.waitFor(() => expect(work).toHaveBeenCalledOnce())
  })

  test('cancelled before the frame or between the frame and its task, the work never runs', async () => {
    const frame = frames()
    const before = vi.fn()
    AfterPaint.run(before)()
    const between = vi.fn()
    const cancel = AfterPaint.run(between)
    frame.next()
    cancel()
    const control = vi.fn()
    AfterPaint.run(control)
    frame.next()
    await vi.waitFor(() => expect(control).toHaveBeenCalledOnce())
    expect(before).not.toHaveBeenCalled()
    expect(between).not.toHaveBeenCalled()
  })
})
