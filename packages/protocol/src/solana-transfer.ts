import { PROGRAMS } from './solana-transaction.js'
import * as Wire from './solana-wire.js'

/**
 * The builder beside solana-wire's parser: the unsigned legacy wire transactions of a transfer, as the
 * modal's Send flow asks the wallet to sign and send them (`solana_signAndSendTransaction`). SOL is a
 * System program transfer; an SPL token is a `transferChecked` from the sender's associated token
 * account to the receiver's, created first (CreateIdempotent) when it is missing. Small hand-written
 * encoders (no `@solana/web3.js`): base58, the associated token address (a program-derived address,
 * SHA-256 through WebCrypto and the ed25519 curve check) and the legacy message format.
 */

/** One account of an instruction: its address, whether it signs and whether it is written. */
export type AccountMeta = { address: string; signer: boolean; writable: boolean }

/** An instruction to compile: its program, its accounts, its data. */
export type Instruction = { programId: string; accounts: AccountMeta[]; data: Uint8Array }

/** Text that is not the base58 of `length` bytes. */
export class InvalidAddress extends Error {}

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

/**
 * The bytes of base58 `text`, or throws {@link InvalidAddress} when it is not base58 (of `length` bytes
 * when given: 32 for an address).
 */
export function base58Decode(text: string, length?: number): Uint8Array {
  let value = 0n
  for (const char of text) {
    const digit = ALPHABET.indexOf(char)
    if (digit < 0) throw new InvalidAddress(`not base58: ${text}`)
    value = value * 58n + BigInt(digit)
  }
  const body: number[] = []
  while (value > 0n) {
    body.unshift(Number(value & 0xffn))
    value >>= 8n
  }
  let zeros = 0
  while (text[zeros] === '1') zeros++
  const bytes = Uint8Array.from([...new Array<number>(zeros).fill(0), ...body])
  if (length !== undefined && bytes.length !== length)
    throw new InvalidAddress(`not ${length} bytes of base58: ${text}`)
  return bytes
}

/** Whether `text` is a Solana address: the base58 of exactly 32 bytes. */
export function isAddress(text: string): boolean {
  try {
    base58Decode(text, 32)
    return true
  } catch (error) {
    if (error instanceof InvalidAddress) return false
    throw error
  }
}

// --- The ed25519 curve check of program-derived addresses ----------------------------------------

const P = 2n ** 255n - 19n
const mod = (a: bigint) => ((a % P) + P) % P
function pow(base: bigint, exponent: bigint): bigint {
  let result = 1n
  let b = mod(base)
  for (let e = exponent; e > 0n; e >>= 1n) {
    if (e & 1n) result = (result * b) % P
    b = (b * b) % P
  }
  return result
}
/** The curve's d: -121665 / 121666. */
const D = mod(-121665n * pow(121666n, P - 2n))

/**
 * Whether 32 bytes are the encoding of a point of the ed25519 curve (an address with a key): y from
 * the bytes (little-endian, sign bit cleared), and x² = (y² - 1) / (d y² + 1) has a root. Program-derived
 * addresses are the hashes that are not.
 */
export function isOnCurve(bytes: Uint8Array): boolean {
  let y = 0n
  for (let i = 31; i >= 0; i--) y = (y << 8n) | BigInt(bytes[i] ?? 0)
  y = mod(y & ((1n << 255n) - 1n))
  const y2 = (y * y) % P
  const u = mod(y2 - 1n)
  const v = mod(D * y2 + 1n)
  // x = u v³ (u v⁷)^((p-5)/8), then v x² is u or -u when a root exists.
  const v3 = (v * v * v) % P
  const x = (((u * v3) % P) * pow((u * v3 * v3 * v) % P, (P - 5n) / 8n)) % P
  const vx2 = (v * x * x) % P
  return vx2 === u || vx2 === mod(-u)
}

const PDA_MARKER = new TextEncoder().encode('ProgramDerivedAddress')

async function sha256(parts: Uint8Array[]): Promise<Uint8Array> {
  const joined = new Uint8Array(parts.reduce((n, part) => n + part.length, 0))
  let at = 0
  for (const part of parts) {
    joined.set(part, at)
    at += part.length
  }
  return new Uint8Array(await crypto.subtle.digest('SHA-256', joined))
}

/** The program-derived address of `seeds` under `programId`: the first bump from 255 down that is off the curve. */
export async function programAddress(seeds: Uint8Array[], programId: string): Promise<string> {
  const program = base58Decode(programId, 32)
  for (let bump = 255; bump >= 0; bump--) {
    const hash = await sha256([...seeds, Uint8Array.of(bump), program, PDA_MARKER])
    if (!isOnCurve(hash)) return Wire.base58(hash)
  }
  throw new Error('no program-derived address for these seeds')
}

/**
 * The associated token account of `owner` for `mint` (of the SPL Token program, or Token-2022 when
 * `tokenProgram` says so).
 *
 * @example await SolanaTransfer.associatedTokenAddress(owner, mint) // as spl-token's getAssociatedTokenAddressSync
 */
export function associatedTokenAddress(
  owner: string,
  mint: string,
  tokenProgram: string = PROGRAMS.token,
): Promise<string> {
  return programAddress(
    [base58Decode(owner, 32), base58Decode(tokenProgram, 32), base58Decode(mint, 32)],
    PROGRAMS.associatedToken,
  )
}

// --- Instructions ----------------------------------------------------------------------------------

/** The size of a mint without extensions (bytes); a Token-2022 mint with extensions is longer. */
export const MINT_SIZE = 82

/** Whether `programId` is a token program: SPL Token or Token-2022 (no other program gets the user's signature). */
export function isTokenProgram(programId: string): boolean {
  return programId === PROGRAMS.token || programId === PROGRAMS.token2022
}

/**
 * The size (bytes) of an associated token account of `program`, whose rent a created one holds: 165
 * for SPL Token; 170 for Token-2022 (its associated accounts always carry the ImmutableOwner
 * extension; a mint without extensions adds no others).
 */
export function tokenAccountSize(program: string): number {
  return program === PROGRAMS.token2022 ? 170 : 165
}

/** Little-endian u64 bytes; throws a RangeError outside 0 ≤ value < 2^64 (DataView would wrap it). */
const u64 = (value: bigint) => {
  if (value < 0n || value >= 1n << 64n) throw new RangeError(`not a u64: ${value}`)
  const bytes = new Uint8Array(8)
  new DataView(bytes.buffer).setBigUint64(0, value, true)
  return bytes
}

/** The System program's Transfer (instruction 2) of `lamports` from `from` to `to`. */
export function systemTransfer(from: string, to: string, lamports: bigint): Instruction {
  return {
    programId: PROGRAMS.system,
    accounts: [
      { address: from, signer: true, writable: true },
      { address: to, signer: false, writable: true },
    ],
    data: Uint8Array.from([2, 0, 0, 0, ...u64(lamports)]),
  }
}

/** SPL Token's TransferChecked (instruction 12): `amount` base units of `mint` (`decimals`) signed by `owner`. */
export function transferChecked(options: {
  source: string
  mint: string
  destination: string
  owner: string
  amount: bigint
  decimals: number
  tokenProgram?: string
}): Instruction {
  return {
    programId: options.tokenProgram ?? PROGRAMS.token,
    accounts: [
      { address: options.source, signer: false, writable: true },
      { address: options.mint, signer: false, writable: false },
      { address: options.destination, signer: false, writable: true },
      { address: options.owner, signer: true, writable: false },
    ],
    data: Uint8Array.from([12, ...u64(options.amount), options.decimals]),
  }
}

/** The associated token program's CreateIdempotent (1): `account` for `owner` and `mint`, paid by `payer`. */
export function createAssociatedTokenAccount(options: {
  payer: string
  account: string
  owner: string
  mint: string
  tokenProgram?: string
}): Instruction {
  return {
    programId: PROGRAMS.associatedToken,
    accounts: [
      { address: options.payer, signer: true, writable: true },
      { address: options.account, signer: false, writable: true },
      { address: options.owner, signer: false, writable: false },
      { address: options.mint, signer: false, writable: false },
      { address: PROGRAMS.system, signer: false, writable: false },
      { address: options.tokenProgram ?? PROGRAMS.token, signer: false, writable: false },
    ],
    data: Uint8Array.of(1),
  }
}

// --- The legacy message and the unsigned wire transaction ------------------------------------------

function shortVec(value: number): number[] {
  const out: number[] = []
  let rest = value
  for (;;) {
    const byte = rest & 0x7f
    rest >>= 7
    if (rest === 0) {
      out.push(byte)
      return out
    }
    out.push(byte | 0x80)
  }
}

/**
 * The legacy message of `instructions` paid by `feePayer`: its account keys (the fee payer first, then
 * signers writable, signers read-only, writable, read-only, each in order of first use), the header
 * counting them, the blockhash and the compiled instructions.
 */
export function compileMessage(feePayer: string, recentBlockhash: string, instructions: Instruction[]) {
  const metas = new Map<string, { signer: boolean; writable: boolean }>()
  metas.set(feePayer, { signer: true, writable: true })
  const add = (address: string, signer: boolean, writable: boolean) => {
    const known = metas.get(address)
    metas.set(address, { signer: signer || !!known?.signer, writable: writable || !!known?.writable })
  }
  for (const instruction of instructions) {
    for (const account of instruction.accounts) add(account.address, account.signer, account.writable)
    add(instruction.programId, false, false)
  }
  const all = [...metas]
  const group = (signer: boolean, writable: boolean) =>
    all.filter(([, m]) => m.signer === signer && m.writable === writable).map(([address]) => address)
  const keys = [...group(true, true), ...group(true, false), ...group(false, true), ...group(false, false)]
  const header = [
    group(true, true).length + group(true, false).length,
    group(true, false).length,
    group(false, false).length,
  ]
  const bytes: number[] = [...header, ...shortVec(keys.length)]
  for (const key of keys) bytes.push(...base58Decode(key, 32))
  bytes.push(...base58Decode(recentBlockhash, 32), ...shortVec(instructions.length))
  for (const instruction of instructions) {
    bytes.push(keys.indexOf(instruction.programId), ...shortVec(instruction.accounts.length))
    for (const account of instruction.accounts) bytes.push(keys.indexOf(account.address))
    bytes.push(...shortVec(instruction.data.length), ...instruction.data)
  }
  return { message: Uint8Array.from(bytes), signers: header[0] as number }
}

/** The unsigned wire transaction of a message: a zeroed signature slot for each signer, then the message. */
export function unsigned(message: Uint8Array, signers: number): Uint8Array {
  return Uint8Array.from([...shortVec(signers), ...new Uint8Array(signers * 64), ...message])
}

/** What a Send asks for: SOL (no `mint`) or an SPL token, `amount` in base units. */
export type Transfer = {
  from: string
  to: string
  amount: bigint
  recentBlockhash: string
  /** The SPL token's mint, decimals and program; absent for SOL. */
  token?: { mint: string; decimals: number; program?: string }
  /** Whether the receiver's associated token account exists (SPL); when it does not, it is created. */
  receiverHasTokenAccount?: boolean
}

/**
 * The instructions of a transfer: a System transfer of SOL, or an SPL `transferChecked` between the
 * associated token accounts, the receiver's created first when it is missing.
 */
export async function instructions(transfer: Transfer): Promise<Instruction[]> {
  const { from, to, amount, token } = transfer
  if (!token) return [systemTransfer(from, to, amount)]
  const program = token.program ?? PROGRAMS.token
  const source = await associatedTokenAddress(from, token.mint, program)
  const destination = await associatedTokenAddress(to, token.mint, program)
  return [
    ...(transfer.receiverHasTokenAccount
      ? []
      : [
          createAssociatedTokenAccount({
            payer: from,
            account: destination,
            owner: to,
            mint: token.mint,
            tokenProgram: program,
          }),
        ]),
    transferChecked({
      source,
      mint: token.mint,
      destination,
      owner: from,
      amount,
      decimals: token.decimals,
      tokenProgram: program,
    }),
  ]
}

/**
 * The unsigned wire transaction of a transfer, paid by the sender, and its message (for the fee).
 *
 * @example
 * const { transaction } = await SolanaTransfer.build({ from, to, amount: 500_000_000n, recentBlockhash })
 */
export async function build(transfer: Transfer) {
  const { message, signers } = compileMessage(
    transfer.from,
    transfer.recentBlockhash,
    await instructions(transfer),
  )
  return { message, transaction: unsigned(message, signers) }
}
