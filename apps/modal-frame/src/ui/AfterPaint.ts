/**
 * Runs `run` once the next frame has been painted: requestAnimationFrame's callback runs just before
 * that frame's style, layout and paint, and queues `run` as a task, which runs after them. Work that
 * can wait for the first paint (moving focus into a card just shown) goes here so the frame does not
 * wait for it. Returns a function that cancels `run` if it has not run yet.
 *
 * @example
 * const cancel = AfterPaint.run(() => input.focus())
 */
export function run(work: () => void): () => void {
  let cancelled = false
  const frame = requestAnimationFrame(() => {
    if (cancelled) return
    // A message task, not setTimeout: it runs right after the paint, with no timer clamping.
    const channel = new MessageChannel()
    channel.port1.onmessage = () => {
      channel.port1.close()
      if (!cancelled) work()
    }
    channel.port2.postMessage(null)
  })
  return () => {
    cancelled = true
    cancelAnimationFrame(frame)
  }
}
