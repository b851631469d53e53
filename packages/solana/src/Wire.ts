import { base58 } from '@scure/base'

/**
 * A transaction in its wire form (the bytes `sendTransaction` carries): its signatures, then its
 * message, legacy or versioned (a first message byte with the top bit set). Only what the cluster
 * needs is read: the first signature (the transaction's id), the version and the recent blockhash.
 */

/** A signature is 64 bytes, an address and a blockhash 32. */
const SIGNATURE_BYTES = 64
const KEY_BYTES = 32
/** The largest transaction a cluster takes (one packet). */
const MAX_BYTES = 1232

export type Transaction = {
  bytes: Uint8Array
  /** base58 of the first signature. */
  signature: string
  versioned: boolean
  recentBlockhash: string
  /** Where the recent blockhash starts in `bytes`. */
  blockhashOffset: number
}

/** A compact-u16 (shortvec) at `offset`: its value and its length in bytes. */
function shortVec(bytes: Uint8Array, offset: number): { value: number; size: number } {
  let value = 0
  for (let size = 0; size < 3; size++) {
    const byte = bytes[offset + size]
    if (byte === undefined) throw new Error('transaction ends early')
    value |= (byte & 0x7f) << (7 * size)
    if ((byte & 0x80) === 0) return { value, size: size + 1 }
  }
  throw new Error('bad compact-u16 length')
}

/** Where a message's header starts (after the version byte of a versioned message). */
function headerOffset(message: Uint8Array, start = 0): { versioned: boolean; offset: number } {
  const first = message[start]
  if (first === undefined) throw new Error('transaction has no message')
  const versioned = (first & 0x80) !== 0
  if (versioned && (first & 0x7f) !== 0) throw new Error(`unsupported transaction version ${first & 0x7f}`)
  return { versioned, offset: start + (versioned ? 1 : 0) }
}

/** Reads a wire transaction; throws with the reason when the bytes are not one. */
export function parse(bytes: Uint8Array): Transaction {
  if (bytes.length > MAX_BYTES)
    throw new Error(`transaction too large: ${bytes.length} bytes (max ${MAX_BYTES})`)
  const signatures = shortVec(bytes, 0)
  if (signatures.value === 0) throw new Error('transaction has no signature')
  const messageStart = signatures.size + signatures.value * SIGNATURE_BYTES
  const { versioned, offset } = headerOffset(bytes, messageStart)
  const keys = shortVec(bytes, offset + 3)
  const blockhashOffset = offset + 3 + keys.size + keys.value * KEY_BYTES
  if (bytes.length < blockhashOffset + KEY_BYTES) throw new Error('transaction ends early')
  if (bytes[offset] !== signatures.value)
    throw new Error(`transaction has ${signatures.value} signatures for ${bytes[offset]} signers`)
  return {
    bytes,
    signature: base58.encode(bytes.subarray(signatures.size, signatures.size + SIGNATURE_BYTES)),
    versioned,
    recentBlockhash: base58.encode(bytes.subarray(blockhashOffset, blockhashOffset + KEY_BYTES)),
    blockhashOffset,
  }
}

/** The same transaction with another recent blockhash (its signatures no longer match). */
export function withBlockhash(transaction: Transaction, blockhash: string): Transaction {
  const bytes = new Uint8Array(transaction.bytes)
  bytes.set(base58.decode(blockhash), transaction.blockhashOffset)
  return { ...transaction, bytes, recentBlockhash: blockhash }
}

/** How many signatures a message (without its signatures) requires: its header's first byte. */
export function requiredSignatures(message: Uint8Array): number {
  const { offset } = headerOffset(message)
  const required = message[offset]
  if (required === undefined) throw new Error('message ends early')
  return required
}
