import * as JsonRpc from '@frontdoor/protocol/json-rpc'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import * as Deployment from './Deployment.js'
import * as Devnet from './Devnet.js'
import * as Health from './Health.js'
import * as Seed from './Seed.js'

let node: Devnet.Node
beforeAll(async () => {
  node = await Devnet.start({ chainId: 31337, seed: false })
})
afterAll(() => node?.stop())

describe("JsonRpc.probe (the health checks' call)", () => {
  test('returns the result, or undefined when nothing answers', async () => {
    expect(await JsonRpc.probe(node.url, 'eth_chainId')).toBe('0x7a69')
    expect(await JsonRpc.probe(`http://127.0.0.1:${await Devnet.freePort()}`, 'eth_chainId')).toBeUndefined()
  })
})

describe('chainId', () => {
  test('is the chain id of the node', async () => {
    expect(await Health.chainId(node.url)).toBe(31337)
  })
})

describe('isSeeded', () => {
  test('is false before seeding and without a node, true once seeded', async () => {
    expect(await Health.isSeeded(`http://127.0.0.1:${await Devnet.freePort()}`)).toBe(false)
    expect(await Health.isSeeded(node.url)).toBe(false)
    await Seed.seed(node.url)
    expect(await Health.isSeeded(node.url)).toBe(true)
  })

  test('is false when the EntryPoint or an account factory has no code', async () => {
    const { entryPoint, simpleAccountFactory, frontdoorAccountFactory } =
      Deployment.forChain(31337).accountAbstraction
    for (const address of [simpleAccountFactory, frontdoorAccountFactory, entryPoint]) {
      const code = await JsonRpc.probe(node.url, 'eth_getCode', [address, 'latest'])
      await JsonRpc.probe(node.url, 'hardhat_setCode', [address, '0x'])
      expect(await Health.isSeeded(node.url)).toBe(false)
      await JsonRpc.probe(node.url, 'hardhat_setCode', [address, code])
      expect(await Health.isSeeded(node.url)).toBe(true)
    }
  })
})
