import type * as HostModal from '@frontdoor/protocol/host-modal'
import { describe, expect, test } from 'vitest'
import * as Namespaces from './Namespaces.js'

type Network = HostModal.HostInfo['networks'][number]

const devnet = (id: number, explorer = false): Network => ({
  id,
  caipNetworkId: `eip155:${id}`,
  chainNamespace: 'eip155',
  name: `Devnet ${id}`,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [`http://127.0.0.1:${id === 31337 ? 8545 : 8546}`] } },
  ...(explorer ? { blockExplorers: { default: { name: 'Scan', url: 'https://scan.example' } } } : {}),
})
const solana: Network = {
  id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  chainNamespace: 'solana',
  name: 'Solana',
  nativeCurrency: { name: 'SOL', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: ['https://solana.example'] } },
}

const A = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const B = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

describe('proposal', () => {
  test('eip155 with the page EVM chains, the current one first, the spec methods and events', () => {
    expect(Namespaces.proposal([devnet(31337), solana, devnet(31338)], 31338)).toMatchInlineSnapshot(`
      {
        "eip155": {
          "chains": [
            "eip155:31338",
            "eip155:31337",
          ],
          "events": [
            "accountsChanged",
            "chainChanged",
          ],
          "methods": [
            "personal_sign",
            "eth_signTypedData_v4",
            "eth_sendTransaction",
            "wallet_switchEthereumChain",
            "wallet_addEthereumChain",
            "wallet_sendCalls",
            "wallet_getCallsStatus",
            "wallet_showCallsStatus",
            "wallet_getCapabilities",
          ],
        },
        "solana": {
          "chains": [
            "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
          ],
          "events": [],
          "methods": [
            "solana_signMessage",
            "solana_signTransaction",
            "solana_signAllTransactions",
            "solana_signAndSendTransaction",
          ],
        },
      }
    `)
  })

  test("EIP-5792's methods are proposed: a wallet that supports them approves them in its session", () => {
    expect(Namespaces.proposal([devnet(31337)]).eip155.methods).toEqual(
      expect.arrayContaining([
        'wallet_sendCalls',
        'wallet_getCallsStatus',
        'wallet_showCallsStatus',
        'wallet_getCapabilities',
      ]),
    )
  })

  test('a current chain the page does not list changes nothing', () => {
    expect(Namespaces.proposal([devnet(31337), devnet(31338)], 1).eip155.chains).toEqual([
      'eip155:31337',
      'eip155:31338',
    ])
  })
})

describe('the solana namespace', () => {
  const LOCAL = 'solana:FxwCwhiscJPbAuFKVEq7mmzfCkcEoFth'
  const local: Network = {
    ...solana,
    id: LOCAL.slice(7),
    caipNetworkId: LOCAL,
    name: 'Frontdoor Solana Localnet',
  }

  test("proposed with the page's solana networks and WalletConnect's four solana signing methods, beside eip155", () => {
    expect(Namespaces.proposal([devnet(31337), devnet(31338)]).solana).toBeUndefined()
    const proposed = Namespaces.proposal([devnet(31337), local, devnet(31338), local])
    expect(proposed.solana).toEqual({
      chains: [LOCAL],
      methods: [
        'solana_signMessage',
        'solana_signTransaction',
        'solana_signAllTransactions',
        'solana_signAndSendTransaction',
      ],
      events: [],
    })
    expect(proposed.eip155.chains).toEqual(['eip155:31337', 'eip155:31338'])
  })

  test("a session's solana chain, from its chains or its accounts", () => {
    expect(Namespaces.solanaChainOf({ eip155: { accounts: [`eip155:1:${A}`] } })).toBeUndefined()
    expect(Namespaces.solanaChainOf({ solana: { chains: [LOCAL], accounts: [] } })).toBe(LOCAL)
    expect(
      Namespaces.solanaChainOf({
        solana: { accounts: ['junk', `${LOCAL}:9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin`] },
      }),
    ).toBe(LOCAL)
  })

  test('the solana chain the request names when the session has it (Wallet Standard name or CAIP-2), else none', () => {
    const MAINNET = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
    const session = { solana: { chains: [MAINNET, LOCAL], accounts: [] } }
    expect(Namespaces.solanaChainOf(session)).toBe(MAINNET)
    expect(Namespaces.solanaChainOf(session, 'solana:localnet')).toBe(LOCAL)
    expect(Namespaces.solanaChainOf(session, LOCAL)).toBe(LOCAL)
    expect(Namespaces.solanaChainOf(session, 'solana:mainnet')).toBe(MAINNET)
    expect(Namespaces.solanaChainOf(session, 'solana:devnet')).toBeUndefined()
    expect(
      Namespaces.solanaChainOf({ solana: { chains: [LOCAL], accounts: [] } }, 'solana:mainnet'),
    ).toBeUndefined()
    expect(Namespaces.solanaChainOf(session, '')).toBeUndefined()
  })

  test("the session's Solana account on a chain, from its CAIP-10 accounts", () => {
    const ACCOUNT = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin'
    const MAINNET = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
    const session = { solana: { accounts: ['junk', `${MAINNET}:not-base58-0OIl`, `${LOCAL}:${ACCOUNT}`] } }
    expect(Namespaces.solanaAccountOf(session, LOCAL)).toBe(ACCOUNT)
    expect(Namespaces.solanaAccountOf(session, MAINNET)).toBeUndefined()
    expect(Namespaces.solanaAccountOf({ eip155: { accounts: [`eip155:1:${A}`] } }, LOCAL)).toBeUndefined()
  })

  test('solana methods are told from the others by their prefix', () => {
    expect(Namespaces.SOLANA_METHODS.every(Namespaces.isSolanaMethod)).toBe(true)
    expect(['personal_sign', 'signMessage', 'eth_sendTransaction'].some(Namespaces.isSolanaMethod)).toBe(
      false,
    )
  })
})

describe('chainIdOf', () => {
  test('numbers, hex, decimal strings and CAIP-2', () => {
    expect(Namespaces.chainIdOf(31338)).toBe(31338)
    expect(Namespaces.chainIdOf('0x7a6a')).toBe(31338)
    expect(Namespaces.chainIdOf('31338')).toBe(31338)
    expect(Namespaces.chainIdOf('eip155:31338')).toBe(31338)
  })

  test('anything else is undefined', () => {
    for (const bad of [0, -1, 1.5, '', '0x', 'eip155:', 'solana:abc', 'abc', null, {}, Number.MAX_VALUE])
      expect(Namespaces.chainIdOf(bad)).toBeUndefined()
  })
})

describe('chainsOf and accountsOf', () => {
  const namespaces: Namespaces.Namespaces = {
    eip155: {
      chains: ['eip155:31337'],
      accounts: [
        `eip155:31337:${A}`,
        `eip155:31338:${A}`,
        `eip155:31338:${B}`,
        `eip155:31338:${A}`,
        'eip155:1:junk',
      ],
    },
  }

  test('chains come from the chains list and the accounts, without repeats', () => {
    expect(Namespaces.chainsOf(namespaces)).toEqual([31337, 31338, 1])
    expect(Namespaces.chainsOf({})).toEqual([])
  })

  test('accounts of one chain, unique, invalid addresses dropped', () => {
    expect(Namespaces.accountsOf(namespaces, 31338)).toEqual([A, B])
    expect(Namespaces.accountsOf(namespaces, 1)).toEqual([])
  })
})

describe('eventAccounts', () => {
  test('plain and CAIP-10 addresses', () => {
    expect(Namespaces.eventAccounts([B, `eip155:31337:${A}`, 'nope', 5])).toEqual([B, A])
    expect(Namespaces.eventAccounts('0x')).toEqual([])
  })
})

describe('addChainParams', () => {
  test('EIP-3085 parameters of a page network', () => {
    expect(Namespaces.addChainParams(devnet(31338, true))).toEqual({
      chainId: '0x7a6a',
      chainName: 'Devnet 31338',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: ['http://127.0.0.1:8546'],
      blockExplorerUrls: ['https://scan.example'],
    })
    expect(Namespaces.addChainParams(devnet(31337))).not.toHaveProperty('blockExplorerUrls')
  })
})

describe('uriExpiryOf', () => {
  test('reads expiryTimestamp from a pairing URI', () => {
    const uri = `wc:${'a'.repeat(64)}@2?relay-protocol=irn&symKey=${'b'.repeat(64)}&expiryTimestamp=1700000300`
    expect(Namespaces.uriExpiryOf(uri)).toBe(1700000300)
    expect(Namespaces.uriExpiryOf(`wc:${'a'.repeat(64)}@2?relay-protocol=irn`)).toBeUndefined()
  })
})
