import * as JsonRpc from '@frontdoor/protocol/json-rpc'
import { describe, expect, test } from 'vitest'
import * as Deployment from './Deployment.js'
import * as Devnet from './Devnet.js'
import * as Health from './Health.js'

describe('start', () => {
  test('starts a seeded node on a free port; stop ends it; a taken port is refused', async () => {
    // How fast a node starts is not asserted: a timing in a unit test fails on a loaded machine (so is
    // the limit: two starts, one seed, on a machine at a load of 35, took over 30 s).
    const node = await Devnet.start({ chainId: 31338 })
    try {
      expect(node.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      expect(node.deployment).toEqual(Deployment.forChain(31338))
      expect(await Health.chainId(node.url)).toBe(31338)
      expect(await Health.isSeeded(node.url)).toBe(true)
      // Automine, and block timestamps that follow the wall clock even after a burst of seed transactions.
      const latest = (await JsonRpc.probe(node.url, 'eth_getBlockByNumber', ['latest', false])) as {
        number: string
        timestamp: string
      }
      expect(Number(latest.number)).toBe(Deployment.SEED_TRANSACTIONS)
      expect(Math.abs(Number(latest.timestamp) - Date.now() / 1000)).toBeLessThan(3)
      const port = Number(new URL(node.url).port)
      await expect(Devnet.start({ chainId: 31338, port })).rejects.toThrow(
        `devnet: ${node.url} already answers JSON-RPC; stop whatever runs there first`,
      )
    } finally {
      await node.stop()
    }
    await node.exited
    expect(await Health.chainId(node.url)).toBeUndefined()
  }, 120_000)
})

describe('freePort', () => {
  test('is a usable TCP port', async () => {
    const port = await Devnet.freePort()
    expect(port).toBeGreaterThan(1024)
    expect(port).toBeLessThan(65536)
  })
})
