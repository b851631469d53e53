import * as Bundler from '@frontdoor/bundler/bundler'
import { Seed } from '@frontdoor/devnet'
import * as Deployment from '@frontdoor/devnet/deployment'
import * as Devnet from '@frontdoor/devnet/devnet'
import * as SimpleAccount from '@frontdoor/devnet/simple-account'
import { createPublicClient, createWalletClient, http, parseEther } from 'viem'
import { createBundlerClient } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, describe, expect, test } from 'vitest'
import * as TestServer from './TestServer.js'

// A real seeded devnet, Alto in front of it, and the API on a real HTTP server forwarding /v1/bundler.
const node = await Devnet.start({ chainId: 31337 })
const bundler = await Bundler.start({ chains: [{ chainId: 31337, rpcUrl: node.url }] })
const server = await TestServer.start()
server.config.bundlers = { 'eip155:31337': bundler.endpoint(31337) }
afterAll(async () => {
  await server.close()
  await bundler.stop()
  await node.stop()
})

const deployment = Deployment.forChain(31337)
const chain = Seed.chain(31337, node.url)
const client = createPublicClient({ chain, transport: http(node.url) })
const endpoint = `${server.url}/v1/bundler?chainId=eip155:31337&projectId=demo`

describe('POST /v1/bundler with Alto on a devnet', () => {
  test("answers the chain's EntryPoint v0.7", async () => {
    const bundlerClient = createBundlerClient({ client, chain, transport: http(endpoint) })
    expect(await bundlerClient.getSupportedEntryPoints()).toEqual([deployment.accountAbstraction.entryPoint])
    expect(await bundlerClient.getChainId()).toBe(31337)
  })

  test('a user operation of a counterfactual account deploys it and sends ETH; the receipt says success', async () => {
    const account = await SimpleAccount.toSimpleAccount({
      client,
      contracts: deployment.accountAbstraction,
      owner: privateKeyToAccount(generatePrivateKey()),
    })
    const address = await account.getAddress()
    const funder = createWalletClient({
      chain,
      transport: http(node.url),
      account: privateKeyToAccount(deployment.accounts[7]!.privateKey),
    })
    await client.waitForTransactionReceipt({
      hash: await funder.sendTransaction({ to: address, value: parseEther('1') }),
      pollingInterval: 50,
    })
    const to = privateKeyToAccount(generatePrivateKey()).address
    expect(await client.getCode({ address })).toBeUndefined()
    expect(await client.getBalance({ address: to })).toBe(0n)

    const bundlerClient = createBundlerClient({ client, chain, transport: http(endpoint) })
    const gas = await bundlerClient.estimateUserOperationGas({
      account,
      calls: [{ to, value: parseEther('0.1') }],
    })
    expect(gas.verificationGasLimit).toBeGreaterThan(100_000n) // it includes deploying the account
    const hash = await bundlerClient.sendUserOperation({ account, calls: [{ to, value: parseEther('0.1') }] })
    const receipt = await bundlerClient.waitForUserOperationReceipt({ hash, pollingInterval: 100 })
    expect(receipt).toMatchObject({ success: true, sender: address, userOpHash: hash })
    expect(receipt.receipt.status).toBe('success')
    const byHash = await bundlerClient.getUserOperation({ hash })
    expect(byHash.userOperation.sender).toBe(address)
    expect(byHash.entryPoint).toBe(deployment.accountAbstraction.entryPoint)

    expect((await client.getCode({ address }))?.length ?? 0).toBeGreaterThan(2)
    expect(await client.getBalance({ address: to })).toBe(parseEther('0.1'))

    // Deployed now: the next operation carries no factory and still succeeds.
    const second = await bundlerClient.sendUserOperation({
      account,
      calls: [{ to, value: parseEther('0.2') }],
    })
    expect(
      (await bundlerClient.waitForUserOperationReceipt({ hash: second, pollingInterval: 100 })).success,
    ).toBe(true)
    expect(await client.getBalance({ address: to })).toBe(parseEther('0.3'))
  })

  test("a user operation the account cannot pay for is refused by the bundler's simulation, not mined", async () => {
    const account = await SimpleAccount.toSimpleAccount({
      client,
      contracts: deployment.accountAbstraction,
      owner: privateKeyToAccount(generatePrivateKey()),
    })
    const bundlerClient = createBundlerClient({ client, chain, transport: http(endpoint) })
    const block = await client.getBlockNumber()
    await expect(
      bundlerClient.sendUserOperation({
        account,
        calls: [{ to: deployment.accounts[0]!.address, value: 1n }],
        callGasLimit: 100_000n,
        verificationGasLimit: 500_000n,
        preVerificationGas: 100_000n,
      }),
    ).rejects.toThrow(/AA21 didn't pay prefund/)
    expect(await client.getBlockNumber()).toBe(block)
    expect(await account.isDeployed()).toBe(false)
  })
})
