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
    const batch = WriteBatch.create()
    const { stream, writes } = sink()
    for (const frame of ['a', 'b', 'c']) {
      batch.hold(stream)
      stream.write(frame)
    }
    expect(writes).toEqual([])
    await new Promise((resolve) => setImmediate(resolve))
    expect(writes).toEqual([3])
    batch.hold(stream)
    stream.write('d')
    await new Promise((resolve) => setImmediate(resolve))
    expect(writes).toEqual([3, 1])
  })
})
