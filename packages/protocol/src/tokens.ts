import type * as SignRequest from './sign-request.js'

/**
 * What a request does with tokens, read for the approval screen beyond sign-request's reading: Uniswap's
 * Permit2 signatures (who may take which tokens, how much and until when) and ERC-20 `transferFrom`
 * calls. Apart from sign-request so that only the auth frame's lazy chunks carry it.
 */

/**
 * Whether a `bits`-bit token amount reads SignRequest.UNLIMITED: at or above half its range (2^255 of
 * a uint256, as SignRequest.isUnlimited; 2^159 of Permit2's uint160), its maximum included.
 */
export function isUnlimited(amount: bigint, bits: number): boolean {
  return amount >= 2n ** BigInt(bits - 1)
}

/** ERC-20 `transferFrom(address,address,uint256)`'s selector. */
export const TRANSFER_FROM = '0x23b872dd'

/**
 * The ERC-20 `transferFrom(from, to, amount)` of calldata that is exactly its encoding; undefined for
 * other data (a malformed one is shown as the raw data it is).
 * @example Tokens.transferFrom('0x23b872dd…') // { from: '0x…', to: '0x…', amount: 2500000n }
 */
export function transferFrom(
  data: string,
): { from: SignRequest.Hex; to: SignRequest.Hex; amount: bigint } | undefined {
  const match = /^0x23b872dd0{24}([0-9a-f]{40})0{24}([0-9a-f]{40})([0-9a-f]{64})$/i.exec(data)
  if (!match) return undefined
  return { from: `0x${match[1]}`, to: `0x${match[2]}`, amount: BigInt(`0x${match[3]}`) }
}
/** Uniswap's Permit2, at the same address on every chain: the only `verifyingContract` {@link permit2} reads. */
export const PERMIT2 = '0x000000000022D473030F116dDEE9F6B43aC78BA3'

/** One token a Permit2 signature lets its spender take: how much (of `bits` bits) and until when. */
export type Grant = {
  token: SignRequest.Hex
  amount: bigint
  /** 160 (the allowance of PermitSingle and PermitBatch) or 256 (PermitTransferFrom). */
  bits: 160 | 256
  /** PermitSingle, PermitBatch: when the allowance ends (0: at the block that uses it). */
  expiration?: bigint
}

/** A Permit2 signature: who may take which tokens, and until when the signature can be used. */
export type Permit = {
  primaryType: 'PermitSingle' | 'PermitBatch' | 'PermitTransferFrom'
  spender: SignRequest.Hex
  grants: Grant[]
  /** The signature's deadline (sigDeadline, or PermitTransferFrom's deadline). */
  deadline: bigint
}

/** Permit2's types, as Uniswap's SDK and viem users declare them (field name: type). */
const PERMIT2_TYPES: Record<string, Record<string, string>> = {
  PermitDetails: { token: 'address', amount: 'uint160', expiration: 'uint48', nonce: 'uint48' },
  PermitSingle: { details: 'PermitDetails', spender: 'address', sigDeadline: 'uint256' },
  PermitBatch: { details: 'PermitDetails[]', spender: 'address', sigDeadline: 'uint256' },
  TokenPermissions: { token: 'address', amount: 'uint256' },
  PermitTransferFrom: {
    permitted: 'TokenPermissions',
    spender: 'address',
    nonce: 'uint256',
    deadline: 'uint256',
  },
}

/** Whether `data` declares `type` with exactly Permit2's fields. */
function isPermit2Type(data: SignRequest.TypedData, type: string): boolean {
  const fields = Object.hasOwn(data.types, type) ? data.types[type] : undefined
  const expected = PERMIT2_TYPES[type] ?? {}
  return (
    fields !== undefined &&
    fields.length === Object.keys(expected).length &&
    fields.every((field) => Object.hasOwn(expected, field.name) && expected[field.name] === field.type)
  )
}

/**
 * Permit2's PermitSingle, PermitBatch or PermitTransferFrom, when the typed data is one, verified by
 * {@link PERMIT2} (the same types in another contract's domain grant nothing there: read as plain typed
 * data). The message was checked against its types by SignRequest.typedData.
 * @example Tokens.permit2(typedData) // { primaryType: 'PermitSingle', spender, grants: [{ token, amount, bits: 160, expiration }], deadline }
 */
export function permit2(data: SignRequest.TypedData): Permit | undefined {
  const { primaryType, message, domain } = data
  if (primaryType !== 'PermitSingle' && primaryType !== 'PermitBatch' && primaryType !== 'PermitTransferFrom')
    return undefined
  const contract = domain.verifyingContract
  if (typeof contract !== 'string' || contract.toLowerCase() !== PERMIT2.toLowerCase()) return undefined
  const inner = primaryType === 'PermitTransferFrom' ? 'TokenPermissions' : 'PermitDetails'
  if (!isPermit2Type(data, primaryType) || !isPermit2Type(data, inner)) return undefined
  // Values of their declared uint types (SignRequest.typedData checked them): numbers, decimal or 0x strings.
  const integer = (value: unknown) => BigInt(value as string)
  const details = (value: unknown): Grant => {
    const item = value as Record<string, unknown>
    return {
      token: item.token as SignRequest.Hex,
      amount: integer(item.amount),
      bits: 160,
      expiration: integer(item.expiration),
    }
  }
  if (primaryType === 'PermitTransferFrom') {
    const permitted = message.permitted as Record<string, unknown>
    return {
      primaryType,
      spender: message.spender as SignRequest.Hex,
      grants: [{ token: permitted.token as SignRequest.Hex, amount: integer(permitted.amount), bits: 256 }],
      deadline: integer(message.deadline),
    }
  }
  return {
    primaryType,
    spender: message.spender as SignRequest.Hex,
    grants:
      primaryType === 'PermitSingle'
        ? [details(message.details)]
        : (message.details as unknown[]).map(details),
    deadline: integer(message.sigDeadline),
  }
}
