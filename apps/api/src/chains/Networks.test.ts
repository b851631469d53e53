import * as SolanaCluster from '@frontdoor/protocol/solana-cluster'
import { Network } from '@frontdoor/schemas'
import { describe, expect, test } from 'vitest'
import * as z from 'zod/mini'
import * as Config from '../Config.js'
import * as Networks from './Networks.js'

const registryDevnet = {
  id: 31339,
  caipNetworkId: 'eip155:31339',
  chainNamespace: 'eip155',
  name: 'Registry Devnet 31339',
  nativeCurrency: { name: 'Registry Ether', symbol: 'rETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8547'] } },
  blockExplorers: { default: { name: 'Local', url: 'http://127.0.0.1:8547/explorer' } },
}
const extension = {
  networks: [registryDevnet],
  upstreams: { 'eip155:31339': ['http://127.0.0.1:8547', 'http://127.0.0.1:9547'] },
}

describe('Networks.extensionFromEnv', () => {
  test('nothing configured: no additions', () => {
    expect(Networks.extensionFromEnv({})).toEqual({ networks: [], upstreams: {} })
  })

  test('NETWORKS_JSON and NETWORKS_FILE give the same additions; testnet defaults to false', () => {
    const fromJson = Networks.extensionFromEnv({ NETWORKS_JSON: JSON.stringify(extension) })
    const read = (path: string) => {
      expect(path).toBe('/etc/frontdoor/networks.json')
      return JSON.stringify(extension)
    }
    expect(Networks.extensionFromEnv({ NETWORKS_FILE: '/etc/frontdoor/networks.json' }, read)).toEqual(
      fromJson,
    )
    expect(fromJson.networks).toEqual([{ ...registryDevnet, testnet: false }])
    expect(fromJson.upstreams).toEqual(extension.upstreams)
  })

  test('a wrong entry stops the API with the variable, the field and why', () => {
    const wrongId = { networks: [{ ...registryDevnet, caipNetworkId: 'eip155:1' }] }
    expect(() => Networks.extensionFromEnv({ NETWORKS_JSON: JSON.stringify(wrongId) })).toThrow(
      'NETWORKS_JSON: networks.0.caipNetworkId: caipNetworkId must be {chainNamespace}:{id}',
    )
    expect(() =>
      Networks.extensionFromEnv({
        NETWORKS_JSON: JSON.stringify({ upstreams: { 'eip155:31339': ['ftp://x'] } }),
      }),
    ).toThrow(/^NETWORKS_JSON: upstreams\.eip155:31339\.0: /)
    expect(() => Networks.extensionFromEnv({ NETWORKS_JSON: '{' })).toThrow(/^NETWORKS_JSON: /)
    const missing = () => {
      throw new Error('ENOENT: no such file')
    }
    expect(() => Networks.extensionFromEnv({ NETWORKS_FILE: '/nowhere.json' }, missing)).toThrow(
      'NETWORKS_FILE: ENOENT: no such file',
    )
    const polkadot = {
      networks: [{ ...registryDevnet, id: 'abc', caipNetworkId: 'polkadot:abc', chainNamespace: 'polkadot' }],
    }
    expect(() => Networks.extensionFromEnv({ NETWORKS_JSON: JSON.stringify(polkadot) })).toThrow(
      'NETWORKS_JSON: polkadot:abc: only eip155 and solana networks can be served',
    )
  })
})

describe('Networks.extend', () => {
  test("an added network comes last; one with a built-in network's id replaces it in place", () => {
    const base = Networks.all({ DEVNET_31337_URL: 'http://a', DEVNET_31338_URL: 'http://b' })
    const [added] = Networks.extensionFromEnv({ NETWORKS_JSON: JSON.stringify(extension) }).networks
    const renamed = { ...base[1]!, name: 'Second devnet' }
    const extended = Networks.extend(base, [added!, renamed])
    expect(extended).toHaveLength(base.length + 1)
    expect(extended.at(-1)).toEqual(added)
    expect(extended[1]).toEqual(renamed)
    expect(extended.slice(2, -1)).toEqual(base.slice(2))
  })
})

describe('Config.fromEnv with registry additions', () => {
  test('the registry lists the added chain and the RPC proxy has its upstreams; without them, neither', () => {
    const plain = Config.fromEnv({}).config
    expect(plain.networks.some((n) => n.caipNetworkId === 'eip155:31339')).toBe(false)
    expect(plain.upstreams['eip155:31339']).toBeUndefined()
    const { config } = Config.fromEnv({ NETWORKS_JSON: JSON.stringify(extension) })
    expect(config.networks.find((n) => n.caipNetworkId === 'eip155:31339')?.name).toBe(
      'Registry Devnet 31339',
    )
    expect(config.upstreams['eip155:31339']).toEqual(extension.upstreams['eip155:31339'])
    // The devnets keep their own upstreams.
    expect(config.upstreams['eip155:31337']).toEqual(plain.upstreams['eip155:31337'])
  })
})

describe('the local Solana cluster', () => {
  test('is a network with its fixed CAIP-2 id, served at SOLANA_URL (default :8899)', () => {
    const plain = Config.fromEnv({}).config
    const local = plain.networks.find((n) => n.caipNetworkId === SolanaCluster.CAIP_NETWORK_ID)
    expect(local).toMatchObject({
      id: 'FxwCwhiscJPbAuFKVEq7mmzfCkcEoFth',
      chainNamespace: 'solana',
      name: 'Frontdoor Solana Localnet',
      nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
      rpcUrls: { default: { http: ['http://127.0.0.1:8899'] } },
      testnet: true,
    })
    expect(z.safeParse(Network.Network, local).error).toBeUndefined()
    expect(plain.upstreams[SolanaCluster.CAIP_NETWORK_ID]).toEqual(['http://127.0.0.1:8899'])
    const moved = Config.fromEnv({ SOLANA_URL: 'http://10.0.0.9:9000/' }).config
    expect(moved.upstreams[SolanaCluster.CAIP_NETWORK_ID]).toEqual(['http://10.0.0.9:9000'])
    expect(
      moved.networks.find((n) => n.caipNetworkId === SolanaCluster.CAIP_NETWORK_ID)?.rpcUrls.default.http,
    ).toEqual(['http://10.0.0.9:9000'])
  })
})
