import { Seed } from '@frontdoor/devnet'
import * as Abis from '@frontdoor/devnet/abis'
import * as Deployment from '@frontdoor/devnet/deployment'
import * as Devnet from '@frontdoor/devnet/devnet'
import * as FrontdoorAccount from '@frontdoor/devnet/frontdoor-account'
import {
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  http,
  isErc6492Signature,
  maxUint256,
  parseEther,
} from 'viem'
import { createBundlerClient } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import * as Bundler from './Bundler.js'

// Our own smart account through a real Alto on a real seeded devnet.
const chainId = 31338
const deployment = Deployment.forChain(chainId)
let node: Devnet.Node
let bundler: Bundler.Bundler
beforeAll(async () => {
  node = await Devnet.start({ chainId })
  bundler = await Bundler.start({ chains: [{ chainId, rpcUrl: node.url }] })
})
afterAll(async () => {
  await bundler?.stop()
  await node?.stop()
})

const setup = async () => {
  const chain = Seed.chain(chainId, node.url)
  const client = createPublicClient({ chain, transport: http(node.url) })
  const account = await FrontdoorAccount.toFrontdoorAccount({
    client,
    contracts: deployment.accountAbstraction,
    owner: privateKeyToAccount(generatePrivateKey()),
  })
  const funder = createWalletClient({
    chain,
    transport: http(node.url),
    account: privateKeyToAccount(deployment.accounts[8]!.privateKey),
  })
  await client.waitForTransactionReceipt({
    hash: await funder.sendTransaction({ to: account.address, value: parseEther('1') }),
    pollingInterval: 50,
  })
  const bundlerClient = createBundlerClient({ client, chain, transport: http(bundler.endpoint(chainId)) })
  return { client, account, bundlerClient }
}

const fresh = () => privateKeyToAccount(generatePrivateKey()).address
const fusd = deployment.tokens.FUSD.address

describe('FrontdoorAccount through the bundler', () => {
  test('its first user operation deploys it and runs a batch (executeBatch); then it signs ERC-1271', async () => {
    const { client, account, bundlerClient } = await setup()
    const [to1, to2, spender] = [fresh(), fresh(), fresh()]
    expect(await client.getCode({ address: account.address })).toBeUndefined()
    expect(isErc6492Signature(await account.signMessage({ message: 'hi' }))).toBe(true)
    const allowance = () =>
      client.readContract({
        address: fusd,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [account.address, spender],
      })
    expect(await allowance()).toBe(0n)

    const calls = [
      { to: to1, value: parseEther('0.1') },
      { to: to2, value: parseEther('0.2') },
      {
        to: fusd,
        data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, maxUint256] }),
      },
    ]
    const hash = await bundlerClient.sendUserOperation({ account, calls })
    const receipt = await bundlerClient.waitForUserOperationReceipt({ hash, pollingInterval: 100 })
    expect(receipt.success).toBe(true)
    expect(receipt.sender).toBe(account.address)
    expect(receipt.receipt.from).toBe(Bundler.EXECUTOR)
    // One user operation: deployed through our factory, its call data one executeBatch.
    const { userOperation } = await bundlerClient.getUserOperation({ hash })
    expect(userOperation.factory).toBe(deployment.accountAbstraction.frontdoorAccountFactory)
    expect(
      (await account.decodeCalls?.(userOperation.callData))?.map((call) => [call.to, call.value]),
    ).toEqual([
      [to1, parseEther('0.1')],
      [to2, parseEther('0.2')],
      [fusd, 0n],
    ])
    expect(userOperation.callData.slice(0, 10)).toBe(
      encodeFunctionData({
        abi: Abis.frontdoorAccountAbi,
        functionName: 'executeBatch',
        args: [[], [], []],
      }).slice(0, 10),
    )
    expect((await client.getCode({ address: account.address }))?.length ?? 0).toBeGreaterThan(2)
    expect(await client.getBalance({ address: to1 })).toBe(parseEther('0.1'))
    expect(await client.getBalance({ address: to2 })).toBe(parseEther('0.2'))
    expect(await allowance()).toBe(maxUint256)

    // Deployed: plain ERC-1271 signatures, accepted by viem.
    const signature = await account.signMessage({ message: 'hi' })
    expect(isErc6492Signature(signature)).toBe(false)
    expect(await client.verifyMessage({ address: account.address, message: 'hi', signature })).toBe(true)
  })

  test('a batch is atomic: one reverting call reverts the others', async () => {
    const { client, account, bundlerClient } = await setup()
    const to = fresh()
    // The account holds no FUSD, so the transfer reverts after the ETH was sent.
    const calls = [
      { to, value: parseEther('0.1') },
      {
        to: fusd,
        data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, 1n] }),
      },
    ]
    // Gas limits given, so the bundler does not estimate (its estimate would refuse the reverting call).
    const hash = await bundlerClient.sendUserOperation({
      account,
      calls,
      callGasLimit: 200_000n,
      verificationGasLimit: 500_000n,
      preVerificationGas: 100_000n,
    })
    const receipt = await bundlerClient.waitForUserOperationReceipt({ hash, pollingInterval: 100 })
    expect(receipt.success).toBe(false)
    expect(receipt.receipt.status).toBe('success')
    // The account was deployed (validation passed) but nothing of the batch happened.
    expect((await client.getCode({ address: account.address }))?.length ?? 0).toBeGreaterThan(2)
    expect(await client.getBalance({ address: to })).toBe(0n)
    expect(
      await client.readContract({ address: fusd, abi: erc20Abi, functionName: 'balanceOf', args: [to] }),
    ).toBe(0n)
  })
})
