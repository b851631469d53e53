import * as z from 'zod/mini'
import * as Fields from './sign-request-fields.js'
// By name: a pure call keeps arguments that read a namespace's property, and with them zod's tuple.
import { Address } from './sign-request-fields.js'

/** `eth_signTypedData_v4`: typed data checked against its declared types, and the EIP-2612 permits in it. */

/** An EIP-712 field. */
export type TypedField = { name: string; type: string }

/** `eth_signTypedData_v4` typed data, checked against its declared types. */
export type TypedData = {
  types: Record<string, TypedField[]>
  primaryType: string
  domain: Record<string, unknown>
  message: Record<string, unknown>
}

const TypedDataShape = z.strictObject({
  types: z.record(z.string(), z.array(z.strictObject({ name: z.string(), type: z.string() }))),
  primaryType: z.string(),
  domain: z.optional(z.record(z.string(), z.unknown())),
  message: z.record(z.string(), z.unknown()),
})

// Pure: a bundle that uses none of this module's typed-data checks drops it, and with it zod's tuple
// (the modal's lazy WalletConnect Solana check put $ZodTuple in its first-open chunks, 0.5 KB gz).
const TYPED_DATA_PARAMS = /* @__PURE__ */ z.tuple([Address, /* @__PURE__ */ z.unknown()])

/** The EIP-712 domain fields, in their canonical order (viem's order when EIP712Domain is not declared). */
export const DOMAIN_FIELDS = ['name', 'version', 'chainId', 'verifyingContract', 'salt'] as const

/** The type of each domain field when the typed data does not declare EIP712Domain (EIP-712's, viem's). */
const DOMAIN_TYPES: Record<(typeof DOMAIN_FIELDS)[number], string> = {
  name: 'string',
  version: 'string',
  chainId: 'uint256',
  verifyingContract: 'address',
  salt: 'bytes32',
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * The struct type `name` declares, looked up among the typed data's own keys only: with `in` or a
 * plain index, a type named `toString`, `constructor` or `hasOwnProperty` found Object.prototype's
 * function and the check threw a TypeError (a 500 at the vault, -32603 in the frame).
 */
function ownType(types: Record<string, TypedField[]>, name: string): TypedField[] | undefined {
  return Object.hasOwn(types, name) ? types[name] : undefined
}

/** Every key of `value` is a declared field of `type`, and every declared field is there (recursively). */
function checkStruct(types: Record<string, TypedField[]>, type: string, value: unknown, path: string) {
  const fields = ownType(types, type)
  if (!fields) throw Fields.invalid(Fields.REFUSALS.typedDataUnknownType(type))
  if (!isRecord(value)) throw Fields.invalid(`params.1: ${path} must be an object`)
  const declared = new Set(fields.map((field) => field.name))
  for (const key of Object.keys(value))
    if (!declared.has(key)) throw Fields.invalid(Fields.REFUSALS.typedDataUndeclared(`${path}.${key}`))
  for (const field of fields) {
    if (!Object.hasOwn(value, field.name))
      throw Fields.invalid(Fields.REFUSALS.typedDataMissing(`${path}.${field.name}`))
    checkValue(types, field.type, value[field.name], `${path}.${field.name}`)
  }
}

const INTEGER_TYPE = /^(u?)int(\d{1,3})$/
const BYTES_TYPE = /^bytes(\d{1,2})$/
const DECIMAL = /^-?\d+$/
const HEX = /^0x[0-9a-fA-F]+$/

/** The integer of an EIP-712 uintN/intN value (a safe-integer number, decimal or 0x-hex), if it is one. */
function integerOf(value: unknown): bigint | undefined {
  if (typeof value === 'bigint') return value
  if (typeof value === 'number') return Number.isSafeInteger(value) ? BigInt(value) : undefined
  if (typeof value === 'string' && (DECIMAL.test(value) || HEX.test(value))) return BigInt(value)
  return undefined
}

/**
 * Every value is of its declared type, as a JS value of that type: viem hashes what it is given (a
 * `string` given as bytes hashes as the string they encode), so a value of another kind would sign what
 * the screen does not show, or pass a check made on its JS form (e.g. a domain name compared as a string).
 */
function checkValue(types: Record<string, TypedField[]>, type: string, value: unknown, path: string) {
  const array = /^(.*)\[(\d*)\]$/.exec(type)
  if (array) {
    if (!Array.isArray(value)) throw Fields.invalid(Fields.REFUSALS.typedDataValue(path, 'an array'))
    if (array[2] !== '' && value.length !== Number(array[2]))
      throw Fields.invalid(Fields.REFUSALS.typedDataValue(path, `an array of ${array[2]}`))
    for (const [index, item] of value.entries()) checkValue(types, array[1]!, item, `${path}[${index}]`)
    return
  }
  if (ownType(types, type)) return checkStruct(types, type, value, path)
  const fail = (what: string) => Fields.invalid(Fields.REFUSALS.typedDataValue(path, what))
  if (type === 'string') {
    if (typeof value !== 'string') throw fail('a string')
  } else if (type === 'address') {
    if (typeof value !== 'string' || !Fields.ADDRESS.test(value)) throw fail('an address')
  } else if (type === 'bool') {
    if (typeof value !== 'boolean') throw fail('a boolean')
  } else if (type === 'bytes') {
    if (typeof value !== 'string' || !Fields.BYTES.test(value)) throw fail('0x-hex bytes')
  } else if (INTEGER_TYPE.test(type)) {
    const [, unsigned, bits] = INTEGER_TYPE.exec(type)!
    const size = Number(bits)
    if (size % 8 !== 0 || size < 8 || size > 256)
      throw Fields.invalid(Fields.REFUSALS.typedDataUnknownType(type))
    const integer = integerOf(value)
    const [min, max] = unsigned
      ? [0n, 2n ** BigInt(size)]
      : [-(2n ** BigInt(size - 1)), 2n ** BigInt(size - 1)]
    if (integer === undefined || integer < min || integer >= max) throw fail(`an integer of ${type}`)
  } else if (BYTES_TYPE.test(type)) {
    const size = Number(BYTES_TYPE.exec(type)![1])
    if (size < 1 || size > 32) throw Fields.invalid(Fields.REFUSALS.typedDataUnknownType(type))
    if (typeof value !== 'string' || !Fields.BYTES.test(value) || value.length !== 2 + 2 * size)
      throw fail(`${size} bytes of 0x-hex`)
  } else throw Fields.invalid(Fields.REFUSALS.typedDataUnknownType(type))
}

/**
 * The typed data of `eth_signTypedData_v4` params (`[address, typedData]`, the typed data as JSON or an
 * object), refused when the message or domain holds keys that are not part of the signed types (viem's
 * hashTypedData ignores them: the screen would show what is not signed) or misses declared ones.
 */
export function typedData(params: unknown): { address: Fields.Hex; typedData: TypedData } {
  const [address, raw] = Fields.parse(TYPED_DATA_PARAMS, params, 'params')
  let json: unknown = raw
  const length =
    typeof raw === 'string'
      ? raw.length
      : (JSON.stringify(raw, (_, v) => (typeof v === 'bigint' ? v.toString() : v))?.length ?? 0)
  if (length > Fields.SIGNED_CONTENT_MAX_CHARS) throw Fields.invalid(Fields.REFUSALS.tooLong)
  if (typeof raw === 'string') {
    try {
      json = JSON.parse(raw)
    } catch {
      throw Fields.invalid(Fields.REFUSALS.typedDataJson)
    }
  }
  const shape = Fields.parse(TypedDataShape, json, 'params.1')
  const domain = shape.domain ?? {}
  const { EIP712Domain, ...types } = shape.types
  const domainFields: TypedField[] =
    EIP712Domain ??
    DOMAIN_FIELDS.filter((name) => Object.hasOwn(domain, name)).map((name) => ({
      name,
      type: DOMAIN_TYPES[name],
    }))
  checkStruct({ ...types, EIP712Domain: domainFields }, 'EIP712Domain', domain, 'domain')
  checkStruct(types, shape.primaryType, shape.message, 'message')
  return {
    address: address as Fields.Hex,
    typedData: { types: shape.types, primaryType: shape.primaryType, domain, message: shape.message },
  }
}

/** An EIP-2612 permit: who may spend how much until when. */
export type Permit = { spender: string; value: bigint; deadline: bigint }

/** The EIP-2612 `Permit` of typed data (primary type Permit with spender, value and deadline), if it is one. */
export function permit(data: TypedData): Permit | undefined {
  if (data.primaryType !== 'Permit') return undefined
  const fields = ownType(data.types, 'Permit') ?? []
  const typeOf = (name: string) => fields.find((field) => field.name === name)?.type
  if (typeOf('spender') !== 'address' || typeOf('value') !== 'uint256' || typeOf('deadline') !== 'uint256')
    return undefined
  const { spender, value, deadline } = data.message
  try {
    return { spender: String(spender), value: BigInt(String(value)), deadline: BigInt(String(deadline)) }
  } catch {
    return undefined
  }
}
