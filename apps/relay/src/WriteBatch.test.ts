import { Writable } from 'node:stream'
import { describe, expect, test } from 'vitest'
import * as WriteBatch from './WriteBatch.js'

function sink() {
  const writes: number[] = []
  const stream = new Writable({
    writev(chunks, callback) {
      writes.push(chunks.length)
      callback()
    },
    write(_chunk, _encoding, callback) {
      writes.push(1)
      callback()
    },
  })
  return { stream, writes }
}

describe('create', () => {
  test('writes made in one turn reach the stream as one batch', async () => {
    let flushed = 0
    const batch = WriteBatch.create(() => {
      flushed += 1
    })
    const { stream, writes } = sink()
    for (const frame of ['a', 'b', 'c']) {
      batch.hold(stream)
      stream.write(frame)
    }
    expect([writes, flushed]).toEqual([[], 0])
    await new Promise((resolve) => setImmediate(resolve))
    expect([writes, flushed]).toEqual([[3], 1])
    batch.hold(stream)
    stream.write('d')
    await new Promise((resolve) => setImmediate(resolve))
    expect(writes).toEqual([3, 1])
  })
})
