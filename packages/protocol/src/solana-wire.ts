/**
 * The one reading of Solana's wire format (signatures, then a legacy or v0 message), without zod:
 * solana-transaction reads requests' transactions with it, and sign-request refuses a
 * `solana_signMessage` whose bytes it reads as a transaction. Internal to the protocol package.
 */

/** A parsed wire transaction. */
export type Transaction = {
  version: 'legacy' | 0
  signatures: Uint8Array[]
  /** Where the message starts in the wire bytes: the signed bytes are the rest. */
  messageOffset: number
  /** The accounts that must sign, in signature order. */
  signers: string[]
  accountKeys: string[]
  recentBlockhash: string
  instructions: { programId: string; accounts: (string | undefined)[]; data: Uint8Array }[]
  /** How many address lookup tables the (v0) message uses. */
  lookupTables: number
}

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

/** Base58 (Solana's addresses and signatures). */
export function base58(bytes: Uint8Array): string {
  let value = 0n
  for (const byte of bytes) value = value * 256n + BigInt(byte)
  let text = ''
  while (value > 0n) {
    text = ALPHABET[Number(value % 58n)] + text
    value /= 58n
  }
  for (const byte of bytes) {
    if (byte !== 0) break
    text = `1${text}`
  }
  return text
}

/** Bytes that are not what the reader expects. */
export class Malformed extends Error {}

/** A reader over the wire bytes from `start` that throws {@link Malformed} past the end. */
function reader(bytes: Uint8Array, start = 0) {
  let at = start
  const take = (n: number) => {
    if (at + n > bytes.length) throw new Malformed()
    const slice = bytes.subarray(at, at + n)
    at += n
    return slice
  }
  const shortVec = () => {
    let value = 0
    for (let i = 0; i < 3; i++) {
      const byte = take(1)[0] as number
      value |= (byte & 0x7f) << (7 * i)
      if ((byte & 0x80) === 0) return value
    }
    throw new Malformed()
  }
  return { take, shortVec, byte: () => take(1)[0] as number, at: () => at }
}

/** Reads a whole message (legacy or v0) from `offset` to the end of `bytes`, or throws {@link Malformed}. */
function message(bytes: Uint8Array, offset: number): Omit<Transaction, 'signatures'> {
  const read = reader(bytes, offset)
  const first = bytes[offset]
  if (first === undefined) throw new Malformed()
  let version: 'legacy' | 0 = 'legacy'
  if (first & 0x80) {
    if ((first & 0x7f) !== 0) throw new Malformed()
    version = 0
    read.byte()
  }
  const required = read.byte()
  const readonlySigned = read.byte()
  const readonlyUnsigned = read.byte()
  const keyCount = read.shortVec()
  if (required === 0 || readonlySigned >= required || keyCount < required + readonlyUnsigned)
    throw new Malformed()
  const accountKeys = Array.from({ length: keyCount }, () => base58(read.take(32)))
  const recentBlockhash = base58(read.take(32))
  const raw = Array.from({ length: read.shortVec() }, () => ({
    program: read.byte(),
    accounts: Array.from(read.take(read.shortVec())),
    data: read.take(read.shortVec()),
  }))
  let lookupTables = 0
  if (version === 0) {
    lookupTables = read.shortVec()
    for (let i = 0; i < lookupTables; i++) {
      read.take(32)
      read.take(read.shortVec())
      read.take(read.shortVec())
    }
  }
  if (read.at() !== bytes.length) throw new Malformed()
  const instructions = raw.map(({ program, accounts, data }) => {
    const programId = accountKeys[program]
    if (programId === undefined) throw new Malformed()
    return { programId, accounts: accounts.map((index) => accountKeys[index]), data }
  })
  return {
    version,
    messageOffset: offset,
    signers: accountKeys.slice(0, required),
    accountKeys,
    recentBlockhash,
    instructions,
    lookupTables,
  }
}

/** Parses a wire transaction (one signature per required signer, then its message), or throws {@link Malformed}. */
export function parse(bytes: Uint8Array): Transaction {
  const read = reader(bytes)
  const signatures = Array.from({ length: read.shortVec() }, () => read.take(64))
  const parsed = message(bytes, read.at())
  if (signatures.length !== parsed.signers.length) throw new Malformed()
  return { ...parsed, signatures }
}

const reads = (f: () => unknown) => {
  try {
    f()
    return true
  } catch (error) {
    if (error instanceof Malformed) return false
    throw error
  }
}

/**
 * Whether `bytes` read fully as a transaction message (legacy or v0), or as signatures then a message
 * (whatever their count): signing such bytes as a "message" would sign a transaction.
 */
export function isTransaction(bytes: Uint8Array): boolean {
  if (reads(() => message(bytes, 0))) return true
  return reads(() => {
    const read = reader(bytes)
    const count = read.shortVec()
    if (count === 0) throw new Malformed()
    read.take(count * 64)
    message(bytes, read.at())
  })
}

/**
 * The signature `address` put in a signed wire transaction (here, not in solana-wallet: the modal's
 * first-open chunks read solana-wallet's constants, and the parser would follow them there): the one in its signer slot (a user who is
 * not the fee payer signs in a later slot than the first), read by this parser; undefined when the bytes are no transaction or `address` is not among its signers.
 */
export function signatureOf(signed: Uint8Array, address: string): Uint8Array | undefined {
  try {
    const transaction = parse(signed)
    return transaction.signatures[transaction.signers.indexOf(address)]
  } catch (error) {
    if (error instanceof Malformed) return undefined
    throw error
  }
}
