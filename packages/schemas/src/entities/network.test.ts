import { describe, expect, test } from 'vitest'
import * as z from 'zod/mini'
import * as Network from './network.js'

const devnet = {
  id: 31337,
  caipNetworkId: 'eip155:31337',
  chainNamespace: 'eip155',
  name: 'Frontdoor Devnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
  blockExplorers: { default: { name: 'None', url: 'http://127.0.0.1:8545' } },
  testnet: true,
}

describe('ChainNamespace', () => {
  test('the auth namespaces', () => {
    expect(Network.ChainNamespace.options).toEqual(['eip155', 'solana', 'polkadot', 'bip122', 'cosmos'])
  })
})

describe('NativeCurrency', () => {
  test('decimals are a whole number', () => {
    expect(Network.NativeCurrency.safeParse({ name: 'Ether', symbol: 'ETH', decimals: 18 }).success).toBe(
      true,
    )
    expect(Network.NativeCurrency.safeParse({ name: 'Ether', symbol: 'ETH', decimals: -1 }).success).toBe(
      false,
    )
    expect(Network.NativeCurrency.safeParse({ name: 'Ether', symbol: 'ETH', decimals: 1.5 }).success).toBe(
      false,
    )
  })
})

describe('RpcUrls', () => {
  test('http and optional webSocket', () => {
    expect(Network.RpcUrls.safeParse({ http: ['http://x'], webSocket: ['ws://x'] }).success).toBe(true)
    expect(Network.RpcUrls.safeParse({ webSocket: ['ws://x'] }).success).toBe(false)
  })
})

describe('BlockExplorer', () => {
  test('name and url', () => {
    expect(Network.BlockExplorer.safeParse({ name: 'Scan', url: 'https://scan.example' }).success).toBe(true)
    expect(Network.BlockExplorer.safeParse({ name: 'Scan' }).success).toBe(false)
  })
})

describe('Network', () => {
  test('a devnet network', () => {
    expect(z.parse(Network.Network, devnet)).toEqual(devnet)
  })

  test('a solana network with a string id and extra rpc sets', () => {
    const solana = {
      id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      chainNamespace: 'solana',
      name: 'Solana',
      nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
      rpcUrls: {
        default: { http: ['https://rpc.example'] },
        chainDefault: { http: ['https://rpc2.example'] },
      },
    }
    expect(z.parse(Network.Network, solana)).toEqual(solana)
  })

  test('caipNetworkId must match namespace and id', () => {
    const result = Network.Network.safeParse({ ...devnet, caipNetworkId: 'eip155:1' })
    expect(result.error?.issues).toMatchObject([
      { message: 'caipNetworkId must be {chainNamespace}:{id}', path: ['caipNetworkId'] },
    ])
  })

  test('a default rpc url set is required', () => {
    expect(Network.Network.safeParse({ ...devnet, rpcUrls: {} }).success).toBe(false)
    expect(Network.Network.safeParse({ ...devnet, chainNamespace: 'tron' }).success).toBe(false)
    expect(Network.Network.safeParse({ ...devnet, caipNetworkId: 'eip155' }).success).toBe(false)
  })
})
