import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import type * as Trace from './Trace.js'
import * as TraceStream from './TraceStream.js'

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8')

/** A JSON-RPC answer's body in chunks of `size` bytes (cutting the marker, strings and steps anywhere). */
function body(text: string, size: number): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text)
  let at = 0
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close()
      controller.enqueue(bytes.slice(at, at + size))
      at += size
    },
  })
}

describe('TraceStream.read', () => {
  test('each step handed over in order, whatever the chunks; the answer without them', async () => {
    for (const name of ['swap-eth-for-fusd', 'swap-expired']) {
      const trace = JSON.parse(fixture(name)) as Trace.Trace
      const text = JSON.stringify({ jsonrpc: '2.0', id: 1, result: trace })
      expect(trace.structLogs.length).toBeGreaterThan(0)
      for (const size of [1, 7, 64, 4096, text.length]) {
        const steps: Trace.Step[] = []
        const answer = await TraceStream.read(body(text, size), (step) => steps.push(step))
        expect(steps, `${name} in chunks of ${size}`).toEqual(trace.structLogs)
        expect(answer).toEqual({
          jsonrpc: '2.0',
          id: 1,
          result: { ...trace, structLogs: [] },
        })
      }
    }
  })

  test("a node's error has no steps; strings with brackets and escapes do not end a step", async () => {
    const refused = { jsonrpc: '2.0', id: 1, error: { code: -32000, message: 'nonce too low {"x":[1]}' } }
    const steps: Trace.Step[] = []
    expect(await TraceStream.read(body(JSON.stringify(refused), 5), (step) => steps.push(step))).toEqual(
      refused,
    )
    expect(steps).toEqual([])
    const odd = { op: 'LOG1', depth: 1, stack: ['}]"\\'], memory: ['{['] }
    const text = JSON.stringify({ result: { failed: false, structLogs: [odd, odd], returnValue: '0x' } })
    const read: Trace.Step[] = []
    const answer = await TraceStream.read(body(text, 3), (step) => read.push(step))
    expect(read).toEqual([odd, odd])
    expect(answer).toEqual({ result: { failed: false, structLogs: [], returnValue: '0x' } })
  })
})
