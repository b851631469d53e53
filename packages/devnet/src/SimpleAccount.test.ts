import { createPublicClient, http, parseEther, recoverMessageAddress, zeroAddress } from 'viem'
import { entryPoint07Abi, getUserOperationHash } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import * as Abis from './Abis.js'
import * as Deployment from './Deployment.js'
import * as Devnet from './Devnet.js'
import * as Seed from './Seed.js'
import * as SimpleAccount from './SimpleAccount.js'

// The whole flow (a user operation through the bundler deploys the account) is tested by the bundler.
const contracts = Deployment.forChain(31337).accountAbstraction
let node: Devnet.Node
beforeAll(async () => {
  node = await Devnet.start({ chainId: 31337 })
})
afterAll(() => node?.stop())

const setup = async (salt?: bigint) => {
  const client = createPublicClient({ chain: Seed.chain(31337, node.url), transport: http(node.url) })
  const owner = privateKeyToAccount(generatePrivateKey())
  const account = await SimpleAccount.toSimpleAccount({
    client,
    contracts,
    owner,
    ...(salt === undefined ? {} : { salt }),
  })
  return { client, owner, account }
}

describe('toSimpleAccount', () => {
  test("is the factory's counterfactual account of the owner, not yet deployed", async () => {
    const { client, owner, account } = await setup()
    const address = await account.getAddress()
    expect(address).toBe(
      await client.readContract({
        address: contracts.simpleAccountFactory,
        abi: Abis.simpleAccountFactoryAbi,
        functionName: 'getAddress',
        args: [owner.address, 0n],
      }),
    )
    expect(await account.isDeployed()).toBe(false)
    // viem's nonce key is the clock (operations may run in parallel); the sequence under it starts at 0.
    expect((await account.getNonce()) & (2n ** 64n - 1n)).toBe(0n)
    expect(account.entryPoint).toMatchObject({ address: contracts.entryPoint, version: '0.7' })
    const other = await setup(1n)
    expect(await other.account.getAddress()).not.toBe(address)
  })

  test("its factory arguments are the factory's createAccount(owner, salt)", async () => {
    const { owner, account } = await setup(5n)
    const { factory, factoryData } = await account.getFactoryArgs()
    expect(factory).toBe(contracts.simpleAccountFactory)
    const client = createPublicClient({ chain: Seed.chain(31337, node.url), transport: http(node.url) })
    // The factory returns the counterfactual address when called with these arguments.
    const { data } = await client.call({ to: factory, data: factoryData })
    expect(`0x${data?.slice(26)}`.toLowerCase()).toBe((await account.getAddress()).toLowerCase())
    expect(factoryData?.includes(owner.address.slice(2).toLowerCase())).toBe(true)
  })

  test('encodes one call as execute and several as executeBatch, and decodes them back', async () => {
    const { account } = await setup()
    const one = [{ to: zeroAddress, value: parseEther('1'), data: '0x12' as const }]
    const two = [...one, { to: contracts.entryPoint, value: 0n, data: '0x' as const }]
    const single = await account.encodeCalls(one)
    const batch = await account.encodeCalls(two)
    expect(single.slice(0, 10)).not.toBe(batch.slice(0, 10))
    expect(await account.decodeCalls?.(single)).toEqual(one)
    expect(await account.decodeCalls?.(batch)).toEqual(two)
  })

  test("signs the EntryPoint's user operation hash with the owner's key (EIP-191)", async () => {
    const { client, owner, account } = await setup()
    const userOperation = {
      sender: await account.getAddress(),
      nonce: 0n,
      callData: await account.encodeCalls([{ to: zeroAddress, value: 1n }]),
      callGasLimit: 100_000n,
      verificationGasLimit: 500_000n,
      preVerificationGas: 60_000n,
      maxFeePerGas: 2_000_000_000n,
      maxPriorityFeePerGas: 1_000_000_000n,
      signature: '0x' as const,
    }
    const signature = await account.signUserOperation(userOperation)
    const hash = getUserOperationHash({
      chainId: 31337,
      entryPointAddress: contracts.entryPoint,
      entryPointVersion: '0.7',
      userOperation,
    })
    expect(await recoverMessageAddress({ message: { raw: hash }, signature })).toBe(owner.address)
    // The EntryPoint computes the same hash on chain.
    const packed = {
      sender: userOperation.sender,
      nonce: 0n,
      initCode: '0x' as const,
      callData: userOperation.callData,
      accountGasLimits:
        `0x${userOperation.verificationGasLimit.toString(16).padStart(32, '0')}${userOperation.callGasLimit.toString(16).padStart(32, '0')}` as const,
      preVerificationGas: userOperation.preVerificationGas,
      gasFees:
        `0x${userOperation.maxPriorityFeePerGas.toString(16).padStart(32, '0')}${userOperation.maxFeePerGas.toString(16).padStart(32, '0')}` as const,
      paymasterAndData: '0x' as const,
      signature,
    }
    expect(
      await client.readContract({
        address: contracts.entryPoint,
        abi: entryPoint07Abi,
        functionName: 'getUserOpHash',
        args: [packed],
      }),
    ).toBe(hash)
  })

  test('refuses to sign messages: SimpleAccount v0.7 has no ERC-1271', async () => {
    const { account } = await setup()
    await expect(account.signMessage({ message: 'hello' })).rejects.toThrow('no ERC-1271 isValidSignature')
  })
})
