import * as z from 'zod'

/**
 * The ERC-4337 JSON-RPC methods the API's bundler endpoint forwards (EntryPoint v0.7's user operation
 * shape), each with the schema of its params. Anything else (Alto's `pimlico_*` and `debug_bundler_*`
 * methods, chain methods) is refused before it reaches the bundler.
 */

const hex = z.string().regex(/^0x([0-9a-fA-F]{2})*$/, 'Expected 0x-prefixed hex bytes')
const quantity = z
  .string()
  .regex(/^0x(0|[1-9a-fA-F][0-9a-fA-F]{0,63})$/, 'Expected a 0x-prefixed hex quantity')
const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'Expected a 0x-prefixed 20-byte address')
const hash = z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'Expected a 0x-prefixed 32-byte hash')

/** A v0.7 user operation as `eth_sendUserOperation` takes it: every gas field and the signature. */
export const UserOperation = z.strictObject({
  sender: address,
  nonce: quantity,
  factory: address.optional(),
  factoryData: hex.optional(),
  callData: hex,
  callGasLimit: quantity,
  verificationGasLimit: quantity,
  preVerificationGas: quantity,
  maxFeePerGas: quantity,
  maxPriorityFeePerGas: quantity,
  paymaster: address.optional(),
  paymasterVerificationGasLimit: quantity.optional(),
  paymasterPostOpGasLimit: quantity.optional(),
  paymasterData: hex.optional(),
  signature: hex,
})

/** A user operation to estimate: the gas fields may be absent (the bundler fills them in). */
export const UserOperationToEstimate = UserOperation.partial({
  callGasLimit: true,
  verificationGasLimit: true,
  preVerificationGas: true,
  maxFeePerGas: true,
  maxPriorityFeePerGas: true,
  paymasterVerificationGasLimit: true,
  paymasterPostOpGasLimit: true,
})

/** `eth_call`-style state overrides, keyed by address (Alto reads balance, nonce, code, state, stateDiff). */
const StateOverride = z.record(
  address,
  z.strictObject({
    balance: quantity.optional(),
    nonce: quantity.optional(),
    code: hex.optional(),
    state: z.record(hash, hash).optional(),
    stateDiff: z.record(hash, hash).optional(),
  }),
)

const none = z.tuple([])

/** Each forwarded method and its params. */
export const METHODS = {
  eth_sendUserOperation: z.tuple([UserOperation, address]),
  eth_estimateUserOperationGas: z.union([
    z.tuple([UserOperationToEstimate, address]),
    z.tuple([UserOperationToEstimate, address, StateOverride]),
  ]),
  eth_getUserOperationReceipt: z.tuple([hash]),
  eth_getUserOperationByHash: z.tuple([hash]),
  eth_supportedEntryPoints: none,
  eth_chainId: none,
} as const

/** A forwarded method's name. */
export type Method = keyof typeof METHODS

const names: ReadonlySet<string> = new Set(Object.keys(METHODS))

/** Whether the endpoint forwards `method` (exact names, through a Set: `__proto__` is not listed). */
export function isMethod(method: string): method is Method {
  return names.has(method)
}

/** One JSON-RPC 2.0 request to the bundler (a batch is refused: wallets send one at a time). */
export const Request = z.strictObject({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.string(), z.number(), z.null()]),
  method: z.string().min(1),
  params: z.array(z.unknown()).default([]),
})
