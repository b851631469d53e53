import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
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

  test('pretty-printed JSON (whitespace around the key, its colon and bracket, cut anywhere) reads the same steps', async () => {
    const trace = JSON.parse(fixture('swap-eth-for-fusd')) as Trace.Trace
    const answer = { jsonrpc: '2.0', id: 1, result: trace }
    const compact: Trace.Step[] = []
    await TraceStream.read(body(JSON.stringify(answer), 4096), (step) => compact.push(step))
    expect(compact.length).toBe(trace.structLogs.length)
    const texts = [
      JSON.stringify(answer, null, 2),
      JSON.stringify(answer, null, '\t'),
      // The reviewer's case: one space after the colon; and whitespace everywhere JSON allows it.
      JSON.stringify(answer).replace('"structLogs":[', '"structLogs": ['),
      JSON.stringify(answer).replace('"structLogs":[', '\r\n "structLogs" \n:\t [ \n'),
    ]
    for (const text of texts)
      for (const size of [1, 2, 7, 4096]) {
        const steps: Trace.Step[] = []
        const rest = await TraceStream.read(body(text, size), (step) => steps.push(step))
        expect(steps, `chunks of ${size}`).toEqual(compact)
        expect(rest).toEqual({ jsonrpc: '2.0', id: 1, result: { ...trace, structLogs: [] } })
      }
  })

  test('only result.structLogs is streamed: the same key elsewhere, or written with an escape, stays in the rest', async () => {
    const step = { op: 'LOG0', depth: 1, stack: ['0x0', '0x0'] }
    const elsewhere = { id: 1, other: { structLogs: [step] }, result: { failed: false, structLogs: [step] } }
    const steps: Trace.Step[] = []
    expect(await TraceStream.read(body(JSON.stringify(elsewhere), 3), (one) => steps.push(one))).toEqual({
      id: 1,
      other: { structLogs: [step] },
      result: { failed: false, structLogs: [] },
    })
    expect(steps).toEqual([step])
    // An escaped key is not recognised: its steps are left in the answer (the route refuses such an answer).
    const escaped = `{"result":{"failed":false,"struct\\u004cogs":[${JSON.stringify(step)}]}}`
    const none: Trace.Step[] = []
    const rest = await TraceStream.read(body(escaped, 5), (one) => none.push(one))
    expect(none).toEqual([])
    expect(rest.result?.structLogs).toEqual([step])
  })

  // A stand-in node over HTTP: no devnet grows a trace past the caps in a test's time (and Hardhat's
  // answers are compact), so the oversized answers are written here, endlessly, until the reader stops.
  const endless = async (head: string, repeat: string, read: (response: Response) => Promise<unknown>) => {
    let written = 0
    let closed = false
    const server = createServer((_req, res) => {
      res.on('close', () => {
        closed = true
      })
      res.write(head)
      const more = () => {
        while (!closed && res.write(repeat)) written += repeat.length
        if (!closed) res.once('drain', more)
      }
      more()
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const abort = new AbortController()
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, {
        signal: abort.signal,
      })
      const error = await read(response).catch((thrown: unknown) => thrown)
      abort.abort()
      for (let n = 0; n < 100 && !closed; n++) await new Promise((resolve) => setTimeout(resolve, 10))
      return { error, written, closed }
    } finally {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  }

  test(`a step larger than ${TraceStream.STEP_BYTES_MAX} bytes stops the read: TooLarge, the answer's stream closed`, async () => {
    const steps: Trace.Step[] = []
    const { error, written, closed } = await endless(
      '{"jsonrpc":"2.0","id":1,"result":{"failed":false,"structLogs":[{"op":"STOP","depth":1},{"op":"MSTORE","depth":1,"memory":[',
      `"${'0'.repeat(64)}",`,
      (response) => TraceStream.read(response.body as ReadableStream<Uint8Array>, (step) => steps.push(step)),
    )
    expect(error).toBeInstanceOf(TraceStream.TooLarge)
    expect((error as Error).message).toBe(
      `the trace's step is larger than ${TraceStream.STEP_BYTES_MAX} bytes`,
    )
    expect(steps).toEqual([{ op: 'STOP', depth: 1 }])
    expect(closed).toBe(true)
    expect(written).toBeLessThan(16 * TraceStream.STEP_BYTES_MAX)
  })

  test('an answer larger than its cap stops the read, whether in its steps or around them', async () => {
    const answerMax = 4 * 1_048_576
    expect(answerMax).toBeLessThan(TraceStream.ANSWER_BYTES_MAX)
    const step = JSON.stringify({ op: 'PUSH1', depth: 1, stack: ['0x1'], memory: ['0'.repeat(64)] })
    for (const [head, repeat] of [
      ['{"jsonrpc":"2.0","id":1,"result":{"failed":false,"structLogs":[', `${step},`],
      ['{"jsonrpc":"2.0","id":1,"result":{"failed":false,"returnValue":"0x', '0'.repeat(4096)],
    ] as const) {
      let steps = 0
      const { error, written, closed } = await endless(head, repeat, (response) =>
        TraceStream.read(
          response.body as ReadableStream<Uint8Array>,
          () => {
            steps++
          },
          { answerMax },
        ),
      )
      expect(error).toBeInstanceOf(TraceStream.TooLarge)
      expect((error as Error).message).toBe(`the trace's answer is larger than ${answerMax} bytes`)
      expect(closed).toBe(true)
      expect(written).toBeGreaterThan(answerMax)
      expect(written).toBeLessThan(4 * answerMax)
      if (repeat.startsWith('{')) expect(steps).toBeGreaterThan(10_000)
    }
  })
})
