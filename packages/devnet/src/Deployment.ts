import type { Address, Hex } from 'viem'
import * as Accounts from './Accounts.js'

/** The devnet chains: 31337 on DEVNET_31337_URL (:8545) and 31338 on DEVNET_31338_URL (:8546). */
export const CHAIN_IDS = [31337, 31338] as const

/** A devnet chain id. */
export type ChainId = (typeof CHAIN_IDS)[number]

/** An ERC-20 of a devnet. */
export type Token = { address: Address; name: string; symbol: string; decimals: number }

/** An ERC-721 collection of a devnet; token `i + 1` belongs to `owners[i]`. */
export type Collection = {
  address: Address
  name: string
  symbol: string
  /** Flagged as spam: the API reports its transfers with `flags.is_spam`. */
  spam: boolean
  owners: readonly Address[]
}

/** A Uniswap-v2 pair; `token0` sorts below `token1`, as the factory orders them. */
export type Pool = { name: string; address: Address; token0: Address; token1: Address }

/** Everything seeded on one devnet, at its deterministic address. */
export type Deployment = {
  chainId: ChainId
  /** The account that deployed everything (see `Accounts.DEPLOYER`). */
  deployer: Address
  tokens: { FUSD: Token; DOOR: Token; PTS: Token; WETH: Token }
  nfts: { KEY: Collection; SPAM: Collection }
  /** Addresses of the collections the API flags as spam. */
  spamCollections: readonly Address[]
  uniswap: { factory: Address; router: Address; weth: Address; pairInitCodeHash: Hex }
  pools: { FUSD_WETH: Pool; DOOR_FUSD: Pool }
  /** ERC-4337 v0.7, compiled from `@account-abstraction/contracts` 0.7 (see {@link ACCOUNT_ABSTRACTION_SOURCES}). */
  accountAbstraction: AccountAbstraction
  accounts: readonly Accounts.DevAccount[]
}

/** The ERC-4337 contracts of a devnet. */
export type AccountAbstraction = {
  /** The EntryPoint, version 0.7. */
  entryPoint: Address
  entryPointVersion: '0.7'
  /** The helper the EntryPoint creates in its constructor to call factories (its nonce 1). */
  senderCreator: Address
  /** `SimpleAccountFactory`: `createAccount(owner, salt)` deploys an ERC-1967 proxy with CREATE2. */
  simpleAccountFactory: Address
  /** The `SimpleAccount` implementation the factory creates in its constructor (its nonce 1). */
  simpleAccountImplementation: Address
  /**
   * Our own `FrontdoorAccountFactory` (contracts/FrontdoorAccount.sol): `createAccount(owner, salt)`
   * deploys an ERC-1167 clone with CREATE2; its accounts answer ERC-1271 `isValidSignature`.
   */
  frontdoorAccountFactory: Address
  /** The `FrontdoorAccount` implementation the factory creates in its constructor (its nonce 1). */
  frontdoorAccountImplementation: Address
}

/**
 * The deterministic deployment proxy (github.com/Arachnid/deterministic-deployment-proxy) most chains
 * have at this address: it deploys `calldata[32:]` with CREATE2 and salt `calldata[0:32]`. The bundler
 * deploys its simulation contract through it. Seeding sets its code (no transaction, so no nonce moves).
 */
export const DETERMINISTIC_DEPLOYER = {
  address: '0x4e59b44847b379578588920ca78fbf26c0b4956c',
  code: '0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe03601600081602082378035828234f58015156039578182fd5b8082525050506014600cf3',
} as const satisfies { address: Address; code: Hex }

/** The package sources the ERC-4337 contracts are compiled from (solc-js, `Compile.packaged`). */
export const ACCOUNT_ABSTRACTION_SOURCES = [
  '@account-abstraction/contracts/core/EntryPoint.sol',
  '@account-abstraction/contracts/samples/SimpleAccountFactory.sol',
] as const

/**
 * keccak256 of the published UniswapV2Pair creation code (`@uniswap/v2-core` build). The published
 * `UniswapV2Router02` has it hard-coded in `pairFor`, and pair addresses are CREATE2 of the factory with it.
 */
export const PAIR_INIT_CODE_HASH: Hex = '0x96e8ac4277198ff8b6f785478aa9a39f403cb768dd02cbee326c3e7da348845f'

/**
 * How many transactions the deployer sends while seeding; its nonce after a complete seed. The last three
 * deploy the EntryPoint (nonce 12), the SimpleAccount factory (nonce 13) and our FrontdoorAccount
 * factory (nonce 14).
 */
export const SEED_TRANSACTIONS = 15

const [a0, a1, a2] = Accounts.DEV_ACCOUNTS.map((account) => account.address) as [Address, Address, Address]

const svg = (body: string) =>
  `data:image/svg+xml;base64,${btoa(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">${body}</svg>`)}`

/**
 * What seeding creates, besides addresses: balances in base units, liquidity, NFT owners and images.
 * The deployer's nonce order (contract `i` is deployed with nonce `i`) fixes every address.
 */
export const SEED = {
  /** Each of `Accounts.DEV_ACCOUNTS` receives this much of each token. */
  accountBalances: { FUSD: 10_000n * 10n ** 6n, DOOR: 1_000n * 10n ** 18n, PTS: 100n },
  /** What the deployer mints to itself (part of it goes into the pools). */
  deployerBalances: { FUSD: 1_000_000n * 10n ** 6n, DOOR: 1_000_000n * 10n ** 18n, PTS: 1_000n },
  /** Funded into the deployer with `hardhat_setBalance` before it deploys. */
  deployerWei: 1_000n * 10n ** 18n,
  /** 200,000 FUSD against 100 ETH: 1 ETH = 2,000 FUSD. */
  FUSD_WETH: { FUSD: 200_000n * 10n ** 6n, WETH: 100n * 10n ** 18n },
  /** 100,000 DOOR against 50,000 FUSD: 1 DOOR = 0.50 FUSD. */
  DOOR_FUSD: { DOOR: 100_000n * 10n ** 18n, FUSD: 50_000n * 10n ** 6n },
  nftOwners: { KEY: [a0, a0, a1, a2], SPAM: [a0, a1, a2] },
  nftImages: {
    KEY: svg(
      '<rect width="100" height="100" rx="16" fill="#3b5bdb"/><circle cx="38" cy="50" r="16" fill="#fff"/><rect x="50" y="46" width="34" height="8" fill="#fff"/>',
    ),
    SPAM: svg(
      '<rect width="100" height="100" fill="#f59f00"/><text x="50" y="58" font-size="18" text-anchor="middle">CLAIM $$$</text>',
    ),
  },
} as const

function build(chainId: ChainId): Deployment {
  const FUSD = '0x86963C0Be1Ef7dF4273e5c86E918759a97486169'
  const DOOR = '0xb81AE52a73f6F9a45B57539B0661ebE3a8b94B56'
  const WETH = '0x8f2Ab70a03b04ceb10D7be1C38B330921555C6f7'
  const SPAM = '0x0ba56F7BF968D8E1DF3Fa542156EFa9f1Ac0472a'
  return {
    chainId,
    deployer: Accounts.DEPLOYER.address,
    tokens: {
      FUSD: { address: FUSD, name: 'Frontdoor USD', symbol: 'FUSD', decimals: 6 },
      DOOR: { address: DOOR, name: 'Door Token', symbol: 'DOOR', decimals: 18 },
      PTS: {
        address: '0xa5B0593B30Dd2f19005895c02aD586EBCe81D443',
        name: 'Door Points',
        symbol: 'PTS',
        decimals: 0,
      },
      WETH: { address: WETH, name: 'Wrapped Ether', symbol: 'WETH', decimals: 18 },
    },
    nfts: {
      KEY: {
        address: '0xC4c08a54eA87fa85965ECd167e94EBaB3dC5e051',
        name: 'Frontdoor Keys',
        symbol: 'KEY',
        spam: false,
        owners: SEED.nftOwners.KEY,
      },
      SPAM: {
        address: SPAM,
        name: 'Free Airdrop Claim',
        symbol: 'CLAIM',
        spam: true,
        owners: SEED.nftOwners.SPAM,
      },
    },
    spamCollections: [SPAM],
    uniswap: {
      factory: '0x8d3bE67D539661B2e13De38c08B12C41De9815b7',
      router: '0x2d71c73F5cADeF92a92D180bf2a8d875E2E107e4',
      weth: WETH,
      pairInitCodeHash: PAIR_INIT_CODE_HASH,
    },
    accountAbstraction: {
      entryPoint: '0xa6772B7D23C242c8B25E1Ed7d80353ACb462D032',
      entryPointVersion: '0.7',
      senderCreator: '0x424fce68390C7F0F8B213B38D710C698B2a2b117',
      simpleAccountFactory: '0x15e4cb5096E0097eB5cAF526Ca3FD8E462046718',
      simpleAccountImplementation: '0x249e8B0B06a901BB538723dDF8984f0C9B169a8f',
      frontdoorAccountFactory: '0x753421F47d8bC987954e9d0E1c4BCdb438b594c3',
      frontdoorAccountImplementation: '0x76C9aa9D9093a572126051Afc45459578f0dCA00',
    },
    pools: {
      FUSD_WETH: {
        name: 'FUSD/WETH',
        address: '0x70092c4b097b5Afa12E8965AB2aD325e380E0562',
        token0: FUSD,
        token1: WETH,
      },
      DOOR_FUSD: {
        name: 'DOOR/FUSD',
        address: '0x073c2633bc2f6110166862E672Ec3cb32dF327B6',
        token0: FUSD,
        token1: DOOR,
      },
    },
    accounts: Accounts.DEV_ACCOUNTS,
  }
}

/** The deployments of both devnets. Addresses are the same on each: same deployer, same nonces. */
export const DEPLOYMENTS: Readonly<Record<ChainId, Deployment>> = { 31337: build(31337), 31338: build(31338) }

/** True when `chainId` is a devnet chain. */
export function isChainId(chainId: number): chainId is ChainId {
  return (CHAIN_IDS as readonly number[]).includes(chainId)
}

/**
 * The deployment of a devnet chain; throws for another chain.
 *
 * @example
 * const { tokens } = Deployment.forChain(31337)
 * tokens.FUSD.address // 0x8696…6169
 */
export function forChain(chainId: number): Deployment {
  if (!isChainId(chainId))
    throw new Error(`devnet: no deployment on chain ${chainId} (devnets: ${CHAIN_IDS.join(', ')})`)
  return DEPLOYMENTS[chainId]
}

/** True when `address` is a spam-flagged NFT collection of devnet `chainId` (case-insensitive). */
export function isSpamCollection(chainId: number, address: string): boolean {
  if (!isChainId(chainId)) return false
  return DEPLOYMENTS[chainId].spamCollections.some((spam) => spam.toLowerCase() === address.toLowerCase())
}
