import type { HTTPException } from 'hono/http-exception'
import { describe, expect, test } from 'vitest'
import * as Networks from './Networks.js'
import * as Served from './Served.js'

const networks = Networks.all({ DEVNET_31337_URL: 'http://a', DEVNET_31338_URL: 'http://b' })
const upstreams = { has: (chainId: string) => chainId === 'eip155:31337' }

describe('Served.problem', () => {
  test('nothing for a chain with an upstream; no_upstream for a listed one; unsupported for the unknown', () => {
    expect(Served.problem({ networks, upstreams }, 'eip155:31337')).toBeUndefined()
    expect(Served.problem({ networks, upstreams }, 'eip155:1')).toEqual({
      code: 'no_upstream',
      message: 'Not available on this server: no upstream for eip155:1',
    })
    expect(Served.problem({ networks, upstreams }, 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toEqual({
      code: 'no_upstream',
      message: 'Not available on this server: no upstream for solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    })
    expect(Served.problem({ networks, upstreams }, 'eip155:999999')).toEqual({
      code: 'unsupported_chain',
      message: 'Unsupported chain',
    })
  })
})

describe('Served.assertUpstream', () => {
  test("throws the API's 400 no_upstream for a listed chain without an upstream only", async () => {
    const deps = { config: { networks }, upstreams }
    expect(() => Served.assertUpstream(deps, 'eip155:31337')).not.toThrow()
    expect(() => Served.assertUpstream(deps, 'eip155:999999')).not.toThrow()
    let thrown: HTTPException | undefined
    try {
      Served.assertUpstream(deps, 'eip155:8453')
    } catch (error) {
      thrown = error as HTTPException
    }
    expect(thrown?.status).toBe(400)
    expect(await thrown?.getResponse().json()).toEqual({
      error: {
        code: 'no_upstream',
        message: 'Not available on this server: no upstream for eip155:8453',
        chainId: 'eip155:8453',
      },
    })
  })
})
