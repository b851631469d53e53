import {
  type Address,
  type Chain,
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  erc20Abi,
  type Hash,
  http,
  maxUint256,
  type PublicClient,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import * as Abis from './Abis.js'
import * as Accounts from './Accounts.js'
import * as Compile from './Compile.js'
import * as Deployment from './Deployment.js'
import * as FrontdoorAccount from './FrontdoorAccount.js'
import * as Health from './Health.js'
import * as Uniswap from './Uniswap.js'

const RECEIPT_TIMEOUT_MS = 30_000

/** The result of {@link seed}. */
export type Seeded = {
  deployment: Deployment.Deployment
  /** True when the chain was seeded before and nothing was sent. */
  alreadySeeded: boolean
}

/** A viem chain for a devnet at `url`. */
export function chain(chainId: number, url: string): Chain {
  return defineChain({
    id: chainId,
    name: `Frontdoor Devnet ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [url] } },
    testnet: true,
  })
}

async function receipt(client: PublicClient, hash: Hash) {
  // Automine mines on send, so the receipt is usually there at once; interval mining needs the wait.
  const found = await client.getTransactionReceipt({ hash }).catch(() => undefined)
  const result =
    found ??
    (await client.waitForTransactionReceipt({ hash, pollingInterval: 100, timeout: RECEIPT_TIMEOUT_MS }))
  if (result.status !== 'success') throw new Error(`devnet: seed transaction ${hash} reverted`)
  return result
}

/**
 * Seeds a fresh devnet node at `url`: deploys the tokens, NFT collections, the Uniswap-v2 factory,
 * router and pools and the ERC-4337 EntryPoint and account factories from `Accounts.DEPLOYER` in a fixed
 * nonce order, and sets the deterministic deployment proxy's code, so every address equals the
 * constant in `Deployment`. Idempotent: on a chain seeded before it checks the deployment and sends
 * nothing. Refuses a chain where the deployer sent some transactions but did not complete the seed.
 *
 * @example
 * const { deployment } = await Seed.seed('http://127.0.0.1:8545')
 */
export async function seed(url: string): Promise<Seeded> {
  const chainId = await Health.chainId(url)
  if (chainId === undefined) throw new Error(`devnet: no JSON-RPC node answers at ${url}`)
  const deployment = Deployment.forChain(chainId)
  // A request the node drops (a busy machine, a keep-alive socket it closed) is sent again: most of the
  // seed's requests are reads, safe to repeat; a transaction the node had taken is refused as known, and
  // the seed fails as it did without the retry.
  const transport = http(url, { retryCount: 3, timeout: 10_000 })
  const viemChain = chain(chainId, url)
  const client = createPublicClient({ chain: viemChain, transport }) as PublicClient
  const account = privateKeyToAccount(Accounts.DEPLOYER.privateKey)
  const wallet = createWalletClient({ account, chain: viemChain, transport })

  const startNonce = await client.getTransactionCount({ address: account.address })
  if (startNonce >= Deployment.SEED_TRANSACTIONS && (await Health.isSeeded(url))) {
    await verify(client, deployment)
    return { deployment, alreadySeeded: true }
  }
  if (startNonce !== 0) {
    throw new Error(
      `devnet: chain ${chainId} at ${url} is partly seeded (deployer nonce ${startNonce} of ${Deployment.SEED_TRANSACTIONS}); restart the node to get a fresh chain`,
    )
  }

  const test = createTestClient({ mode: 'hardhat', chain: viemChain, transport })
  await test.setBalance({ address: account.address, value: Deployment.SEED.deployerWei })
  await test.setCode({
    address: Deployment.DETERMINISTIC_DEPLOYER.address,
    bytecode: Deployment.DETERMINISTIC_DEPLOYER.code,
  })

  const { Token, Collectible, FrontdoorAccountFactory } = Compile.contracts()
  if (!Token || !Collectible || !FrontdoorAccountFactory) {
    throw new Error('devnet: contracts/ lacks Token, Collectible or FrontdoorAccountFactory')
  }
  const uniswap = Uniswap.artifacts()
  const holders = Accounts.DEV_ACCOUNTS.map((a) => a.address)
  const { tokens, nfts } = deployment
  const { accountBalances: each, deployerBalances: own } = Deployment.SEED
  let nonce = 0

  const deploy = async (label: string, expected: Address, artifact: Compile.Artifact, args: unknown[]) => {
    const hash = await wallet.deployContract({
      abi: artifact.abi,
      bytecode: artifact.bytecode,
      args,
      nonce: nonce++,
    })
    const deployed = (await receipt(client, hash)).contractAddress
    if (deployed?.toLowerCase() !== expected.toLowerCase()) {
      throw new Error(
        `devnet: ${label} deployed at ${deployed}, expected ${expected} (Deployment.ts is stale)`,
      )
    }
  }
  const token = (t: Deployment.Token, key: 'FUSD' | 'DOOR' | 'PTS') =>
    deploy(t.symbol, t.address, Token, [t.name, t.symbol, t.decimals, holders, each[key], own[key]])
  const collection = (c: Deployment.Collection, key: 'KEY' | 'SPAM') =>
    deploy(c.symbol, c.address, Collectible, [c.name, c.symbol, Deployment.SEED.nftImages[key], c.owners])

  await token(tokens.FUSD, 'FUSD')
  await token(tokens.DOOR, 'DOOR')
  await token(tokens.PTS, 'PTS')
  await collection(nfts.KEY, 'KEY')
  await collection(nfts.SPAM, 'SPAM')
  await deploy('WETH9', deployment.uniswap.weth, uniswap.WETH9, [])
  await deploy('UniswapV2Factory', deployment.uniswap.factory, uniswap.UniswapV2Factory, [account.address])
  await deploy('UniswapV2Router02', deployment.uniswap.router, uniswap.UniswapV2Router02, [
    deployment.uniswap.factory,
    deployment.uniswap.weth,
  ])

  const router = deployment.uniswap.router
  const mined = async (hash: Promise<Hash>) => {
    await receipt(client, await hash)
  }
  for (const t of [tokens.FUSD, tokens.DOOR]) {
    await mined(
      wallet.writeContract({
        address: t.address,
        abi: erc20Abi,
        functionName: 'approve',
        args: [router, maxUint256],
        nonce: nonce++,
      }),
    )
  }
  await mined(
    wallet.writeContract({
      address: router,
      abi: Abis.uniswapV2RouterAbi,
      functionName: 'addLiquidityETH',
      args: [tokens.FUSD.address, Deployment.SEED.FUSD_WETH.FUSD, 0n, 0n, account.address, maxUint256],
      value: Deployment.SEED.FUSD_WETH.WETH,
      nonce: nonce++,
    }),
  )
  await mined(
    wallet.writeContract({
      address: router,
      abi: Abis.uniswapV2RouterAbi,
      functionName: 'addLiquidity',
      args: [
        tokens.DOOR.address,
        tokens.FUSD.address,
        Deployment.SEED.DOOR_FUSD.DOOR,
        Deployment.SEED.DOOR_FUSD.FUSD,
        0n,
        0n,
        account.address,
        maxUint256,
      ],
      nonce: nonce++,
    }),
  )
  const aa = deployment.accountAbstraction
  const { EntryPoint, SimpleAccountFactory } = Compile.packaged(Deployment.ACCOUNT_ABSTRACTION_SOURCES)
  if (!EntryPoint || !SimpleAccountFactory) throw new Error('devnet: no EntryPoint or SimpleAccountFactory')
  await deploy('EntryPoint', aa.entryPoint, EntryPoint, [])
  await deploy('SimpleAccountFactory', aa.simpleAccountFactory, SimpleAccountFactory, [aa.entryPoint])
  await deploy('FrontdoorAccountFactory', aa.frontdoorAccountFactory, FrontdoorAccountFactory, [
    aa.entryPoint,
  ])
  if (nonce !== Deployment.SEED_TRANSACTIONS) {
    throw new Error(
      `devnet: seeding sent ${nonce} transactions, Deployment.SEED_TRANSACTIONS says ${Deployment.SEED_TRANSACTIONS}`,
    )
  }
  await verify(client, deployment)
  return { deployment, alreadySeeded: false }
}

/**
 * Checks that the deterministic deployment proxy is there, that the pools of `deployment` are the
 * factory's pairs (so the router finds them) and that each account factory's implementation is the
 * expected one, bound to the EntryPoint.
 */
async function verify(client: PublicClient, deployment: Deployment.Deployment): Promise<void> {
  const proxy = await client.getCode({ address: Deployment.DETERMINISTIC_DEPLOYER.address })
  if (proxy !== Deployment.DETERMINISTIC_DEPLOYER.code) {
    throw new Error(
      `devnet: no deterministic deployment proxy at ${Deployment.DETERMINISTIC_DEPLOYER.address}`,
    )
  }
  const aa = deployment.accountAbstraction
  const factories = [
    [aa.simpleAccountFactory, aa.simpleAccountImplementation],
    [aa.frontdoorAccountFactory, aa.frontdoorAccountImplementation],
  ] as const
  for (const [factory, expected] of factories) {
    const implementation = await client.readContract({
      address: factory,
      abi: Abis.simpleAccountFactoryAbi,
      functionName: 'accountImplementation',
    })
    const entryPoint = await client.readContract({
      address: implementation,
      abi: Abis.simpleAccountAbi,
      functionName: 'entryPoint',
    })
    if (implementation !== expected || entryPoint !== aa.entryPoint) {
      throw new Error(
        `devnet: the account factory ${factory}'s implementation is ${implementation} on EntryPoint ${entryPoint}, expected ${expected} on ${aa.entryPoint}`,
      )
    }
  }
  // The implementation takes only EIP-712 user-operation signatures (FrontdoorUserOperation): an older
  // one, which took the owner's personal_sign of the hash, has no USER_OPERATION_TYPEHASH.
  const typehash = await client
    .readContract({
      address: aa.frontdoorAccountImplementation,
      abi: Abis.frontdoorAccountAbi,
      functionName: 'USER_OPERATION_TYPEHASH',
    })
    .catch(() => undefined)
  if (typehash !== FrontdoorAccount.USER_OPERATION_TYPEHASH) {
    throw new Error(
      `devnet: the FrontdoorAccount implementation ${aa.frontdoorAccountImplementation} is not the current contract (its USER_OPERATION_TYPEHASH is ${typehash ?? 'missing'}); restart the node to get a fresh chain`,
    )
  }
  for (const pool of Object.values(deployment.pools)) {
    const pair = await client.readContract({
      address: deployment.uniswap.factory,
      abi: Abis.uniswapV2FactoryAbi,
      functionName: 'getPair',
      args: [pool.token0, pool.token1],
    })
    if (pair.toLowerCase() !== pool.address.toLowerCase()) {
      throw new Error(`devnet: factory pair ${pool.name} is ${pair}, expected ${pool.address}`)
    }
  }
}
