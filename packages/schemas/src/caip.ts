import * as z from 'zod/mini'

/** A parsed CAIP-2 network id, e.g. `eip155:1` -> `{ chainNamespace: 'eip155', chainId: '1' }`. */
export type Caip2 = {
  chainNamespace: string
  chainId: string
}

/** A parsed CAIP-10 account id, e.g. `eip155:1:0xab…` -> namespace, chain id, address. */
export type Caip10 = Caip2 & {
  address: string
  /** The CAIP-2 network id the address lives on, e.g. `eip155:1`. */
  caipNetworkId: string
}

/** The spec's message for a malformed CAIP-10 address. */
export function invalidCaip10Message(value: string): string {
  return `Invalid CAIP-10 address: ${value}`
}

/** The spec's message for a malformed CAIP-2 network id. */
export function invalidCaip2Message(value: string): string {
  return `Invalid CAIP-2 network id: ${value}`
}

function parts(value: string, count: number): string[] | undefined {
  const split = value.split(':')
  if (split.length !== count || split.some((part) => part.length === 0)) return undefined
  return split
}

/** Whether `value` is a CAIP-2 network id: exactly 2 non-empty colon-separated parts. */
export function isCaip2(value: string): boolean {
  return parts(value, 2) !== undefined
}

/** Whether `value` is a CAIP-10 address: exactly 3 non-empty colon-separated parts. */
export function isCaip10(value: string): boolean {
  return parts(value, 3) !== undefined
}

/**
 * Parses a CAIP-2 network id.
 * @throws Error 'Invalid CAIP-2 network id: {value}' unless it has exactly 2 non-empty parts.
 * @example parseCaip2('eip155:1') // { chainNamespace: 'eip155', chainId: '1' }
 */
export function parseCaip2(value: string): Caip2 {
  const split = parts(value, 2)
  if (!split) throw new Error(invalidCaip2Message(value))
  const [chainNamespace, chainId] = split as [string, string]
  return { chainNamespace, chainId }
}

/**
 * Parses a CAIP-10 account id.
 * @throws Error 'Invalid CAIP-10 address: {value}' unless it has exactly 3 non-empty parts.
 * @example parseCaip10('eip155:1:0xab') // { chainNamespace: 'eip155', chainId: '1', address: '0xab', caipNetworkId: 'eip155:1' }
 */
export function parseCaip10(value: string): Caip10 {
  const split = parts(value, 3)
  if (!split) throw new Error(invalidCaip10Message(value))
  const [chainNamespace, chainId, address] = split as [string, string, string]
  return { chainNamespace, chainId, address, caipNetworkId: `${chainNamespace}:${chainId}` }
}

/** Formats a CAIP-2 network id: `formatCaip2('eip155', 1)` -> `eip155:1`. Checks the result. */
export function formatCaip2(chainNamespace: string, chainId: string | number): string {
  const value = `${chainNamespace}:${chainId}`
  parseCaip2(value)
  return value
}

/** Formats a CAIP-10 account id from a CAIP-2 network id and an address. Checks the result. */
export function formatCaip10(caipNetworkId: string, address: string): string {
  const value = `${caipNetworkId}:${address}`
  parseCaip10(value)
  return value
}

/** A string that is a CAIP-2 network id (message: 'Invalid CAIP-2 network id: {value}'). */
export const Caip2Schema = z
  .string()
  .check(z.refine(isCaip2, { error: (issue) => invalidCaip2Message(String(issue.input)) }))

/** A string that is a CAIP-10 address (message: 'Invalid CAIP-10 address: {value}'). */
export const Caip10Schema = z
  .string()
  .check(z.refine(isCaip10, { error: (issue) => invalidCaip10Message(String(issue.input)) }))

/** The CAIP-2 namespace of EVM chains. */
const EIP155 = 'eip155'

/**
 * Reads an EIP-155 chain id as wallets and pages send it: a number, `0x..` hex, a decimal string or
 * CAIP-2 `eip155:<id>`. Undefined unless it is a positive safe integer.
 * @example evmChainId('eip155:137') // 137
 * @example evmChainId('0x89') // 137
 */
export function evmChainId(value: unknown): number | undefined {
  let id: number | undefined
  if (typeof value === 'number') id = value
  else if (typeof value === 'string') {
    const text = value.startsWith(`${EIP155}:`) ? value.slice(EIP155.length + 1) : value
    if (/^0x[0-9a-fA-F]{1,13}$/.test(text)) id = Number.parseInt(text, 16)
    else if (/^[0-9]{1,16}$/.test(text)) id = Number(text)
  }
  return id !== undefined && Number.isSafeInteger(id) && id > 0 ? id : undefined
}
