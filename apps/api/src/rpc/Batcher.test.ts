import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import * as Batcher from './Batcher.js'
import * as Upstreams from './Upstreams.js'

// A real JSON-RPC node over HTTP on a free port: answers `echo` with its params and records each HTTP
// body it received; with `batches: false` it refuses arrays as some public nodes do, with `batchStatus`
// it answers every array with that HTTP status (a public node's 429 to a batch it counts as N requests,
// a 500), and `slow` answers after SLOW_MS.
type Node = {
  url: string
  bodies: unknown[]
  batches: boolean
  batchStatus: number | undefined
  close: () => Promise<void>
}

const SLOW_MS = 600

async function node(): Promise<Node> {
  const state = { bodies: [] as unknown[], batches: true, batchStatus: undefined as number | undefined }
  const answer = (request: { id: unknown; method: string; params?: unknown }) =>
    request.method === 'echo'
      ? { jsonrpc: '2.0', id: request.id, result: request.params }
      : { jsonrpc: '2.0', id: request.id, error: { code: -32601, message: 'Method not found' } }
  const server: Server = createServer((req, res) => {
    let text = ''
    req.on('data', (chunk: Buffer) => {
      text += chunk
    })
    req.on('end', () => {
      const body = JSON.parse(text)
      state.bodies.push(body)
      res.setHeader('content-type', 'application/json')
      if (Array.isArray(body) && state.batchStatus) {
        res.statusCode = state.batchStatus
        return res.end(
          JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32005, message: 'limit' } }),
        )
      }
      const slow = (Array.isArray(body) ? body : [body]).some((entry) => entry.method === 'slow')
      if (slow) return setTimeout(() => res.end(JSON.stringify(answer(body))), SLOW_MS)
      if (Array.isArray(body) && !state.batches)
        return res.end(
          JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'no batch' } }),
        )
      res.end(JSON.stringify(Array.isArray(body) ? body.map(answer).reverse() : answer(body)))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return Object.assign(state, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    // Also the connections of answers still pending (a slow call the client gave up on).
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  })
}

const CHAIN = 'eip155:1'
let upstream: Node
let upstreams: Upstreams.Upstreams
beforeAll(async () => {
  upstream = await node()
  upstreams = Upstreams.create({ upstreams: { [CHAIN]: [upstream.url] }, timeoutMs: 2_000 })
})
afterAll(() => upstream.close())

const echo = (id: string | number, n: number): Batcher.Request => ({
  jsonrpc: '2.0',
  id,
  method: 'echo',
  params: [n],
})

describe('requests of one turn go to the node as one batch', () => {
  test('ten requests, all with id 1: one HTTP request to the node, each its own answer and id', async () => {
    upstream.bodies.length = 0
    const answers = await Promise.all(Array.from({ length: 10 }, (_, n) => upstreams.call(CHAIN, echo(1, n))))
    expect(upstream.bodies).toHaveLength(1)
    expect(upstream.bodies[0]).toHaveLength(10)
    answers.forEach((answer, n) => {
      expect(answer?.status).toBe(200)
      expect(JSON.parse(answer?.body ?? '')).toEqual({ jsonrpc: '2.0', id: 1, result: [n] })
    })
  })

  test('every method reaches the node: an error answer is passed through with its request id', async () => {
    upstream.bodies.length = 0
    const [ok, unknown] = await Promise.all([
      upstreams.call(CHAIN, echo('a', 1)),
      upstreams.call(CHAIN, { jsonrpc: '2.0', id: 'b', method: 'eth_chainId' }),
    ])
    expect(upstream.bodies).toEqual([
      [
        { jsonrpc: '2.0', id: 0, method: 'echo', params: [1] },
        { jsonrpc: '2.0', id: 1, method: 'eth_chainId' },
      ],
    ])
    expect(JSON.parse(ok?.body ?? '')).toEqual({ jsonrpc: '2.0', id: 'a', result: [1] })
    expect(JSON.parse(unknown?.body ?? '')).toMatchObject({ id: 'b', error: { code: -32601 } })
  })

  test('a lone request goes as it came', async () => {
    upstream.bodies.length = 0
    const answer = await upstreams.call(CHAIN, echo(7, 7))
    expect(upstream.bodies).toEqual([echo(7, 7)])
    expect(JSON.parse(answer?.body ?? '')).toEqual({ jsonrpc: '2.0', id: 7, result: [7] })
  })

  test('a node that refuses batches: each request is sent on its own, answers unchanged', async () => {
    upstream.bodies.length = 0
    upstream.batches = false
    try {
      const answers = await Promise.all([
        upstreams.call(CHAIN, echo(1, 1)),
        upstreams.call(CHAIN, echo(1, 2)),
      ])
      expect(upstream.bodies).toHaveLength(3)
      expect(answers.map((answer) => JSON.parse(answer?.body ?? ''))).toEqual([
        { jsonrpc: '2.0', id: 1, result: [1] },
        { jsonrpc: '2.0', id: 1, result: [2] },
      ])
    } finally {
      upstream.batches = true
    }
  })

  for (const status of [429, 500])
    test(`a batch answered ${status}: each request is sent alone once and answered; the node stays healthy`, async () => {
      const limited = await node()
      limited.batchStatus = status
      const set = Upstreams.create({ upstreams: { [CHAIN]: [limited.url] }, timeoutMs: 2_000 })
      const scores = set.fallback(CHAIN)?.scores()
      try {
        const answers = await Promise.all([1, 2, 3].map((n) => set.call(CHAIN, echo(1, n))))
        expect(limited.bodies).toEqual([
          [0, 1, 2].map((id) => ({ ...echo(id, id + 1) })),
          echo(1, 1),
          echo(1, 2),
          echo(1, 3),
        ])
        expect(answers.map((answer) => [answer?.status, JSON.parse(answer?.body ?? '')])).toEqual(
          [1, 2, 3].map((n) => [200, { jsonrpc: '2.0', id: 1, result: [n] }]),
        )
        expect(set.fallback(CHAIN)?.scores()).toEqual(scores)
      } finally {
        await limited.close()
      }
    })

  test('a batch that times out for one slow call: the others are answered alone, the slow one fails', async () => {
    const slowNode = await node()
    const set = Upstreams.create({ upstreams: { [CHAIN]: [slowNode.url] }, timeoutMs: SLOW_MS / 2 })
    try {
      const [fast, slow] = await Promise.all([
        set.call(CHAIN, echo('fast', 1)),
        set.call(CHAIN, { jsonrpc: '2.0', id: 'slow', method: 'slow' }),
      ])
      expect(slowNode.bodies).toHaveLength(3)
      expect(JSON.parse(fast?.body ?? '')).toEqual({ jsonrpc: '2.0', id: 'fast', result: [1] })
      expect(slow).toBeUndefined()
      // A node that failed its latest ping as well is hanging: one timeout, no second attempt alone.
      slowNode.bodies.length = 0
      set.fallback(CHAIN)?.record(slowNode.url, { ok: false, latencyMs: 2_000 })
      const started = performance.now()
      expect(
        await Promise.all([
          set.call(CHAIN, { jsonrpc: '2.0', id: 'slow', method: 'slow' }),
          set.call(CHAIN, echo('fast', 1)),
        ]),
      ).toEqual([undefined, undefined])
      expect(slowNode.bodies).toHaveLength(1)
      expect(performance.now() - started).toBeLessThan(SLOW_MS)
    } finally {
      await slowNode.close()
    }
  })

  test('no upstream answers: every request of the batch gets undefined (the proxy answers 502)', async () => {
    const down = await node()
    await down.close()
    const gone = Upstreams.create({ upstreams: { [CHAIN]: [down.url] }, timeoutMs: 1_000 })
    expect(await Promise.all([gone.call(CHAIN, echo(1, 1)), gone.call(CHAIN, echo(2, 2))])).toEqual([
      undefined,
      undefined,
    ])
    expect(await upstreams.call('eip155:999', echo(1, 1))).toBeUndefined()
  })

  test('split: undefined unless the node answered each request exactly once', () => {
    const requests = [echo(1, 1), echo(1, 2)]
    expect(split('[{"id":1,"result":2},{"id":0,"result":1}]', requests)).toEqual([
      '{"id":1,"result":1}',
      '{"id":1,"result":2}',
    ])
    expect(split('[{"id":0,"result":1},{"id":0,"result":1}]', requests)).toBeUndefined()
    expect(split('[{"id":0,"result":1}]', requests)).toBeUndefined()
    expect(split('{"error":{}}', requests)).toBeUndefined()
    expect(split('not json', requests)).toBeUndefined()
  })
})

const split = Batcher.split
