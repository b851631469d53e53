import { uniswapV2RouterAbi, wethAbi } from '@frontdoor/devnet/abis'
import { type ChainId, DEPLOYMENTS } from '@frontdoor/devnet/deployment'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeFunctionData,
  erc20Abi,
  erc721Abi,
  type Hex,
  http,
  maxUint256,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

/**
 * Transactions on a real devnet node for the indexer and account tests: the seeded dev accounts send
 * coin, tokens and NFTs, approve and swap through the AMM router, each call waiting for its receipt.
 */
export function create(options: { chainId: ChainId; url: string }) {
  const deployment = DEPLOYMENTS[options.chainId]
  const chain = defineChain({
    id: options.chainId,
    name: `devnet ${options.chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [options.url] } },
  })
  const client = createPublicClient({ chain, transport: http(options.url), cacheTime: 0 })
  const wallet = (index: number) =>
    createWalletClient({
      account: privateKeyToAccount(deployment.accounts[index]!.privateKey),
      chain,
      transport: http(options.url),
    })
  const mined = async (hash: Hex) => {
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 20 })
    return { hash, status: receipt.status, blockNumber: Number(receipt.blockNumber) }
  }
  const deadline = () => BigInt(Math.floor(Date.now() / 1000) + 3600)
  // Swaps get a fixed gas limit: Hardhat estimates them in a block with the previous block's timestamp,
  // where the pair skips its price accumulators, so an estimated swap can run out of gas when mined.
  const swapGas = 400_000n
  const { tokens, nfts, uniswap } = deployment
  return {
    deployment,
    client,
    address: (index: number) => deployment.accounts[index]!.address,
    sendEth: async (from: number, to: Address, wei: bigint) =>
      mined(await wallet(from).sendTransaction({ to, value: wei })),
    sendToken: async (from: number, token: Address, to: Address, amount: bigint) =>
      mined(
        await wallet(from).writeContract({
          address: token,
          abi: erc20Abi,
          functionName: 'transfer',
          args: [to, amount],
        }),
      ),
    sendNft: async (from: number, to: Address, tokenId: bigint, collection: Address = nfts.KEY.address) =>
      mined(
        await wallet(from).writeContract({
          address: collection,
          abi: erc721Abi,
          functionName: 'transferFrom',
          args: [deployment.accounts[from]!.address, to, tokenId],
        }),
      ),
    approveRouter: async (from: number, token: Address) =>
      mined(
        await wallet(from).writeContract({
          address: token,
          abi: erc20Abi,
          functionName: 'approve',
          args: [uniswap.router, maxUint256],
        }),
      ),
    swapTokens: async (from: number, path: Address[], amountIn: bigint) =>
      mined(
        await wallet(from).writeContract({
          address: uniswap.router,
          abi: uniswapV2RouterAbi,
          functionName: 'swapExactTokensForTokens',
          args: [amountIn, 0n, path, deployment.accounts[from]!.address, deadline()],
          gas: swapGas,
        }),
      ),
    swapEthForTokens: async (from: number, token: Address, wei: bigint) =>
      mined(
        await wallet(from).writeContract({
          address: uniswap.router,
          abi: uniswapV2RouterAbi,
          functionName: 'swapExactETHForTokens',
          args: [0n, [tokens.WETH.address, token], deployment.accounts[from]!.address, deadline()],
          value: wei,
          gas: swapGas,
        }),
      ),
    swapTokensForEth: async (from: number, token: Address, amountIn: bigint) =>
      mined(
        await wallet(from).writeContract({
          address: uniswap.router,
          abi: uniswapV2RouterAbi,
          functionName: 'swapExactTokensForETH',
          args: [amountIn, 0n, [token, tokens.WETH.address], deployment.accounts[from]!.address, deadline()],
          gas: swapGas,
        }),
      ),
    wrap: async (from: number, wei: bigint) =>
      mined(
        await wallet(from).writeContract({
          address: tokens.WETH.address,
          abi: wethAbi,
          functionName: 'deposit',
          value: wei,
        }),
      ),
    unwrap: async (from: number, wei: bigint) =>
      mined(
        await wallet(from).writeContract({
          address: tokens.WETH.address,
          abi: wethAbi,
          functionName: 'withdraw',
          args: [wei],
        }),
      ),
    /** A token transfer that reverts (more than the balance), mined anyway with a fixed gas limit. */
    failingTransfer: async (from: number, token: Address, to: Address) => {
      const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, 10n ** 40n] })
      const before = await client.getBlockNumber()
      // Hardhat answers a reverting transaction with an error, but mines it.
      await wallet(from)
        .sendTransaction({ to: token, data, gas: 100_000n })
        .catch(() => undefined)
      const block = await client.getBlock({ blockNumber: before + 1n })
      return mined(block.transactions[0] as Hex)
    },
    /** Mines `count` empty blocks at once. */
    mineEmpty: (count: number) =>
      client.request({
        method: 'hardhat_mine',
        params: [`0x${count.toString(16)}`],
      } as never) as Promise<unknown>,
    snapshot: () => client.request({ method: 'evm_snapshot', params: [] } as never) as Promise<Hex>,
    revert: (id: Hex) => client.request({ method: 'evm_revert', params: [id] } as never) as Promise<boolean>,
  }
}
