import * as HostModal from '@frontdoor/protocol/host-modal'
import * as Message from '@frontdoor/protocol/message'
import fc from 'fast-check'
import { describe, expect, test, vi } from 'vitest'
import * as z from 'zod/mini'
import * as Validate from './Validate.js'

// Each fuzzed test runs 100 cases through the check and the zod schema: seconds on a loaded machine.
vi.setConfig({ testTimeout: 30_000 })

// Each hand-written check must accept exactly what packages/protocol's zod schema accepts.
const agrees = (check: (v: unknown) => unknown, schema: z.ZodMiniType, value: unknown) => {
  let accepted = true
  try {
    check(value)
  } catch {
    accepted = false
  }
  expect(accepted, JSON.stringify(value)).toBe(z.safeParse(schema, value).success)
}

const network = fc.record(
  {
    id: fc.oneof(fc.constantFrom(1, 31337, 0, -1, 1.5, 2 ** 53), fc.constantFrom('', 'mainnet', '31337')),
    caipNetworkId: fc.constantFrom(
      'eip155:1',
      'eip155:31337',
      'solana:mainnet',
      'eip155:',
      'eip155:1:x',
      'x',
    ),
    chainNamespace: fc.constantFrom('eip155', 'solana', 'evm'),
    name: fc.constantFrom('Devnet', ''),
    nativeCurrency: fc.oneof(
      fc.record({
        name: fc.constantFrom('Ether', ''),
        symbol: fc.constantFrom('ETH', ''),
        decimals: fc.constantFrom(18, 0, 255, 256, -1, 1.5),
      }),
      fc.anything(),
    ),
    rpcUrls: fc.oneof(
      fc.constant({ default: { http: ['http://x'] } }),
      fc.constant({ default: { http: [] }, other: { http: ['a'], webSocket: ['b'] } }),
      fc.constant({ default: { http: [1] } }),
      fc.constant({ other: { http: [] } }),
      fc.constant({ default: { http: [] }, bad: 1 }),
      fc.anything(),
    ),
    blockExplorers: fc.oneof(
      fc.constant({ default: { name: 'Scan', url: 'http://scan' } }),
      fc.constant({ default: { name: 'Scan', url: 'u', apiUrl: 1 } }),
      fc.constant({ other: { name: 'a', url: 'b' } }),
      fc.anything(),
    ),
    testnet: fc.oneof(fc.boolean(), fc.constant('yes')),
    extra: fc.anything(),
  },
  { requiredKeys: [] },
)

const validNetwork = {
  id: 31337,
  caipNetworkId: 'eip155:31337',
  chainNamespace: 'eip155',
  name: 'Devnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
}

const state = fc.record(
  {
    open: fc.oneof(fc.boolean(), fc.constant(1)),
    loading: fc.oneof(fc.boolean(), fc.constant('no')),
    view: fc.constantFrom('Connect', 'Account', 'ApproveTransaction', 'Nope', ''),
    status: fc.constantFrom('disconnected', 'connecting', 'reconnecting', 'connected', 'bogus'),
    account: fc.oneof(
      fc.record(
        {
          address: fc.oneof(fc.constantFrom('0xabc', ''), fc.string({ maxLength: 130 })),
          caipAddress: fc.constantFrom('eip155:1:0xabc', 'eip155:1', 'eip155::0x', 'a:b:c:d'),
          status: fc.constantFrom('connected', 'nope'),
          preferredAccountType: fc.constantFrom('eoa', 'smartAccount', 'payment', undefined, 1),
          user: fc.oneof(
            fc.record(
              {
                email: fc.constantFrom('a@b.co', 'x'.repeat(255), 1, undefined),
                userName: fc.constantFrom('alice', 'x'.repeat(101), null),
                address: fc.constant('0xabc'),
              },
              { requiredKeys: [] },
            ),
            fc.anything(),
          ),
          socialProvider: fc.constantFrom('google', 'x'.repeat(33), null),
          smartAccountDeployed: fc.constantFrom(true, false, 'yes'),
          profileName: fc.constantFrom('alice.eth', null, 'x'.repeat(256), 1),
          profileImage: fc.constantFrom('https://a.example/a.png', null, 'x'.repeat(2049), undefined),
          balance: fc.constantFrom('0', '1.5', '1.', '.5', '-1', '1e18', '1,5', '1'.repeat(79), 1, '１'),
          balanceSymbol: fc.constantFrom('ETH', '', 'x'.repeat(17), 1),
          connectedWalletInfo: fc.oneof(
            fc.record(
              {
                name: fc.constantFrom('MetaMask', '', 'x'.repeat(256), 1),
                icon: fc.constantFrom('data:image/svg+xml,<svg/>', 'x'.repeat(256 * 1024 + 1), undefined),
                type: fc.constantFrom('injected', 'x'.repeat(33), null),
                rdns: fc.constantFrom('io.metamask', 'x'.repeat(256), 1),
                extra: fc.anything(),
              },
              { requiredKeys: [] },
            ),
            fc.anything(),
          ),
          tokenBalance: fc.oneof(
            fc.array(
              fc.oneof(
                fc.record(
                  {
                    name: fc.constantFrom('Ether', 'x'.repeat(101), 1),
                    symbol: fc.constantFrom('ETH', 'x'.repeat(33)),
                    chainId: fc.constantFrom('eip155:31337', 'x'.repeat(65)),
                    address: fc.constantFrom('eip155:31337:0xabc', 'x'.repeat(129), undefined, null),
                    value: fc.constantFrom(1.5, 0, Number.NaN, Number.POSITIVE_INFINITY, '1', undefined),
                    price: fc.constantFrom(2000, -1, Number.NaN, '1'),
                    quantity: fc.oneof(
                      fc.record(
                        {
                          decimals: fc.constantFrom('18', '1000', 18),
                          numeric: fc.constantFrom('1.5', 'x'.repeat(101)),
                          extra: fc.anything(),
                        },
                        { requiredKeys: [] },
                      ),
                      fc.anything(),
                    ),
                    iconUrl: fc.constantFrom('', 'https://a.example/t.png', 'x'.repeat(2049)),
                    extra: fc.anything(),
                  },
                  { requiredKeys: [] },
                ),
                fc.anything(),
              ),
              { maxLength: 3 },
            ),
            fc.constant(
              Array.from({ length: 101 }, () => ({
                name: 'Ether',
                symbol: 'ETH',
                chainId: 'eip155:1',
                price: 1,
                quantity: { decimals: '18', numeric: '1' },
                iconUrl: '',
              })),
            ),
            fc.anything(),
          ),
          extra: fc.anything(),
        },
        { requiredKeys: [] },
      ),
      fc.anything(),
    ),
    network: fc.oneof(network, fc.constant(validNetwork), fc.anything()),
    restored: fc.oneof(fc.boolean(), fc.constant('yes')),
    extra: fc.anything(),
  },
  { requiredKeys: [] },
)

describe('state', () => {
  test('accepts exactly what HostModal.State accepts (fuzzed)', () => {
    fc.assert(
      fc.property(fc.oneof(state, fc.anything()), (v) => agrees(Validate.state, HostModal.State, v)),
      {
        numRuns: 3000,
      },
    )
  })

  test('a valid snapshot passes', () => {
    const snapshot = {
      open: true,
      loading: false,
      view: 'Connect',
      status: 'connected',
      account: {
        address: '0xabc',
        caipAddress: 'eip155:31337:0xabc',
        status: 'connected',
        preferredAccountType: 'eoa',
        user: { email: 'a@b.co' },
        socialProvider: 'google',
        smartAccountDeployed: false,
        profileName: 'alice.eth',
        profileImage: null,
        balance: '10000.25',
        balanceSymbol: 'ETH',
        connectedWalletInfo: {
          name: 'MetaMask',
          icon: 'data:image/svg+xml,<svg/>',
          type: 'injected',
          rdns: 'io.metamask',
        },
        tokenBalance: [
          {
            name: 'Ether',
            symbol: 'ETH',
            chainId: 'eip155:31337',
            value: 20000,
            price: 2000,
            quantity: { decimals: '18', numeric: '10' },
            iconUrl: '',
          },
          {
            name: 'Frontdoor USD',
            symbol: 'FUSD',
            chainId: 'eip155:31337',
            address: 'eip155:31337:0x86963C0Be1Ef7dF4273e5c86E918759a97486169',
            price: 1,
            quantity: { decimals: '6', numeric: '10000' },
            iconUrl: 'https://a.example/fusd.png',
          },
        ],
      },
      network: validNetwork,
      restored: true,
    }
    expect(z.safeParse(HostModal.State, snapshot).success).toBe(true)
    expect(Validate.state(snapshot)).toBe(snapshot)
  })
})

describe('providerEvent', () => {
  test('accepts exactly what HostModal.ProviderEvent accepts (fuzzed)', () => {
    const event = fc.record(
      {
        event: fc.constantFrom(
          'connect',
          'disconnect',
          'chainChanged',
          'accountsChanged',
          'message',
          'other',
        ),
        data: fc.oneof(
          fc.constantFrom('0x1', '0x', '1', { chainId: '0x7a69' }, { chainId: 1 }, { chainId: '0x1', x: 1 }),
          fc.constantFrom({ code: 4900, message: 'm' }, { code: 1.5, message: 'm' }, { message: 'm' }),
          fc.constantFrom(['0xabc'], [1], [], { type: 't', data: 1 }, { type: 1 }, { type: 't', x: 1 }),
          fc.anything(),
        ),
        extra: fc.anything(),
      },
      { requiredKeys: [] },
    )
    fc.assert(
      fc.property(fc.oneof(event, fc.anything()), (v) =>
        agrees(Validate.providerEvent, HostModal.ProviderEvent, v),
      ),
      { numRuns: 3000 },
    )
  })
})

describe('noParams', () => {
  test('accepts exactly what Message.NoParams accepts (fuzzed)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.constantFrom(undefined, {}, { a: 1 }, null), fc.anything()), (v) =>
        agrees(Validate.noParams, Message.NoParams, v),
      ),
    )
  })
})

describe('reply', () => {
  test('accepts a result or an error reply of Message.ErrorReply shape, nothing else (fuzzed)', () => {
    const Reply = z.union([
      z.strictObject({ result: z.unknown() }),
      z.strictObject({ error: Message.ErrorReply }),
    ])
    const reply = fc.oneof(
      fc.record({ result: fc.anything() }),
      fc.record(
        {
          error: fc.oneof(
            fc.record(
              {
                code: fc.oneof(fc.integer(), fc.double(), fc.string()),
                message: fc.oneof(fc.string(), fc.integer()),
                data: fc.anything(),
                x: fc.anything(),
              },
              { requiredKeys: [] },
            ),
            fc.anything(),
          ),
          result: fc.anything(),
        },
        { requiredKeys: [] },
      ),
      fc.anything(),
    )
    fc.assert(
      fc.property(reply, (v) => agrees(Validate.reply, Reply, v)),
      { numRuns: 3000 },
    )
  })
})

describe('transactionHash', () => {
  test('accepts exactly what HostModal.ModalMessages.pay answers (fuzzed)', () => {
    const hash = fc.oneof(
      fc.stringMatching(/^0x[0-9a-fA-F]{62,66}$/),
      fc.constantFrom(`0x${'a'.repeat(64)}`, `0X${'a'.repeat(64)}`, `0x${'g'.repeat(64)}`, ''),
      fc.anything(),
    )
    fc.assert(
      fc.property(hash, (v) => agrees(Validate.transactionHash, HostModal.ModalMessages.pay.result, v)),
    )
  })
})

describe('injectedWalletRequest', () => {
  test('accepts exactly what HostModal.HostMessages.injectedWalletRequest accepts (fuzzed)', () => {
    const schema = HostModal.HostMessages.injectedWalletRequest.params
    const value = fc.oneof(
      fc.record(
        {
          uuid: fc.constantFrom('0b7c1a52-9d3e-4a5f-8c1d-2e3f4a5b6c7d', 'not-a-uuid', ''),
          request: fc.oneof(
            fc.record(
              {
                method: fc.constantFrom('eth_requestAccounts', '', 'x'.repeat(101)),
                params: fc.oneof(fc.constant([]), fc.constant({ a: 1 }), fc.constant('x'), fc.constant(null)),
              },
              { requiredKeys: ['method'] },
            ),
            fc.anything(),
          ),
          extra: fc.constant(1),
        },
        { requiredKeys: ['uuid', 'request'] },
      ),
      fc.anything(),
    )
    fc.assert(
      fc.property(value, (v) => agrees(Validate.injectedWalletRequest, schema, v)),
      { numRuns: 3000 },
    )
  })
})

describe('storageWrite', () => {
  test('accepts exactly what HostModal.HostMessages.storageWrite accepts (fuzzed)', () => {
    expect(Validate.STORAGE_VALUE_MAX).toBe(HostModal.STORAGE_VALUE_MAX)
    const value = fc.oneof(
      fc.record(
        {
          key: fc.constantFrom(
            'frontdoor:connections',
            'wc@2:core:0.3//keychain',
            '',
            'a b',
            'x'.repeat(201),
          ),
          value: fc.oneof(
            fc.string(),
            fc.constant(null),
            fc.constant(1),
            fc.constant('x'.repeat(512 * 1024 + 1)),
          ),
          extra: fc.constant(1),
        },
        { requiredKeys: ['key', 'value'] },
      ),
      fc.anything(),
    )
    fc.assert(
      fc.property(value, (v) => agrees(Validate.storageWrite, HostModal.HostMessages.storageWrite.params, v)),
      { numRuns: 500 },
    )
  })
})
