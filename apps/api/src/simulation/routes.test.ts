import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, describe, expect, test } from 'vitest'
import * as TestApp from '../TestApp.js'
import * as Simulation from './routes.js'

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
