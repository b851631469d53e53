import { describe, expect, test } from 'vitest'
import * as Assets from './Assets.js'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const FUSD = '0x5FbDB2315678afecb367f032d93F642f64180aa3'

/** An EIP-7811 answer on 31337 (0x7a69) and 31338 (0x7a6a). */
const ANSWER = {
  '0x7a69': [
    {
      address: 'native',
      balance: '0x1bc16d674ec80000',
      type: 'native',
      metadata: { name: 'Ether', symbol: 'ETH', decimals: 18, price: 2000 },
    },
    {
      address: FUSD,
      balance: '0x4c4b40',
      type: 'erc20',
      metadata: {
        name: 'Frontdoor USD',
        symbol: 'FUSD',
        decimals: 6,
        value: 5,
        price: 1,
        iconUrl: '/public/getTokenImage/FUSD',
      },
    },
    {
      address: '0xC4c08a54eA87fa85965ECd167e94EBaB3dC5e051',
      balance: '0x1',
      type: 'erc721',
      metadata: { name: 'Keys', symbol: 'KEY', decimals: 0 },
    },
  ],
  '0x7a6a': [
    {
      address: 'native',
      balance: '0x1',
      type: 'native',
      metadata: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    },
  ],
}

describe('toBalances', () => {
  test("native and ERC-20 assets of the scope's chain in the token-balance shape; NFTs left out", () => {
    expect(Assets.toBalances(ANSWER, 31337)).toEqual([
      {
        name: 'Ether',
        symbol: 'ETH',
        chainId: 'eip155:31337',
        price: 2000,
        value: 4000,
        quantity: { decimals: '18', numeric: '2' },
        iconUrl: '',
      },
      {
        name: 'Frontdoor USD',
        symbol: 'FUSD',
        chainId: 'eip155:31337',
        address: `eip155:31337:${FUSD}`,
        price: 1,
        value: 5,
        quantity: { decimals: '6', numeric: '5' },
        iconUrl: '/public/getTokenImage/FUSD',
      },
    ])
    expect(Assets.toBalances(ANSWER, 1)).toEqual([])
  })
})

describe('fromWallet', () => {
  test('asks wallet_getAssets for the account on the chain (hex), EIP-7811 params', async () => {
    const asked: unknown[] = []
    const balances = await Assets.fromWallet(
      async (method, params) => {
        asked.push([method, params])
        return ANSWER
      },
      ADDRESS,
      31337,
    )
    expect(asked).toEqual([['wallet_getAssets', [{ account: ADDRESS, chainFilter: ['0x7a69'] }]]])
    expect(balances.map((b) => b.symbol)).toEqual(['ETH', 'FUSD'])
  })

  test('an answer that is not EIP-7811 (decimal balance) throws, so the caller falls back', async () => {
    await expect(
      Assets.fromWallet(
        async () => ({ '0x7a69': [{ address: 'native', balance: '100', type: 'native' }] }),
        ADDRESS,
        31337,
      ),
    ).rejects.toThrow()
  })
})
