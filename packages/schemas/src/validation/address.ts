import * as z from 'zod/mini'
import * as Errors from '../errors.js'

const EVM = /^0x[0-9a-fA-F]{40}$/
const SOLANA = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/

/** Whether `value` is an EVM (eip155) address: 0x and 40 hex digits. */
export function isEvmAddress(value: string): boolean {
  return EVM.test(value)
}

/** Whether `value` is a Solana address: 32 to 44 base58 characters. */
export function isSolanaAddress(value: string): boolean {
  return SOLANA.test(value)
}

/** Whether `address` is valid in `chainNamespace`; namespaces without a format check return false. */
export function isAddress(address: string, chainNamespace: string): boolean {
  if (chainNamespace === 'eip155') return isEvmAddress(address)
  if (chainNamespace === 'solana') return isSolanaAddress(address)
  return false
}

/** An eip155 address (message 'Invalid address'). */
export const EvmAddress = z.string().check(z.regex(EVM, Errors.INVALID_ADDRESS))

/** A Solana address (message 'Invalid address'). */
export const SolanaAddress = z.string().check(z.regex(SOLANA, Errors.INVALID_ADDRESS))
