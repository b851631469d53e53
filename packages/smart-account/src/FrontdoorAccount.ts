import {
  type Address,
  BaseError,
  concat,
  decodeFunctionData,
  encodeAbiParameters,
  encodeFunctionData,
  getContractAddress,
  type Hex,
  hashMessage,
  hashTypedData,
  keccak256,
  type LocalAccount,
  parseAbi,
  type TypedDataDefinition,
  toHex,
} from 'viem'
import {
  entryPoint07Abi,
  getUserOperationHash,
  type SmartAccount,
  type SmartAccountImplementation,
  toSmartAccount,
} from 'viem/account-abstraction'

/**
 * Frontdoor's smart account (packages/devnet/contracts/FrontdoorAccount.sol, ERC-4337 v0.7) as pure
 * data and code, with no chain of its own: the addresses of its contracts, their ABIs, the
 * counterfactual address of an owner's account, the calls a user operation carries, the typed data
 * the owner signs (for a user operation, and replay-safe for ERC-1271), and a viem smart account. The API's embedded wallet and the
 * devnet's tests share this one copy.
 */

/** The contracts a FrontdoorAccount needs on a chain. */
export type Contracts = {
  /** The EntryPoint, version 0.7. */
  entryPoint: Address
  /** `FrontdoorAccountFactory`: `createAccount(owner, salt)` deploys an ERC-1167 clone with CREATE2. */
  frontdoorAccountFactory: Address
  /** The `FrontdoorAccount` implementation the factory creates in its constructor (its nonce 1). */
  frontdoorAccountImplementation: Address
}

/**
 * Where the devnets have them: the same on both, deployed by the dev deployer with nonces 12 (the
 * EntryPoint) and 14 (the factory); packages/devnet's Deployment names the same addresses and its
 * tests check they have code.
 */
export const DEVNET_CONTRACTS = {
  entryPoint: '0xa6772B7D23C242c8B25E1Ed7d80353ACb462D032',
  frontdoorAccountFactory: '0x753421F47d8bC987954e9d0E1c4BCdb438b594c3',
  frontdoorAccountImplementation: '0x76C9aa9D9093a572126051Afc45459578f0dCA00',
} as const satisfies Contracts

/** `FrontdoorAccountFactory`. */
export const factoryAbi = parseAbi([
  'function accountImplementation() view returns (address)',
  'function createAccount(address owner, uint256 salt) returns (address account)',
  'function getAddress(address owner, uint256 salt) view returns (address)',
  'event AccountCreated(address indexed account, address indexed owner, uint256 salt)',
])

/** `FrontdoorAccount`: calls, ERC-1271, and the EIP-712 digests its owner signs. */
export const accountAbi = parseAbi([
  'function entryPoint() view returns (address)',
  'function owner() view returns (address)',
  'function initialize(address owner)',
  'function execute(address target, uint256 value, bytes data)',
  'function executeBatch(address[] targets, uint256[] values, bytes[] data)',
  'function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)',
  'function replaySafeHash(bytes32 hash) view returns (bytes32)',
  'function userOperationHash(bytes32 userOpHash) view returns (bytes32)',
  'function USER_OPERATION_TYPEHASH() view returns (bytes32)',
  'function validateUserOp((address sender, uint256 nonce, bytes initCode, bytes callData, bytes32 accountGasLimits, uint256 preVerificationGas, bytes32 gasFees, bytes paymasterAndData, bytes signature) userOp, bytes32 userOpHash, uint256 missingAccountFunds) returns (uint256 validationData)',
  'function domainSeparator() view returns (bytes32)',
  'error NotAuthorized(address caller)',
  'error AlreadyInitialized()',
  'error ZeroOwner()',
  'error LengthMismatch()',
])

/** ERC-1167's creation code around the implementation's 20 bytes (OpenZeppelin's `Clones`). */
const CLONE_PREFIX = '0x3d602d80600a3d3981f3363d3d373d3d3d363d73'
const CLONE_SUFFIX = '0x5af43d82803e903d91602b57fd5bf3'

/**
 * The address of `owner`'s account (CREATE2 salt `salt`, default 0), deployed or not: the factory's
 * `getAddress(owner, salt)`, computed here without asking a chain (CREATE2 of the factory with salt
 * keccak256(abi.encode(owner, salt)) over the ERC-1167 clone of the implementation).
 *
 * @example
 * FrontdoorAccount.addressOf('0xf39F…2266') // the counterfactual account on both devnets
 */
export function addressOf(owner: Address, options: { contracts?: Contracts; salt?: bigint } = {}): Address {
  const contracts = options.contracts ?? DEVNET_CONTRACTS
  const salt = keccak256(
    encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [owner, options.salt ?? 0n]),
  )
  return getContractAddress({
    opcode: 'CREATE2',
    from: contracts.frontdoorAccountFactory,
    salt,
    bytecode: concat([CLONE_PREFIX, contracts.frontdoorAccountImplementation, CLONE_SUFFIX]),
  })
}

/** The factory call that deploys `owner`'s account (a user operation's factory data, ERC-6492's too). */
export function factoryData(owner: Address, salt = 0n): Hex {
  return encodeFunctionData({ abi: factoryAbi, functionName: 'createAccount', args: [owner, salt] })
}

/** One call of a user operation. */
export type Call = { to: Address; value?: bigint | undefined; data?: Hex | undefined }

/**
 * The account's calldata for `calls`: one call is `execute`, several one atomic `executeBatch` (one
 * reverts, all revert). SimpleAccount v0.7 has the same two functions.
 */
export function encodeCalls(calls: readonly Call[]): Hex {
  const [call] = calls
  if (calls.length === 1 && call)
    return encodeFunctionData({
      abi: accountAbi,
      functionName: 'execute',
      args: [call.to, call.value ?? 0n, call.data ?? '0x'],
    })
  if (calls.length === 0) throw new BaseError('FrontdoorAccount: no calls to encode')
  return encodeFunctionData({
    abi: accountAbi,
    functionName: 'executeBatch',
    args: [calls.map((c) => c.to), calls.map((c) => c.value ?? 0n), calls.map((c) => c.data ?? '0x')],
  })
}

/** The calls of an `execute` or `executeBatch` calldata. */
export function decodeCalls(data: Hex): { to: Address; value: bigint; data: Hex }[] {
  const decoded = decodeFunctionData({ abi: accountAbi, data })
  if (decoded.functionName === 'execute') {
    const [to, value, callData] = decoded.args
    return [{ to, value, data: callData }]
  }
  if (decoded.functionName === 'executeBatch') {
    const [targets, values, datas] = decoded.args
    return targets.map((to, i) => ({ to, value: values[i] ?? 0n, data: datas[i] ?? '0x' }))
  }
  throw new BaseError(`FrontdoorAccount: ${decoded.functionName} is not a call`)
}

/**
 * A signature of the right length for gas estimation: the account recovers it (to another signer,
 * which fails validation without reverting), so the estimate runs the same code as the real one.
 */
export const STUB_SIGNATURE =
  '0xfffffffffffffffffffffffffffffff0000000000000000000000000000000007aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1c'

/** The EIP-712 domain name and version of every `FrontdoorAccount`. */
export const DOMAIN = { name: 'Frontdoor Account', version: '1' } as const

/** The one EIP-712 type the owner signs for the account: the hash the account is asked to accept. */
export const MESSAGE_TYPES = { FrontdoorAccountMessage: [{ name: 'hash', type: 'bytes32' }] } as const

/** The EIP-712 type the owner signs for a user operation: the EntryPoint's hash of it. */
export const USER_OPERATION_TYPES = {
  FrontdoorUserOperation: [{ name: 'userOpHash', type: 'bytes32' }],
} as const

/**
 * The contract's `USER_OPERATION_TYPEHASH`: keccak256 of the encoding of {@link USER_OPERATION_TYPES}
 * (`FrontdoorUserOperation(bytes32 userOpHash)`, the one definition of the type). The devnet's seed checks
 * the deployed implementation answers it (an implementation that takes EIP-191 user operations does not).
 */
export const USER_OPERATION_TYPEHASH = keccak256(toHex(encodeType(USER_OPERATION_TYPES)))

/**
 * EIP-712's `encodeType` of a struct of atomic fields (the account's types have no nested struct):
 * `Name(type1 name1,type2 name2)`, the one string the typehash is taken of.
 */
function encodeType(types: Record<string, readonly { name: string; type: string }[]>): string {
  const [[name, fields] = ['', []]] = Object.entries(types)
  return `${name}(${fields.map((field) => `${field.type} ${field.name}`).join(',')})`
}

/**
 * What the owner signs so that `account` runs the user operation of `userOpHash` (the EntryPoint's
 * `getUserOperationHash`, which covers the operation, the EntryPoint and the chain): the typed data
 * `FrontdoorUserOperation(bytes32 userOpHash)` in the account's own EIP-712 domain, whose digest is the
 * contract's `userOperationHash(userOpHash)`. The account accepts no other user-operation signature,
 * so no `personal_sign` (EIP-191) of the owner, of any message, is one; and since the type is not
 * `FrontdoorAccountMessage`, no ERC-1271 signature the account gives a dApp is one either.
 */
export function userOperationTypedData(parameters: { account: Address; chainId: number; userOpHash: Hex }) {
  const { account, chainId, userOpHash } = parameters
  return {
    domain: { ...DOMAIN, chainId, verifyingContract: account },
    types: USER_OPERATION_TYPES,
    primaryType: 'FrontdoorUserOperation',
    message: { userOpHash },
  } as const
}

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

type Implementation = SmartAccountImplementation<typeof entryPoint07Abi, '0.7'>

/** Options of {@link toFrontdoorAccount}. */
export type Options = {
  client: Implementation['client']
  /** The key that owns the account: it signs user operations and messages, both EIP-712 (above). */
  owner: LocalAccount
  /** The chain's contracts (default {@link DEVNET_CONTRACTS}). */
  contracts?: Contracts
  /** The factory's CREATE2 salt (default 0): one owner may hold several accounts. */
  salt?: bigint
}

/**
 * A viem smart account of `FrontdoorAccountFactory` (ERC-4337 v0.7): its address is known before it is
 * deployed ({@link addressOf}), and its first user operation deploys it through the factory. One call
 * is `execute`, several are one atomic `executeBatch`.
 *
 * Signatures: a user operation is the owner's EIP-712 signature of {@link userOperationTypedData} of
 * the EntryPoint's user operation hash. `signMessage`, `signTypedData` and `sign` take the hash viem verifies (EIP-191's `hashMessage`,
 * EIP-712's `hashTypedData`, or the raw hash) and have the owner sign {@link replaySafeTypedData} of it.
 * Once the account is deployed that is the signature its ERC-1271 `isValidSignature(hash, signature)`
 * accepts; before, viem's `toSmartAccount` wraps it in ERC-6492 (the factory and its
 * `createAccount(owner, salt)` call, then the magic suffix), which viem's `verifyMessage` and
 * `verifyTypedData` verify by simulating the deployment.
 *
 * @example
 * const account = await FrontdoorAccount.toFrontdoorAccount({ client, owner })
 * await bundler.sendUserOperation({ account, calls: [{ to, value }] })
 * const signature = await account.signMessage({ message: 'hello' })
 * await client.verifyMessage({ address: account.address, message: 'hello', signature }) // true
 */
export async function toFrontdoorAccount(options: Options): Promise<SmartAccount<Implementation>> {
  const { client, owner } = options
  const contracts = options.contracts ?? DEVNET_CONTRACTS
  const salt = options.salt ?? 0n
  const entryPoint = { abi: entryPoint07Abi, address: contracts.entryPoint, version: '0.7' } as const
  const chainId = () => {
    const id = client.chain?.id
    if (id === undefined) throw new BaseError('toFrontdoorAccount: the client has no chain')
    return id
  }
  const address = addressOf(owner.address, { contracts, salt })
  const signHash = (hash: Hex) =>
    owner.signTypedData(replaySafeTypedData({ account: address, chainId: chainId(), hash }))

  return toSmartAccount({
    client,
    entryPoint,
    async getAddress() {
      return address
    },
    async getFactoryArgs() {
      return { factory: contracts.frontdoorAccountFactory, factoryData: factoryData(owner.address, salt) }
    },
    async encodeCalls(calls) {
      return encodeCalls(calls)
    },
    async decodeCalls(data) {
      return decodeCalls(data)
    },
    async getStubSignature() {
      return STUB_SIGNATURE
    },
    // Each signs replaySafeTypedData of the hash ERC-1271's isValidSignature is asked about; viem
    // wraps the result in ERC-6492 while the account is not deployed.
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
      return owner.signTypedData(userOperationTypedData({ account: address, chainId: id, userOpHash: hash }))
    },
  })
}
