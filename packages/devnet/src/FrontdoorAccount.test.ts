import * as SmartAccount from '@frontdoor/smart-account'
import {
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  hashMessage,
  hashTypedData,
  http,
  isErc6492Signature,
  parseErc6492Signature,
  parseEther,
  recoverMessageAddress,
  recoverTypedDataAddress,
  serializeErc6492Signature,
  zeroAddress,
} from 'viem'
import { entryPoint07Abi, getUserOperationHash, toPackedUserOperation } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import * as Abis from './Abis.js'
import * as Deployment from './Deployment.js'
import * as Devnet from './Devnet.js'
import * as FrontdoorAccount from './FrontdoorAccount.js'
import * as Seed from './Seed.js'

// A real seeded devnet. The user operation flow through the bundler is tested in apps/bundler.
const deployment = Deployment.forChain(31337)
const contracts = deployment.accountAbstraction
const MAGIC_VALUE = '0x1626ba7e'
let node: Devnet.Node
beforeAll(async () => {
  node = await Devnet.start({ chainId: 31337 })
})
afterAll(() => node?.stop())

const clients = () => {
  const chain = Seed.chain(31337, node.url)
  return { chain, client: createPublicClient({ chain, transport: http(node.url) }) }
}

const setup = async (owner = privateKeyToAccount(generatePrivateKey()), salt = 0n) => {
  const { chain, client } = clients()
  const account = await FrontdoorAccount.toFrontdoorAccount({ client, contracts, owner, salt })
  return { chain, client, owner, account }
}

/** Deploys `account` by calling its factory from a dev account (no user operation). */
const deploy = async (account: Awaited<ReturnType<typeof setup>>['account']) => {
  const { chain, client } = clients()
  const wallet = createWalletClient({
    chain,
    transport: http(node.url),
    account: privateKeyToAccount(deployment.accounts[7]!.privateKey),
  })
  const { factory, factoryData } = await account.getFactoryArgs()
  if (!factory || !factoryData) throw new Error('already deployed')
  const hash = await wallet.sendTransaction({ to: factory, data: factoryData })
  expect((await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })).status).toBe('success')
}

const typedData = {
  domain: {
    name: 'Example',
    version: '1',
    chainId: 31337,
    verifyingContract: deployment.tokens.FUSD.address,
  },
  types: { Mail: [{ name: 'contents', type: 'string' }] },
  primaryType: 'Mail',
  message: { contents: 'hello' },
} as const

describe('toFrontdoorAccount', () => {
  test("is the factory's counterfactual clone of the owner and salt, not yet deployed", async () => {
    const { client, owner, account } = await setup()
    expect(account.address).toBe(
      await client.readContract({
        address: contracts.frontdoorAccountFactory,
        abi: Abis.frontdoorAccountFactoryAbi,
        functionName: 'getAddress',
        args: [owner.address, 0n],
      }),
    )
    // The address is computed offline (@frontdoor/smart-account's addressOf, the API's reading too).
    expect(FrontdoorAccount.addressOf(owner.address)).toBe(account.address)
    expect(SmartAccount.DEVNET_CONTRACTS).toEqual({
      entryPoint: contracts.entryPoint,
      frontdoorAccountFactory: contracts.frontdoorAccountFactory,
      frontdoorAccountImplementation: await client.readContract({
        address: contracts.frontdoorAccountFactory,
        abi: Abis.frontdoorAccountFactoryAbi,
        functionName: 'accountImplementation',
      }),
    })
    expect(await client.getCode({ address: account.address })).toBeUndefined()
    expect(await account.isDeployed()).toBe(false)
    expect(account.entryPoint).toMatchObject({ address: contracts.entryPoint, version: '0.7' })
    const other = await setup(owner, 1n)
    expect(other.account.address).not.toBe(account.address)
    // Not SimpleAccount's: another factory.
    expect((await account.getFactoryArgs()).factory).toBe(contracts.frontdoorAccountFactory)
  })

  test('its factory deploys it at that address, owned by the owner, on the EntryPoint; once', async () => {
    const { client, owner, account } = await setup()
    await deploy(account)
    expect(await account.isDeployed()).toBe(true)
    expect(await account.getFactoryArgs()).toEqual({ factory: undefined, factoryData: undefined })
    const deployed = { address: account.address, abi: Abis.frontdoorAccountAbi } as const
    expect(await client.readContract({ ...deployed, functionName: 'owner' })).toBe(owner.address)
    expect(await client.readContract({ ...deployed, functionName: 'entryPoint' })).toBe(contracts.entryPoint)
    // createAccount again returns the same account; nobody can initialize it (or the implementation) again.
    const { data } = await client.call({
      to: contracts.frontdoorAccountFactory,
      data: encodeFunctionData({
        abi: Abis.frontdoorAccountFactoryAbi,
        functionName: 'createAccount',
        args: [owner.address, 0n],
      }),
    })
    expect(`0x${data?.slice(26)}`.toLowerCase()).toBe(account.address.toLowerCase())
    for (const address of [account.address, contracts.frontdoorAccountImplementation]) {
      await expect(
        client.simulateContract({
          address,
          abi: Abis.frontdoorAccountAbi,
          functionName: 'initialize',
          args: [owner.address],
          account: owner.address,
        }),
      ).rejects.toThrow('NotAuthorized')
    }
  })

  test('only the owner or the EntryPoint may call execute and executeBatch', async () => {
    const { client, owner, account } = await setup()
    await deploy(account)
    const call = { address: account.address, abi: Abis.frontdoorAccountAbi } as const
    const stranger = privateKeyToAccount(generatePrivateKey()).address
    await expect(
      client.simulateContract({
        ...call,
        functionName: 'execute',
        args: [zeroAddress, 0n, '0x'],
        account: stranger,
      }),
    ).rejects.toThrow('NotAuthorized')
    await expect(
      client.simulateContract({
        ...call,
        functionName: 'executeBatch',
        args: [[zeroAddress], [0n], ['0x']],
        account: stranger,
      }),
    ).rejects.toThrow('NotAuthorized')
    await client.simulateContract({
      ...call,
      functionName: 'execute',
      args: [zeroAddress, 0n, '0x'],
      account: owner.address,
    })
    await expect(
      client.simulateContract({
        ...call,
        functionName: 'executeBatch',
        args: [[zeroAddress], [], ['0x']],
        account: owner.address,
      }),
    ).rejects.toThrow('LengthMismatch')
    // A reverting call's own error comes back (the account has no FUSD).
    await expect(
      client.simulateContract({
        ...call,
        functionName: 'execute',
        args: [
          deployment.tokens.FUSD.address,
          0n,
          encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [stranger, 1n] }),
        ],
        account: owner.address,
      }),
    ).rejects.toThrow(/revert/i)
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

  test("signs the EntryPoint's user operation hash as FrontdoorUserOperation typed data (EIP-712), not EIP-191", async () => {
    const { owner, account } = await setup()
    const userOperation = {
      sender: account.address,
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
    const userOpHash = getUserOperationHash({
      chainId: 31337,
      entryPointAddress: contracts.entryPoint,
      entryPointVersion: '0.7',
      userOperation,
    })
    const typed = FrontdoorAccount.userOperationTypedData({
      account: account.address,
      chainId: 31337,
      userOpHash,
    })
    expect(await recoverTypedDataAddress({ ...typed, signature })).toBe(owner.address)
    expect(await recoverMessageAddress({ message: { raw: userOpHash }, signature })).not.toBe(owner.address)
  })
})

describe('user operations through the EntryPoint (handleOps, no bundler)', () => {
  /**
   * A counterfactual account holding 1 ETH, and an unsigned first user operation of it that sends
   * 0.5 ETH to a fresh address (deploying the account through its factory).
   */
  const drainable = async () => {
    const { chain, client, owner, account } = await setup()
    const dev = createWalletClient({
      chain,
      transport: http(node.url),
      account: privateKeyToAccount(deployment.accounts[7]!.privateKey),
    })
    await client.waitForTransactionReceipt({
      hash: await dev.sendTransaction({ to: account.address, value: parseEther('1') }),
      pollingInterval: 50,
    })
    const thief = privateKeyToAccount(generatePrivateKey()).address
    const { factory, factoryData } = await account.getFactoryArgs()
    const userOperation = {
      sender: account.address,
      nonce: await account.getNonce(),
      factory,
      factoryData,
      callData: await account.encodeCalls([{ to: thief, value: parseEther('0.5') }]),
      callGasLimit: 100_000n,
      verificationGasLimit: 600_000n,
      preVerificationGas: 60_000n,
      maxFeePerGas: 20_000_000_000n,
      maxPriorityFeePerGas: 1_000_000_000n,
      signature: '0x' as Hex,
    }
    const userOpHash = getUserOperationHash({
      chainId: 31337,
      entryPointAddress: contracts.entryPoint,
      entryPointVersion: '0.7',
      userOperation,
    })
    /** EntryPoint.handleOps([the operation signed with `signature`]) sent by a dev account. */
    const handleOps = (signature: Hex) =>
      dev.writeContract({
        address: contracts.entryPoint,
        abi: entryPoint07Abi,
        functionName: 'handleOps',
        args: [[toPackedUserOperation({ ...userOperation, signature })], dev.account.address],
        gas: 2_000_000n,
      })
    const simulateHandleOps = (signature: Hex) =>
      client.simulateContract({
        address: contracts.entryPoint,
        abi: entryPoint07Abi,
        functionName: 'handleOps',
        args: [[toPackedUserOperation({ ...userOperation, signature })], dev.account.address],
        account: dev.account,
      })
    return { client, owner, account, thief, userOperation, userOpHash, handleOps, simulateHandleOps }
  }

  /** The account's own answer: validateUserOp(op, hash, 0) called by the EntryPoint (0 valid, 1 not). */
  const validate = async (
    client: ReturnType<typeof clients>['client'],
    account: Hex,
    userOperation: Parameters<typeof toPackedUserOperation>[0],
    userOpHash: Hex,
    signature: Hex,
  ) => {
    const { result } = await client.simulateContract({
      address: account,
      abi: Abis.frontdoorAccountAbi,
      functionName: 'validateUserOp',
      args: [toPackedUserOperation({ ...userOperation, signature }), userOpHash, 0n],
      account: contracts.entryPoint,
    })
    return result
  }

  test("the drain: the owner's personal_sign of a real userOpHash is refused BY THE CONTRACT (AA24); the typed signature runs", async () => {
    const { client, owner, account, thief, userOperation, userOpHash, handleOps, simulateHandleOps } =
      await drainable()
    expect(await client.getBalance({ address: account.address })).toBe(parseEther('1'))
    expect(await client.getCode({ address: account.address })).toBeUndefined()
    // What a dApp could get from the owner's EOA with personal_sign of 32 bytes (EIP-191 of the hash).
    const personalSign = await owner.signMessage({ message: { raw: userOpHash } })
    expect(await recoverMessageAddress({ message: { raw: userOpHash }, signature: personalSign })).toBe(
      owner.address,
    )
    await expect(simulateHandleOps(personalSign)).rejects.toThrow('AA24 signature error')
    // Nor is the account's ERC-1271 (replay-safe) signature of the same hash a user operation's.
    const erc1271 = await owner.signTypedData(
      FrontdoorAccount.replaySafeTypedData({ account: account.address, chainId: 31337, hash: userOpHash }),
    )
    await expect(simulateHandleOps(erc1271)).rejects.toThrow('AA24 signature error')
    expect(await client.getBalance({ address: thief })).toBe(0n)

    // The owner's FrontdoorUserOperation signature of the same operation runs it (and deploys the account).
    const typed = await account.signUserOperation(userOperation)
    const receipt = await client.waitForTransactionReceipt({
      hash: await handleOps(typed),
      pollingInterval: 50,
    })
    expect(receipt.status).toBe('success')
    expect(await client.getBalance({ address: thief })).toBe(parseEther('0.5'))
    expect((await client.getCode({ address: account.address }))?.length ?? 0).toBeGreaterThan(2)
  })

  test("validateUserOp of a deployed account: SIG_VALIDATION_FAILED (1) for the owner's personal_sign, 0 for the typed signature", async () => {
    const { client, owner, account, userOperation, userOpHash } = await drainable()
    await deploy(account)
    const deployed = { ...userOperation, factory: undefined, factoryData: undefined }
    const hash = getUserOperationHash({
      chainId: 31337,
      entryPointAddress: contracts.entryPoint,
      entryPointVersion: '0.7',
      userOperation: deployed,
    })
    expect(hash).not.toBe(userOpHash)
    const personalSign = await owner.signMessage({ message: { raw: hash } })
    expect(await validate(client, account.address, deployed, hash, personalSign)).toBe(1n)
    expect(
      await validate(client, account.address, deployed, hash, await account.signUserOperation(deployed)),
    ).toBe(0n)
    // The digest the account checks is userOperationTypedData's.
    expect(
      await client.readContract({
        address: account.address,
        abi: Abis.frontdoorAccountAbi,
        functionName: 'userOperationHash',
        args: [hash],
      }),
    ).toBe(
      hashTypedData(
        FrontdoorAccount.userOperationTypedData({
          account: account.address,
          chainId: 31337,
          userOpHash: hash,
        }),
      ),
    )
    // Only the EntryPoint may ask.
    await expect(
      client.simulateContract({
        address: account.address,
        abi: Abis.frontdoorAccountAbi,
        functionName: 'validateUserOp',
        args: [toPackedUserOperation({ ...deployed, signature: personalSign }), hash, 0n],
        account: owner.address,
      }),
    ).rejects.toThrow(/revert/i)
  })
})

describe('signatures', () => {
  test("before deployment: ERC-6492 signatures that viem's verifyMessage and verifyTypedData accept", async () => {
    const { client, account } = await setup()
    const signature = await account.signMessage({ message: 'hello' })
    expect(isErc6492Signature(signature)).toBe(true)
    const { address, data } = parseErc6492Signature(signature)
    expect({ address, data }).toEqual(
      await account.getFactoryArgs().then((f) => ({ address: f.factory, data: f.factoryData })),
    )
    expect(await client.verifyMessage({ address: account.address, message: 'hello', signature })).toBe(true)
    expect(await client.verifyMessage({ address: account.address, message: 'hellO', signature })).toBe(false)

    const typed = await account.signTypedData(typedData)
    expect(isErc6492Signature(typed)).toBe(true)
    expect(await client.verifyTypedData({ address: account.address, ...typedData, signature: typed })).toBe(
      true,
    )
    expect(
      await client.verifyTypedData({
        address: account.address,
        ...typedData,
        message: { contents: 'bye' },
        signature: typed,
      }),
    ).toBe(false)
    // Verifying simulated the deployment: nothing was deployed.
    expect(await client.getCode({ address: account.address })).toBeUndefined()
  })

  test("after deployment: ERC-1271 signatures (isValidSignature's magic value) that viem accepts", async () => {
    const { client, owner, account } = await setup()
    await deploy(account)
    const signature = await account.signMessage({ message: 'hello' })
    expect(isErc6492Signature(signature)).toBe(false)
    expect(signature).toMatch(/^0x[0-9a-f]{130}$/)
    expect(await client.verifyMessage({ address: account.address, message: 'hello', signature })).toBe(true)
    expect(await client.verifyMessage({ address: account.address, message: 'hellO', signature })).toBe(false)
    const deployed = { address: account.address, abi: Abis.frontdoorAccountAbi } as const
    expect(
      await client.readContract({
        ...deployed,
        functionName: 'isValidSignature',
        args: [hashMessage('hello'), signature],
      }),
    ).toBe(MAGIC_VALUE)
    // The exact scheme: the owner's EIP-712 signature of the account's replay-safe typed data.
    const replaySafe = FrontdoorAccount.replaySafeTypedData({
      account: account.address,
      chainId: 31337,
      hash: hashMessage('hello'),
    })
    expect(
      await client.readContract({
        ...deployed,
        functionName: 'replaySafeHash',
        args: [hashMessage('hello')],
      }),
    ).toBe(hashTypedData(replaySafe))
    expect(await owner.signTypedData(replaySafe)).toBe(signature)

    const typed = await account.signTypedData(typedData)
    expect(isErc6492Signature(typed)).toBe(false)
    expect(await client.verifyTypedData({ address: account.address, ...typedData, signature: typed })).toBe(
      true,
    )
    expect(
      await client.readContract({
        ...deployed,
        functionName: 'isValidSignature',
        args: [hashTypedData(typedData), typed],
      }),
    ).toBe(MAGIC_VALUE)
    // Malformed signatures are refused, not reverted.
    for (const bad of ['0x', '0x1234', `0x${'00'.repeat(65)}`] as const) {
      expect(
        await client.readContract({
          ...deployed,
          functionName: 'isValidSignature',
          args: [hashMessage('hello'), bad],
        }),
      ).toBe('0xffffffff')
    }
  })

  test("replay protection: another account of the same owner, the owner's plain signature and another chain are refused", async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const { client, account } = await setup(owner, 0n)
    const { account: other } = await setup(owner, 1n)
    const message = 'log in to example.com'

    // Before deployment: the other account's ERC-6492 envelope around this account's signature.
    const mine = parseErc6492Signature(await account.signMessage({ message })).signature
    const { factory, factoryData } = await other.getFactoryArgs()
    const wrap = (signature: `0x${string}`) =>
      serializeErc6492Signature({ address: factory!, data: factoryData!, signature })
    expect(await client.verifyMessage({ address: other.address, message, signature: wrap(mine) })).toBe(false)
    const own = parseErc6492Signature(await other.signMessage({ message })).signature
    expect(await client.verifyMessage({ address: other.address, message, signature: wrap(own) })).toBe(true)
    const plain = await owner.signMessage({ message })
    expect(await client.verifyMessage({ address: other.address, message, signature: wrap(plain) })).toBe(
      false,
    )

    // After deployment: plain ERC-1271.
    await deploy(account)
    await deploy(other)
    expect(await client.verifyMessage({ address: account.address, message, signature: mine })).toBe(true)
    expect(await client.verifyMessage({ address: other.address, message, signature: mine })).toBe(false)
    expect(await client.verifyMessage({ address: account.address, message, signature: own })).toBe(false)
    expect(await client.verifyMessage({ address: other.address, message, signature: own })).toBe(true)
    // The owner's EOA signature is the owner's, not the account's (and the other way round).
    expect(await client.verifyMessage({ address: account.address, message, signature: plain })).toBe(false)
    expect(await client.verifyMessage({ address: owner.address, message, signature: plain })).toBe(true)
    expect(await client.verifyMessage({ address: owner.address, message, signature: mine })).toBe(false)
    // The same account's domain on another chain.
    const elsewhere = await owner.signTypedData(
      FrontdoorAccount.replaySafeTypedData({
        account: account.address,
        chainId: 31338,
        hash: hashMessage(message),
      }),
    )
    expect(await client.verifyMessage({ address: account.address, message, signature: elsewhere })).toBe(
      false,
    )
  })
})
