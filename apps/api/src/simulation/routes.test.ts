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
