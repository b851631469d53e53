import { defineChain } from 'viem'
import { mainnet } from 'viem/chains'
import { describe, expect, test } from 'vitest'
import * as Networks from './Networks.js'

describe('fromChain', () => {
  test('a chain with an explorer becomes a CAIP network', () => {
    expect(Networks.fromChain(mainnet)).toMatchObject({
      id: 1,
      caipNetworkId: 'eip155:1',
      chainNamespace: 'eip155',
      name: 'Ethereum',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: mainnet.rpcUrls.default.http } },
      blockExplorers: { default: { name: 'Etherscan', url: 'https://etherscan.io' } },
    })
  })

  test('a devnet without an explorer keeps only what it has', () => {
    const devnet = defineChain({
      id: 31337,
      name: 'Devnet 31337',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
      testnet: true,
    })
    expect(Networks.fromChain(devnet)).toMatchInlineSnapshot(`
      {
        "caipNetworkId": "eip155:31337",
        "chainNamespace": "eip155",
        "id": 31337,
        "name": "Devnet 31337",
        "nativeCurrency": {
          "decimals": 18,
          "name": "Ether",
          "symbol": "ETH",
        },
        "rpcUrls": {
          "default": {
            "http": [
              "http://127.0.0.1:8545",
            ],
          },
        },
        "testnet": true,
      }
    `)
  })
})

describe('fromChains', () => {
  test('keeps the order of the config', () => {
    expect(Networks.fromChains([mainnet]).map((n) => n.caipNetworkId)).toEqual(['eip155:1'])
  })
})
