import { Seed } from '@frontdoor/devnet'
import * as Deployment from '@frontdoor/devnet/deployment'
import * as Devnet from '@frontdoor/devnet/devnet'
import * as SimpleAccount from '@frontdoor/devnet/simple-account'
import { createPublicClient, createWalletClient, http, parseEther } from 'viem'
import { createBundlerClient } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import * as Bundler from './Bundler.js'

// A real seeded devnet and a real Alto in front of it.
let node: Devnet.Node
let bundler: Bundler.Bundler
beforeAll(async () => {
  node = await Devnet.start({ chainId: 31338 })
  bundler = await Bundler.start({ chains: [{ chainId: 31338, rpcUrl: node.url }] })
})
afterAll(async () => {
  await bundler?.stop()
  await node?.stop()
})

const post = (path: string, body: unknown) =>
  fetch(`${bundler.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })

describe('start', () => {
  test("serves the chain's EntryPoint v0.7 at /<chainId>, healthy; other paths are refused", async () => {
    const answer = await post('/31338', {
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_supportedEntryPoints',
      params: [],
    })
    expect(await answer.json()).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: [Deployment.forChain(31338).accountAbstraction.entryPoint],
    })
    expect((await fetch(`${bundler.url}/healthz`)).status).toBe(200)
    expect((await post('/31337', {})).status).toBe(404)
    expect((await fetch(`${bundler.url}/31338`)).status).toBe(405)
    expect(bundler.endpoint(31338)).toBe(`${bundler.url}/31338`)
  })

  test('a user operation from a counterfactual account deploys it and sends ETH', async () => {
    const chain = Seed.chain(31338, node.url)
    const client = createPublicClient({ chain, transport: http(node.url) })
    const deployment = Deployment.forChain(31338)
    const account = await SimpleAccount.toSimpleAccount({
      client,
      contracts: deployment.accountAbstraction,
      owner: privateKeyToAccount(generatePrivateKey()),
    })
    const address = await account.getAddress()
    const funder = createWalletClient({
      chain,
      transport: http(node.url),
      account: privateKeyToAccount(deployment.accounts[8]!.privateKey),
    })
    await client.waitForTransactionReceipt({
      hash: await funder.sendTransaction({ to: address, value: parseEther('1') }),
      pollingInterval: 50,
    })
    const to = privateKeyToAccount(generatePrivateKey()).address
    expect(await client.getCode({ address })).toBeUndefined()
    expect(await client.getBalance({ address: to })).toBe(0n)

    const bundlerClient = createBundlerClient({ client, chain, transport: http(bundler.endpoint(31338)) })
    const hash = await bundlerClient.sendUserOperation({
      account,
      calls: [{ to, value: parseEther('0.25') }],
    })
    const receipt = await bundlerClient.waitForUserOperationReceipt({ hash, pollingInterval: 100 })
    expect(receipt.success).toBe(true)
    expect(receipt.sender).toBe(address)
    expect(receipt.receipt.from).toBe(Bundler.EXECUTOR)
    expect((await client.getCode({ address }))?.length ?? 0).toBeGreaterThan(2)
    expect(await client.getBalance({ address: to })).toBe(parseEther('0.25'))
    // The account paid the bundle's gas from its own balance (no paymaster).
    expect(await client.getBalance({ address })).toBeLessThan(parseEther('0.75'))
  })
})
