import { encodePacked, getContractAddress, getCreate2Address, keccak256 } from 'viem'
import { describe, expect, test } from 'vitest'
import * as Accounts from './Accounts.js'
import * as Deployment from './Deployment.js'
import * as Uniswap from './Uniswap.js'

const d = Deployment.forChain(31337)

describe('DEPLOYMENTS', () => {
  test('contract i is the deployer nonce i, in the seed order', () => {
    const order = [
      d.tokens.FUSD.address,
      d.tokens.DOOR.address,
      d.tokens.PTS.address,
      d.nfts.KEY.address,
      d.nfts.SPAM.address,
      d.uniswap.weth,
      d.uniswap.factory,
      d.uniswap.router,
      ...[8, 9, 10, 11].map(() => undefined), // approvals and liquidity
      d.accountAbstraction.entryPoint,
      d.accountAbstraction.simpleAccountFactory,
      d.accountAbstraction.frontdoorAccountFactory,
    ]
    expect(order).toHaveLength(Deployment.SEED_TRANSACTIONS)
    order.forEach((address, nonce) => {
      if (address)
        expect(address).toBe(getContractAddress({ from: Accounts.DEPLOYER.address, nonce: BigInt(nonce) }))
    })
    expect(d.tokens.WETH.address).toBe(d.uniswap.weth)
  })

  test('the EntryPoint and the account factories create their helper contracts with their nonce 1', () => {
    const aa = d.accountAbstraction
    expect(aa.senderCreator).toBe(getContractAddress({ from: aa.entryPoint, nonce: 1n }))
    expect(aa.simpleAccountImplementation).toBe(
      getContractAddress({ from: aa.simpleAccountFactory, nonce: 1n }),
    )
    expect(aa.frontdoorAccountImplementation).toBe(
      getContractAddress({ from: aa.frontdoorAccountFactory, nonce: 1n }),
    )
    expect(aa.entryPointVersion).toBe('0.7')
  })

  test('pools are the factory CREATE2 pairs of their sorted tokens', () => {
    for (const pool of Object.values(d.pools)) {
      expect(BigInt(pool.token0) < BigInt(pool.token1)).toBe(true)
      const salt = keccak256(encodePacked(['address', 'address'], [pool.token0, pool.token1]))
      expect(pool.address).toBe(
        getCreate2Address({ from: d.uniswap.factory, salt, bytecodeHash: Deployment.PAIR_INIT_CODE_HASH }),
      )
    }
    expect([d.pools.FUSD_WETH.token0, d.pools.FUSD_WETH.token1].sort()).toEqual(
      [d.tokens.FUSD.address, d.tokens.WETH.address].sort(),
    )
    expect([d.pools.DOOR_FUSD.token0, d.pools.DOOR_FUSD.token1].sort()).toEqual(
      [d.tokens.DOOR.address, d.tokens.FUSD.address].sort(),
    )
  })

  test('both chains have the same addresses, each with its chain id', () => {
    const { chainId: _a, ...a } = Deployment.DEPLOYMENTS[31337]
    const { chainId: _b, ...b } = Deployment.DEPLOYMENTS[31338]
    expect(a).toEqual(b)
    expect(Deployment.DEPLOYMENTS[31338].chainId).toBe(31338)
  })

  test('tokens: a 6-decimals stablecoin, an 18-decimals token, a 0-decimals token and WETH', () => {
    expect(Object.values(d.tokens).map((t) => [t.symbol, t.name, t.decimals])).toEqual([
      ['FUSD', 'Frontdoor USD', 6],
      ['DOOR', 'Door Token', 18],
      ['PTS', 'Door Points', 0],
      ['WETH', 'Wrapped Ether', 18],
    ])
  })

  test('exactly the spam-flagged collections are in the spam list', () => {
    expect(d.spamCollections).toEqual(
      Object.values(d.nfts)
        .filter((c) => c.spam)
        .map((c) => c.address),
    )
    expect(d.spamCollections).toEqual([d.nfts.SPAM.address])
  })
})

describe('PAIR_INIT_CODE_HASH', () => {
  const { UniswapV2Pair, UniswapV2Factory, UniswapV2Router02 } = Uniswap.artifacts()

  test('is keccak256 of the published pair creation code, which the factory embeds', () => {
    expect(keccak256(UniswapV2Pair.bytecode)).toBe(Deployment.PAIR_INIT_CODE_HASH)
    expect(UniswapV2Factory.bytecode.includes(UniswapV2Pair.bytecode.slice(2))).toBe(true)
  })

  test('is the hash the published router hard-codes in pairFor', () => {
    expect(UniswapV2Router02.bytecode.includes(Deployment.PAIR_INIT_CODE_HASH.slice(2))).toBe(true)
  })
})

describe('SEED', () => {
  test('the deployer holds enough for both pools', () => {
    const { deployerBalances, FUSD_WETH, DOOR_FUSD, deployerWei } = Deployment.SEED
    expect(FUSD_WETH.FUSD + DOOR_FUSD.FUSD).toBeLessThanOrEqual(deployerBalances.FUSD)
    expect(DOOR_FUSD.DOOR).toBeLessThanOrEqual(deployerBalances.DOOR)
    expect(FUSD_WETH.WETH).toBeLessThan(deployerWei)
  })

  test('NFT images are SVG data URIs without quotes (they sit inside the tokenURI JSON)', () => {
    for (const image of Object.values(Deployment.SEED.nftImages)) {
      expect(image).toMatch(/^data:image\/svg\+xml;base64,[A-Za-z0-9+/=]+$/)
    }
  })
})

describe('forChain', () => {
  test('returns the devnet deployment and throws for other chains', () => {
    expect(Deployment.forChain(31338).chainId).toBe(31338)
    expect(() => Deployment.forChain(1)).toThrow('devnet: no deployment on chain 1 (devnets: 31337, 31338)')
  })
})

describe('isChainId', () => {
  test('is true for the devnets only', () => {
    expect([31337, 31338, 1, 0].map(Deployment.isChainId)).toEqual([true, true, false, false])
  })
})

describe('isSpamCollection', () => {
  test('flags the spam collection on devnets, case-insensitively', () => {
    expect(Deployment.isSpamCollection(31337, d.nfts.SPAM.address.toLowerCase())).toBe(true)
    expect(Deployment.isSpamCollection(31338, d.nfts.SPAM.address)).toBe(true)
    expect(Deployment.isSpamCollection(31337, d.nfts.KEY.address)).toBe(false)
    expect(Deployment.isSpamCollection(1, d.nfts.SPAM.address)).toBe(false)
  })
})
