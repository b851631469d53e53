import { describe, expect, test } from 'vitest'
import * as SolanaCluster from './solana-cluster.js'

describe('GENESIS_HASH', () => {
  // packages/solana's Genesis test checks the hash against its derivation.
  test('the CAIP-2 id takes the first 32 characters of the genesis hash', () => {
    expect(SolanaCluster.CAIP_NETWORK_ID).toBe('solana:FxwCwhiscJPbAuFKVEq7mmzfCkcEoFth')
  })
})

describe('url', () => {
  test('SOLANA_URL wins over the default, without a trailing slash', () => {
    expect(SolanaCluster.url({})).toBe('http://127.0.0.1:8899')
    expect(SolanaCluster.url({ SOLANA_URL: 'http://10.0.0.2:9999/' })).toBe('http://10.0.0.2:9999')
  })
})

describe('websocketUrl', () => {
  test('one port up, ws or wss', () => {
    expect(SolanaCluster.websocketUrl('http://127.0.0.1:8899')).toBe('ws://127.0.0.1:8900')
    expect(SolanaCluster.websocketUrl('https://rpc.example.com')).toBe('wss://rpc.example.com:444')
  })
})
