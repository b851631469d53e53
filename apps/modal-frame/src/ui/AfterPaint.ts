/**
 * Runs `run` once the next frame has been painted: requestAnimationFrame's callback runs just before
 * that frame's style, layout and paint, and queues `run` as a task, which runs after them (a timer set
 * there is not nested, so it is not clamped). Work that can wait for the first paint (moving focus into
 * a card just shown) goes here so the frame does not wait for it. Returns a function that cancels `run`
 * if it has not run yet.
 *
 * @example
 * const cancel = AfterPaint.run(() => input.focus())
 */
export function run(work: () => void): () => void {
  // undefined until the frame, 0 once cancelled
  let timer: ReturnType<typeof setTimeout> | 0 | undefined
  requestAnimationFrame(() => {
    timer ??= setTimeout(work)
  })
  return () => {
    clearTimeout(timer)
    timer = 0
  }
}
