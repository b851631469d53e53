import * as Addresses from '@frontdoor/protocol/addresses'
import {
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
  type Hex,
  http,
  keccak256,
  parseEther,
  toBytes,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

/**
 * The sandbox's own funded account, from which it delivers what was bought. Its key is
 * keccak256("frontdoor onramp sandbox"), none of the devnets' dev accounts, so no test spends from it
 * and no test's balance moves but the buyer's; ONRAMP_TREASURY_KEY replaces it. On the devnets it is
 * funded with `hardhat_setBalance` when it runs low (as the devnet's deployer is).
 */
const DEFAULT_KEY: Hex = keccak256(toBytes('frontdoor onramp sandbox'))

/** What the treasury is topped up to on a devnet, and the balance under which it is. */
const TOP_UP_WEI = parseEther('1000000')
const LOW_WEI = parseEther('1000')

/** The chains the sandbox delivers on, CAIP-2 -> JSON-RPC URL: the two devnets by default. */
export function chainsFromEnv(env: Record<string, string | undefined>): Record<string, string> {
  const addresses = Addresses.from(env)
  return { 'eip155:31337': addresses.DEVNET_31337_URL, 'eip155:31338': addresses.DEVNET_31338_URL }
}

/**
 * The treasury on `chains`: `deliver` sends `wei` of the native coin to `to` on a chain and resolves
 * with the transaction's hash once it is mined. Deliveries on one chain go one at a time (one nonce).
 */
export function create(options: { privateKey?: Hex | undefined; chains: Record<string, string> }) {
  const account = privateKeyToAccount(options.privateKey ?? DEFAULT_KEY)
  const queues = new Map<string, Promise<unknown>>()

  const clients = (chainId: string) => {
    const url = options.chains[chainId]
    if (!url) throw new Error(`The sandbox does not deliver on ${chainId}`)
    const chain = {
      id: Number(chainId.split(':')[1]),
      name: chainId,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [url] } },
    }
    const transport = http(url)
    return {
      client: createPublicClient({ chain, transport, cacheTime: 0 }),
      wallet: createWalletClient({ account, chain, transport }),
      devnet: createTestClient({ mode: 'hardhat', chain, transport }),
    }
  }

  /** Tops the treasury up on a devnet (hardhat_setBalance) when it runs low. */
  async function fund(chainId: string) {
    const { client, devnet } = clients(chainId)
    const balance = await client.getBalance({ address: account.address })
    if (balance < LOW_WEI) await devnet.setBalance({ address: account.address, value: TOP_UP_WEI })
  }

  async function send(chainId: string, to: Address, wei: bigint): Promise<Hex> {
    const { client, wallet } = clients(chainId)
    await fund(chainId)
    const hash = await wallet.sendTransaction({ to, value: wei })
    const receipt = await client.waitForTransactionReceipt({ hash })
    if (receipt.status !== 'success') throw new Error(`The delivery ${hash} reverted`)
    return hash
  }

  return {
    address: account.address,
    /** Sends `wei` to `to` on `chainId` (CAIP-2); the mined transaction's hash. */
    deliver(chainId: string, to: Address, wei: bigint): Promise<Hex> {
      const previous = queues.get(chainId) ?? Promise.resolve()
      const next = previous.catch(() => undefined).then(() => send(chainId, to, wei))
      queues.set(chainId, next)
      return next
    },
  }
}

/** The treasury of {@link create}. */
export type Treasury = ReturnType<typeof create>
