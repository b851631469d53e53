import * as FrontdoorAccount from '@frontdoor/smart-account'
import { type Address, BaseError, encodeFunctionData, type LocalAccount } from 'viem'
import {
  entryPoint07Abi,
  getUserOperationHash,
  type SmartAccount,
  type SmartAccountImplementation,
  toSmartAccount,
} from 'viem/account-abstraction'
import { readContract } from 'viem/actions'
import * as Abis from './Abis.js'
import type * as Deployment from './Deployment.js'

/** Options of {@link toSimpleAccount}. */
export type Options = {
  client: Implementation['client']
  /** The devnet's ERC-4337 contracts (`Deployment.forChain(id).accountAbstraction`). */
  contracts: Deployment.AccountAbstraction
  /** The key that owns the account: it signs each user operation's hash (EIP-191). */
  owner: LocalAccount
  /** The factory's CREATE2 salt (default 0): one owner may hold several accounts. */
  salt?: bigint
}

type Implementation = SmartAccountImplementation<typeof entryPoint07Abi, '0.7'>

/**
 * A viem smart account of the devnet's `SimpleAccountFactory` (ERC-4337 v0.7): its address is known
 * before it is deployed (the factory's CREATE2 `getAddress`), and its first user operation deploys it
 * through the factory. Use it with viem's bundler client.
 *
 * `SimpleAccount` v0.7 implements no ERC-1271 `isValidSignature`, so it signs user operations only:
 * `signMessage` and `signTypedData` throw.
 *
 * @example
 * const account = await SimpleAccount.toSimpleAccount({ client, contracts, owner })
 * await bundler.sendUserOperation({ account, calls: [{ to, value }] })
 */
export async function toSimpleAccount(options: Options): Promise<SmartAccount<Implementation>> {
  const { client, contracts, owner } = options
  const salt = options.salt ?? 0n
  const factory = { address: contracts.simpleAccountFactory, abi: Abis.simpleAccountFactoryAbi } as const
  const entryPoint = { abi: entryPoint07Abi, address: contracts.entryPoint, version: '0.7' } as const
  let address: Address | undefined
  const unsupported = () => {
    throw new BaseError('SimpleAccount v0.7 has no ERC-1271 isValidSignature: it signs user operations only')
  }
  return toSmartAccount({
    client,
    entryPoint,
    async getAddress() {
      address ??= await readContract(client, {
        ...factory,
        functionName: 'getAddress',
        args: [owner.address, salt],
      })
      return address
    },
    async getFactoryArgs() {
      const factoryData = encodeFunctionData({
        ...factory,
        functionName: 'createAccount',
        args: [owner.address, salt],
      })
      return { factory: factory.address, factoryData }
    },
    // SimpleAccount v0.7 has FrontdoorAccount's execute / executeBatch, and recovers the same stub.
    async encodeCalls(calls) {
      return FrontdoorAccount.encodeCalls(calls)
    },
    async decodeCalls(data) {
      return FrontdoorAccount.decodeCalls(data)
    },
    async getStubSignature() {
      return FrontdoorAccount.STUB_SIGNATURE
    },
    signMessage: async () => unsupported(),
    signTypedData: async () => unsupported(),
    async signUserOperation(parameters) {
      const { chainId = client.chain?.id, ...userOperation } = parameters
      if (chainId === undefined) throw new BaseError('toSimpleAccount: the client has no chain')
      const hash = getUserOperationHash({
        chainId,
        entryPointAddress: entryPoint.address,
        entryPointVersion: '0.7',
        userOperation: { ...userOperation, sender: await this.getAddress() },
      })
      return owner.signMessage({ message: { raw: hash } })
    },
  })
}
