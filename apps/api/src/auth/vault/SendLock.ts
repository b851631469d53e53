/**
 * One transaction at a time per user in this process, so two sends never take the same nonce here;
 * across API nodes a send whose nonce another node's took first is filled and signed again
 * (EoaCalls.ts).
 */

/** Runs a user's task once their previous one settled. */
export type SendLock = <T>(userId: string, task: () => Promise<T>) => Promise<T>

/**
 * A lock per user, held in this process.
 *
 * @example
 * const oneAtATime = SendLock.create()
 * const hash = await oneAtATime(userId, () => send(transaction))
 */
export function create(): SendLock {
  const sending = new Map<string, Promise<unknown>>()
  return (userId, task) => {
    const previous = sending.get(userId) ?? Promise.resolve()
    const next = previous.then(task, task)
    const settled = next.catch(() => {})
    sending.set(userId, settled)
    settled.then(() => {
      if (sending.get(userId) === settled) sending.delete(userId)
    })
    return next
  }
}
