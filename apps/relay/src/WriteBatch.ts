import type { Writable } from 'node:stream'

/**
 * Coalesces the frames written to a socket during one turn of the event loop into a single write:
 * the first frame corks the socket, and every corked socket is uncorked once the turn's I/O has been
 * handled (`setImmediate`). Under load one publish costs two small writes (the ack and the delivery);
 * batching them per socket saves most of the system calls.
 */
export type WriteBatch = {
  /** Call before writing to `stream`; its writes flush together at the end of this turn. */
  hold: (stream: Writable) => void
}

/**
 * Creates a batcher; `written` is called after each flush.
 *
 * @example
 * const batch = WriteBatch.create()
 * batch.hold(rawSocket)
 * webSocket.send(frame)
 */
export function create(written?: () => void): WriteBatch {
  let held = new Set<Writable>()
  let scheduled = false
  const flush = () => {
    const streams = held
    held = new Set()
    scheduled = false
    for (const stream of streams) stream.uncork()
    written?.()
  }
  return {
    hold(stream) {
      if (held.has(stream)) return
      stream.cork()
      held.add(stream)
      if (!scheduled) {
        scheduled = true
        setImmediate(flush)
      }
    },
  }
}
