import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import * as TestApp from '../TestApp.js'
import * as Simulation from './routes.js'
import * as TraceStream from './TraceStream.js'

// The answers that need no chain: bad input, the project, chains it cannot simulate on, a node that does
// not answer (a closed port). Simulations against a real devnet: apps/dev/src/api/SimulateRoutes.test.ts.
const t = await TestApp.create({ upstreams: { 'eip155:31337': ['http://127.0.0.1:1'] } })
afterAll(() => t.close())

const FROM = `0x${'1'.repeat(40)}`
const simulate = (body: unknown, projectId = 'demo', contentType = 'application/json') =>
  t.app.request(`/v1/simulate?projectId=${projectId}`, {
    method: 'POST',
    headers: { 'content-type': contentType },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
const error = async (response: Response) => ({
  status: response.status,
  ...((await response.json()) as { error: { code: string; message: string } }).error,
})

describe('POST /v1/simulate', () => {
  test('400 naming the field for bad input', async () => {
    const valid = { chainId: 'eip155:31337', transaction: { from: FROM, value: '0x1' } }
    for (const [body, message] of [
      [{ ...valid, chainId: 'nope' }, "Invalid body field 'chainId'"],
      [
        { ...valid, transaction: { from: '0x12' } },
        "Invalid body field 'transaction.from': must be an EVM address",
      ],
      [{ ...valid, transaction: { from: FROM, value: '12' } }, "Invalid body field 'transaction.value'"],
      [
        { ...valid, transaction: { from: FROM, data: '0xabc' } },
        "Invalid body field 'transaction.data': must be hex bytes",
      ],
      [
        { ...valid, transaction: { from: FROM, gas: '0x1000001' } },
        "Invalid body field 'transaction.gas': at most 16777216",
      ],
      [{ chainId: 'eip155:31337' }, "Invalid body field 'transaction'"],
      ['{', 'Malformed JSON'],
    ] as const) {
      const answer = await error(await simulate(body))
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(answer.message).toContain(message)
    }
    expect((await error(await simulate(valid, 'demo', 'text/plain'))).status).toBe(400)
  })

  test('a batch: 400 naming the field for bad calls, more than 100 calls, neither or both of transaction and batch', async () => {
    const call = { to: FROM, value: '0x1', data: '0x' }
    const batch = { from: FROM, calls: [call] }
    for (const [body, message] of [
      [{ chainId: 'eip155:31337', batch: { ...batch, calls: [] } }, "Invalid body field 'batch.calls'"],
      [
        { chainId: 'eip155:31337', batch: { ...batch, calls: Array.from({ length: 101 }, () => call) } },
        "Invalid body field 'batch.calls'",
      ],
      [
        { chainId: 'eip155:31337', batch: { ...batch, calls: [{ ...call, to: '0x12' }] } },
        "Invalid body field 'batch.calls.0.to'",
      ],
      [
        { chainId: 'eip155:31337', batch: { ...batch, calls: [call, { ...call, value: 12 }] } },
        "Invalid body field 'batch.calls.1.value'",
      ],
      [
        { chainId: 'eip155:31337', batch: { ...batch, calls: [{ ...call, data: '0xabc' }] } },
        "Invalid body field 'batch.calls.0.data': must be hex bytes",
      ],
      [
        { chainId: 'eip155:31337', batch: { ...batch, calls: [{ ...call, value: `0x1${'0'.repeat(64)}` }] } },
        "Invalid body field 'batch.calls.0.value'",
      ],
      [{ chainId: 'eip155:31337', batch: { ...batch, owner: 'me' } }, "Invalid body field 'batch.owner'"],
      [{ chainId: 'eip155:31337', batch: { calls: [call] } }, "Invalid body field 'batch.from'"],
      [{ chainId: 'eip155:31337', transaction: { from: FROM }, batch }, Simulation.ONE_OF],
    ] as const) {
      const answer = await error(await simulate(body))
      expect(answer.status, JSON.stringify(body).slice(0, 200)).toBe(400)
      expect(answer.message).toContain(message)
    }
    // 100 calls are read (the chain then does not answer here).
    expect(
      await error(
        await simulate({
          chainId: 'eip155:31337',
          batch: { ...batch, calls: Array.from({ length: 100 }, () => call) },
        }),
      ),
    ).toMatchObject({ status: 502 })
  })

  test('401 for an unknown project, 400 for a chain the API has no node of or that is not EVM', async () => {
    const transaction = { from: FROM }
    expect(
      await error(await simulate({ chainId: 'eip155:31337', transaction }, 'unknown-project')),
    ).toMatchObject({
      status: 401,
    })
    for (const chainId of ['eip155:5', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'])
      expect(await error(await simulate({ chainId, transaction }))).toMatchObject({
        status: 400,
        code: 'unsupported_chain',
        message: Simulation.UNSUPPORTED,
      })
  })

  test('502 when no node answers', async () => {
    expect(
      await error(await simulate({ chainId: 'eip155:31337', transaction: { from: FROM } })),
    ).toMatchObject({
      status: 502,
      code: 'upstream_unavailable',
    })
    expect(
      await error(await simulate({ chainId: 'eip155:31337', batch: { from: FROM, calls: [{ to: FROM }] } })),
    ).toMatchObject({ status: 502, code: 'upstream_unavailable' })
  })
})

describe('slots', () => {
  test(`at most ${Simulation.TRACES_MAX} traces at once; the others wait their turn, in order`, async () => {
    const run = Simulation.slots(Simulation.TRACES_MAX)
    let now = 0
    let most = 0
    const order: number[] = []
    const releases: (() => void)[] = []
    const works = Array.from({ length: 10 }, (_, i) =>
      run(async () => {
        now++
        most = Math.max(most, now)
        order.push(i)
        await new Promise<void>((resolve) => releases.push(resolve))
        now--
        return i
      }),
    )
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(now).toBe(4)
    while (order.length < 10 || releases.length > 0) {
      releases.shift()?.()
      await new Promise((resolve) => setTimeout(resolve, 0))
    }
    expect(await Promise.all(works)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
    expect(most).toBe(4)
    // A work that fails gives its slot back.
    await expect(run(async () => Promise.reject(new Error('no')))).rejects.toThrow('no')
    expect(await Promise.all(Array.from({ length: 5 }, (_, i) => run(async () => i)))).toEqual([
      0, 1, 2, 3, 4,
    ])
  })
})

test(`at most ${Simulation.TRACES_WAITING_MAX} simulations wait for a trace; beyond, 429 at once`, async () => {
  // A real JSON-RPC node over HTTP that holds every debug_traceCall until released.
  const held: (() => void)[] = []
  const releaseAll = () => {
    for (const reply of held.splice(0)) reply()
  }
  let traces = 0
  const answer = (request: { id: unknown; method: string }) =>
    request.method === 'debug_traceCall'
      ? { jsonrpc: '2.0', id: request.id, result: { failed: false, returnValue: '', structLogs: [] } }
      : { jsonrpc: '2.0', id: request.id, result: '0x0' }
  const server = createServer((req, res) => {
    let text = ''
    req.on('data', (chunk: Buffer) => {
      text += chunk
    })
    req.on('end', () => {
      const body = JSON.parse(text)
      const list = Array.isArray(body) ? body : [body]
      const reply = () => res.end(JSON.stringify(Array.isArray(body) ? list.map(answer) : answer(body)))
      const tracing = list.filter((entry) => entry.method === 'debug_traceCall').length
      traces += tracing
      if (tracing) held.push(reply)
      else reply()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const app = await TestApp.create({ upstreams: { 'eip155:31337': [url] } })
  try {
    const send = (n: number) =>
      app.app.request('/v1/simulate?projectId=demo', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.0.${n >> 8}.${n & 255}` },
        body: JSON.stringify({ chainId: 'eip155:31337', transaction: { from: FROM, to: FROM } }),
      })
    const waiting = Array.from({ length: Simulation.TRACES_MAX + Simulation.TRACES_WAITING_MAX }, (_, n) =>
      send(n),
    )
    while (traces < Simulation.TRACES_MAX) await new Promise((resolve) => setTimeout(resolve, 10))
    await new Promise((resolve) => setTimeout(resolve, 50))
    const refused = await send(999)
    expect(refused.headers.get('retry-after')).toBe('1')
    expect(await error(refused)).toMatchObject({
      status: 429,
      code: 'rate_limited',
      message: Simulation.BUSY,
    })
    expect(traces).toBe(Simulation.TRACES_MAX)
    // Released, every one held or waiting is answered.
    const release = setInterval(releaseAll, 10)
    const answers = await Promise.all(waiting)
    clearInterval(release)
    expect(answers.map((response) => response.status)).toEqual(answers.map(() => 200))
  } finally {
    releaseAll()
    await app.close()
    server.closeAllConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }
}, 30_000)

describe('POST /v1/simulate reads the whole trace or refuses it', () => {
  const TOKEN = `0x${'7'.repeat(40)}`
  const TO = `0x${'2'.repeat(40)}`
  const word = (hex: string) => `0x${hex.replace(/^0x/, '').padStart(64, '0')}`
  /** The token's Transfer of 100 from FROM to TO: one LOG3 step (stack top last: offset, size, topics). */
  const transfer = {
    op: 'LOG3',
    depth: 1,
    stack: [
      word(TO),
      word(FROM),
      '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef',
      '0x20',
      '0x0',
    ],
    memory: [word('64')],
  }

  /**
   * A stand-in node over HTTP answering every call but `debug_traceCall` with 0x0 (no balance, no code,
   * no token metadata), and the trace as `stand.trace` writes it: how a node writes its answer is a fault
   * no devnet node can be made to show (Hardhat answers compact JSON, and no test grows a trace past the
   * caps in a test's time).
   */
  const stand: { trace: (res: ServerResponse) => void; closed: boolean } = {
    trace: (res) => res.end(),
    closed: false,
  }
  const server = createServer((req, res) => {
    let text = ''
    req.on('data', (chunk: Buffer) => {
      text += chunk
    })
    req.on('end', () => {
      const body = JSON.parse(text)
      if (!Array.isArray(body) && body.method === 'debug_traceCall') {
        res.on('close', () => {
          stand.closed = true
        })
        return stand.trace(res)
      }
      const answer = (request: { id: unknown }) => ({ jsonrpc: '2.0', id: request.id, result: '0x0' })
      res.end(JSON.stringify(Array.isArray(body) ? body.map(answer) : answer(body)))
    })
  })
  let app: Awaited<ReturnType<typeof TestApp.create>>
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    app = await TestApp.create({
      upstreams: { 'eip155:31337': [`http://127.0.0.1:${(server.address() as AddressInfo).port}`] },
    })
  }, 30_000)
  afterAll(async () => {
    await app?.close()
    server.closeAllConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  })
  /** Simulates a call to TOKEN, the stand-in answering its trace with `trace`. */
  const send = (trace: (res: ServerResponse) => void) => {
    stand.trace = trace
    stand.closed = false
    return app.app.request('/v1/simulate?projectId=demo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ chainId: 'eip155:31337', transaction: { from: FROM, to: TOKEN } }),
    })
  }

  test('a pretty-printed trace shows what moves, as a compact one does', async () => {
    const result = { failed: false, gas: 30_000, returnValue: '', structLogs: [transfer] }
    for (const text of [
      JSON.stringify({ jsonrpc: '2.0', id: 1, result }),
      JSON.stringify({ jsonrpc: '2.0', id: 1, result }, null, 2),
      JSON.stringify({ jsonrpc: '2.0', id: 1, result }).replace('"structLogs":[', '"structLogs": ['),
    ]) {
      const response = await send((res) => res.end(text))
      expect(response.status, text).toBe(200)
      expect(await response.json()).toMatchObject({
        reverted: false,
        changes: [{ direction: 'out', asset: 'erc20', token: { address: TOKEN }, amount: '100' }],
      })
    }
  })

  test('502 for a trace with steps left unread (a key the reader did not recognise) or without failed', async () => {
    const escaped = `{"jsonrpc":"2.0","id":1,"result":{"failed":false,"returnValue":"","struct\\u004cogs":[${JSON.stringify(transfer)}]}}`
    // The same answer, parsed whole, is an array of one step: without the check it would show nothing moving.
    expect((JSON.parse(escaped) as { result: { structLogs: unknown[] } }).result.structLogs).toHaveLength(1)
    for (const text of [escaped, JSON.stringify({ jsonrpc: '2.0', id: 1, result: { structLogs: [] } })]) {
      expect(await error(await send((res) => res.end(text))), text).toMatchObject({
        status: 502,
        code: 'upstream_unavailable',
        message: expect.stringContaining('debug_traceCall gave an inconsistent trace'),
      })
    }
  })

  test(`502, the node's answer aborted, past ${TraceStream.STEP_BYTES_MAX} bytes in a step or ${TraceStream.ANSWER_BYTES_MAX} in the answer`, async () => {
    const endless = (head: string, repeat: string) => (res: ServerResponse) => {
      res.write(head)
      const more = () => {
        while (!res.destroyed && res.write(repeat));
        if (!res.destroyed) res.once('drain', more)
      }
      more()
    }
    const head = '{"jsonrpc":"2.0","id":1,"result":{"failed":false,"returnValue":"",'
    for (const [answer, message] of [
      [
        endless(`${head}"structLogs":[{"op":"MSTORE","depth":1,"memory":[`, `"${'0'.repeat(64)}",`),
        `the trace's step is larger than ${TraceStream.STEP_BYTES_MAX} bytes`,
      ],
      // Whitespace between the fields: cheap for the stand-in to write, as costly to read as any byte.
      [
        endless(head, ' '.repeat(65_536)),
        `the trace's answer is larger than ${TraceStream.ANSWER_BYTES_MAX} bytes`,
      ],
    ] as const) {
      const started = Date.now()
      expect(await error(await send(answer))).toMatchObject({
        status: 502,
        code: 'upstream_unavailable',
        message: `The chain did not answer: ${message}`,
      })
      // Stopped by the cap, long before the trace timeout; the node's answer is aborted, not read on.
      expect(Date.now() - started).toBeLessThan(Simulation.TRACE_TIMEOUT_MS / 2)
      for (let n = 0; n < 100 && !stand.closed; n++) await new Promise((resolve) => setTimeout(resolve, 10))
      expect(stand.closed).toBe(true)
    }
  }, 30_000)
})
