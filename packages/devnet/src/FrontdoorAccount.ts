import {
  type Address,
  BaseError,
  decodeFunctionData,
  encodeFunctionData,
  type Hex,
  hashMessage,
  hashTypedData,
  type LocalAccount,
  type TypedDataDefinition,
} from 'viem'
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
import * as SimpleAccount from './SimpleAccount.js'

/** The EIP-712 domain name and version of every `FrontdoorAccount` (contracts/FrontdoorAccount.sol). */
export const DOMAIN = { name: 'Frontdoor Account', version: '1' } as const

/** The one EIP-712 type the owner signs for the account: the hash the account is asked to accept. */
export const MESSAGE_TYPES = { FrontdoorAccountMessage: [{ name: 'hash', type: 'bytes32' }] } as const

/**
 * What the owner signs so that `account` accepts `hash` on chain `chainId` (ERC-1271, replay-safe):
 * the typed data `FrontdoorAccountMessage(bytes32 hash)` in the account's own EIP-712 domain
 * `{ name: 'Frontdoor Account', version: '1', chainId, verifyingContract: account }`. Its digest is
 * the contract's `replaySafeHash(hash)`. Because the domain names the account and the chain, the
 * signature is refused by any other account of the same owner, on any other chain, and the owner's
 * plain signature of `hash` is refused by the account.
 */
export function replaySafeTypedData(parameters: { account: Address; chainId: number; hash: Hex }) {
  const { account, chainId, hash } = parameters
  return {
    domain: { ...DOMAIN, chainId, verifyingContract: account },
    types: MESSAGE_TYPES,
    primaryType: 'FrontdoorAccountMessage',
    message: { hash },
  } as const
}

/** Options of {@link toFrontdoorAccount}. */
export type Options = {
  client: Implementation['client']
  /** The devnet's ERC-4337 contracts (`Deployment.forChain(id).accountAbstraction`). */
  contracts: Deployment.AccountAbstraction
  /** The key that owns the account: it signs user operations (EIP-191) and messages (EIP-712, see above). */
  owner: LocalAccount
  /** The factory's CREATE2 salt (default 0): one owner may hold several accounts. */
  salt?: bigint
}

type Implementation = SmartAccountImplementation<typeof entryPoint07Abi, '0.7'>

/**
 * A viem smart account of the devnet's `FrontdoorAccountFactory` (ERC-4337 v0.7): its address is known
 * before it is deployed (the factory's CREATE2 `getAddress(owner, salt)`), and its first user operation
 * deploys it through the factory. One call is `execute`, several are one atomic `executeBatch`.
 *
 * Signatures: a user operation is the owner's EIP-191 signature of the EntryPoint's user operation
 * hash. `signMessage`, `signTypedData` and `sign` take the hash viem verifies (EIP-191's `hashMessage`,
 * EIP-712's `hashTypedData`, or the raw hash) and have the owner sign {@link replaySafeTypedData} of it.
 * Once the account is deployed that is the signature its ERC-1271 `isValidSignature(hash, signature)`
 * accepts; before, viem's `toSmartAccount` wraps it in ERC-6492 (the factory and its
 * `createAccount(owner, salt)` call, then the magic suffix), which viem's `verifyMessage` and
 * `verifyTypedData` verify by simulating the deployment.
 *
 * @example
 * const account = await FrontdoorAccount.toFrontdoorAccount({ client, contracts, owner })
 * await bundler.sendUserOperation({ account, calls: [{ to, value }] })
 * const signature = await account.signMessage({ message: 'hello' })
 * await client.verifyMessage({ address: account.address, message: 'hello', signature }) // true
 */
export async function toFrontdoorAccount(options: Options): Promise<SmartAccount<Implementation>> {
  const { client, contracts, owner } = options
  const salt = options.salt ?? 0n
  const factory = {
    address: contracts.frontdoorAccountFactory,
    abi: Abis.frontdoorAccountFactoryAbi,
  } as const
  const entryPoint = { abi: entryPoint07Abi, address: contracts.entryPoint, version: '0.7' } as const
  const abi = Abis.frontdoorAccountAbi
  const chainId = () => {
    const id = client.chain?.id
    if (id === undefined) throw new BaseError('toFrontdoorAccount: the client has no chain')
    return id
  }
  const address = await readContract(client, {
    ...factory,
    functionName: 'getAddress',
    args: [owner.address, salt],
  })
  const signHash = (hash: Hex) =>
    owner.signTypedData(replaySafeTypedData({ account: address, chainId: chainId(), hash }))

  return toSmartAccount({
    client,
    entryPoint,
    async getAddress() {
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
    async encodeCalls(calls) {
      const [call] = calls
      if (calls.length === 1 && call) {
        return encodeFunctionData({
          abi,
          functionName: 'execute',
          args: [call.to, call.value ?? 0n, call.data ?? '0x'],
        })
      }
      return encodeFunctionData({
        abi,
        functionName: 'executeBatch',
        args: [calls.map((c) => c.to), calls.map((c) => c.value ?? 0n), calls.map((c) => c.data ?? '0x')],
      })
    },
    async decodeCalls(data) {
      const decoded = decodeFunctionData({ abi, data })
      if (decoded.functionName === 'execute') {
        const [to, value, callData] = decoded.args
        return [{ to, value, data: callData }]
      }
      if (decoded.functionName === 'executeBatch') {
        const [targets, values, datas] = decoded.args
        return targets.map((to, i) => ({ to, value: values[i] ?? 0n, data: datas[i] ?? '0x' }))
      }
      throw new BaseError(`toFrontdoorAccount: ${decoded.functionName} is not a call`)
    },
    async getStubSignature() {
      // The account recovers it like a real one (to another signer, failing without reverting).
      return SimpleAccount.STUB_SIGNATURE
    },
    // Each signs, with the owner's key, the EIP-712 typed data FrontdoorAccountMessage(bytes32 hash)
    // in the domain { name: 'Frontdoor Account', version: '1', chainId, verifyingContract: the account }
    // (replaySafeTypedData), where hash is what ERC-1271's isValidSignature is asked about. viem wraps
    // the result in ERC-6492 while the account is not deployed.
    async sign({ hash }) {
      return signHash(hash)
    },
    async signMessage({ message }) {
      // hash = EIP-191's hashMessage(message), as viem's verifyMessage computes it.
      return signHash(hashMessage(message))
    },
    async signTypedData(typedData) {
      // hash = EIP-712's hashTypedData(typedData), as viem's verifyTypedData computes it.
      return signHash(hashTypedData(typedData as TypedDataDefinition))
    },
    async signUserOperation(parameters) {
      const { chainId: id = chainId(), ...userOperation } = parameters
      const hash = getUserOperationHash({
        chainId: id,
        entryPointAddress: entryPoint.address,
        entryPointVersion: '0.7',
        userOperation: { ...userOperation, sender: address },
      })
      return owner.signMessage({ message: { raw: hash } })
    },
  })
}
