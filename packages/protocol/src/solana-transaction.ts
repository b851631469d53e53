import * as z from 'zod/mini'
import * as Errors from './errors.js'
import { invalid } from './sign-request.js'
import * as SolanaWallet from './solana-wallet.js'
import * as Wire from './solana-wire.js'

/**
 * The one reading of the embedded wallet's Solana transaction requests (`solana_signTransaction`,
 * `solana_signAllTransactions`, `solana_signAndSendTransaction`), shared by the approval screen, which
 * shows what a transaction does, and the vault, which signs it: WalletConnect's params (base64 wire
 * transactions), the wire format (signatures, then a legacy or v0 message), and the instructions the
 * screen explains (System transfers, SPL Token transfer and transferChecked, associated token
 * accounts). Anything that does not parse fully is refused with -32602.
 */

/** The programs whose instructions are decoded. */
export const PROGRAMS = {
  system: '11111111111111111111111111111111',
  token: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  token2022: 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
  associatedToken: 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL',
  computeBudget: 'ComputeBudget111111111111111111111111111111',
} as const

/** Lamports in one SOL. */
export const LAMPORTS_PER_SOL = 1_000_000_000n

/** Solana's largest transaction on the wire (bytes): the packet size less its headers. */
export const MAX_TRANSACTION_BYTES = 1232

/** Most transactions one `solana_signAllTransactions` asks to sign. */
export const MAX_TRANSACTIONS = 10

/** The refusals, each a detail of the -32602 message. */
export const REFUSALS = {
  base64: (path: string) => `${path}: must be a base64 transaction`,
  malformed: (path: string) => `${path}: not a Solana transaction`,
  tooLarge: (path: string) => `${path}: longer than ${MAX_TRANSACTION_BYTES} bytes`,
  notSigner: (path: string) => `${path}: the account is not one of the transaction's signers`,
} as const

const Base64 = z.string().check(z.maxLength(Math.ceil(MAX_TRANSACTION_BYTES / 3) * 4 + 4))
const SendOptions = z.optional(
  z.object({
    skipPreflight: z.optional(z.boolean()),
    preflightCommitment: z.optional(z.enum(['processed', 'confirmed', 'finalized'])),
    maxRetries: z.optional(z.number()),
    minContextSlot: z.optional(z.number()),
  }),
)

/** The params of each method, as WalletConnect's Solana RPC names them. */
/** The chain the page names (the Wallet Standard's input `chain`): a name or a CAIP-2 id. */
const Chain = z.optional(z.string().check(z.maxLength(64)))
const Params = {
  solana_signTransaction: z.object({ transaction: Base64, pubkey: z.optional(z.string()), chain: Chain }),
  solana_signAndSendTransaction: z.object({
    transaction: Base64,
    pubkey: z.optional(z.string()),
    chain: Chain,
    sendOptions: SendOptions,
  }),
  solana_signAllTransactions: z.object({
    transactions: z.array(Base64).check(z.minLength(1), z.maxLength(MAX_TRANSACTIONS)),
    pubkey: z.optional(z.string()),
    chain: Chain,
  }),
} as const

/** A transaction method of this module. */
export type Method = keyof typeof Params

/** Whether `method` is one of this module's methods. */
export function isMethod(method: string): method is Method {
  return Object.hasOwn(Params, method)
}

/** A request's transactions (wire bytes, each parsed), the chain it names and its send options. */
export type Request = {
  method: Method
  transactions: { bytes: Uint8Array; parsed: Transaction }[]
  /** The chain the request names, as it names it (`solana:mainnet` or a CAIP-2 id); see {@link checkChain}. */
  chain?: string
  sendOptions?: z.infer<typeof SendOptions>
}

/** One instruction: its program, its accounts (undefined where a lookup table holds it), its data. */
export type Instruction = { programId: string; accounts: (string | undefined)[]; data: Uint8Array }

/** A parsed wire transaction (solana-wire's reading, which sign-request's message check shares). */
export type Transaction = Wire.Transaction

/** Base58 (Solana's addresses and signatures). */
export const base58 = Wire.base58

/**
 * Parses a wire transaction: its signatures, then a legacy or v0 message whose every byte is read.
 * Throws -32602 naming `path` when it is not one.
 */
export function parse(bytes: Uint8Array, path = 'params.transaction'): Transaction {
  if (bytes.length > MAX_TRANSACTION_BYTES) throw invalid(REFUSALS.tooLarge(path))
  try {
    return Wire.parse(bytes)
  } catch (error) {
    if (error instanceof Wire.Malformed) throw invalid(REFUSALS.malformed(path))
    throw error
  }
}

/** Base64 of bytes (the wire transactions of the requests and answers). */
export function toBase64(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}

function fromBase64(text: string, path: string): Uint8Array {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) throw invalid(REFUSALS.base64(path))
  const binary = atob(text)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

/**
 * A request's params read: each transaction decoded from base64 and parsed, or -32602 naming the field.
 */
export function request(method: Method, params: unknown): Request {
  const result = z.safeParse(Params[method], params)
  if (!result.success) {
    const issue = result.error.issues[0]
    const path = ['params', ...(issue?.path ?? []).map(String)].join('.')
    throw invalid(`${path}: ${issue?.message ?? 'invalid'}`)
  }
  const data = result.data
  const texts =
    'transactions' in data
      ? data.transactions.map((text, i) => [text, `params.transactions.${i}`] as const)
      : [[data.transaction, 'params.transaction'] as const]
  const transactions = texts.map(([text, path]) => {
    const bytes = fromBase64(text, path)
    return { bytes, parsed: parse(bytes, path) }
  })
  return {
    method,
    transactions,
    ...(data.chain !== undefined ? { chain: data.chain } : {}),
    ...('sendOptions' in data && data.sendOptions ? { sendOptions: data.sendOptions } : {}),
  }
}

/**
 * Refuses with 4901 a request that names a chain (a Wallet Standard name or a CAIP-2 id, read by
 * solana-wallet's one mapping) other than `served`, the CAIP-2 id of the cluster the wallet signs
 * and sends for: checked before anything is signed.
 */
export function checkChain(request: Pick<Request, 'chain'>, served: string): void {
  if (request.chain === undefined || SolanaWallet.caip2Of(request.chain) === served) return
  throw Errors.providerError('chainDisconnected', undefined, { chain: request.chain })
}

/** The wire transaction with `signature` in the slot of signer `index`. */
export function withSignature(bytes: Uint8Array, index: number, signature: Uint8Array): Uint8Array {
  const signed = bytes.slice()
  let offset = 0
  while ((signed[offset] ?? 0) & 0x80) offset++
  signed.set(signature, offset + 1 + index * 64)
  return signed
}

/** What an instruction does, as the approval screen explains it. */
export type Decoded =
  | { kind: 'solTransfer'; from: string | undefined; to: string | undefined; lamports: bigint }
  | {
      kind: 'tokenTransfer'
      program: string
      source: string | undefined
      destination: string | undefined
      owner: string | undefined
      amount: bigint
      /** transferChecked names the mint and its decimals; transfer does not. */
      mint?: string | undefined
      decimals?: number
    }
  | {
      kind: 'createTokenAccount'
      account: string | undefined
      owner: string | undefined
      mint: string | undefined
    }
  | { kind: 'computeBudget' }
  | { kind: 'unknown'; programId: string }

const u64 = (data: Uint8Array, offset: number) =>
  new DataView(data.buffer, data.byteOffset, data.byteLength).getBigUint64(offset, true)
const u32 = (data: Uint8Array, offset: number) =>
  new DataView(data.buffer, data.byteOffset, data.byteLength).getUint32(offset, true)

/** System program: Transfer is instruction 2 (u32 LE), then the lamports (u64 LE). */
const SYSTEM_TRANSFER = 2
/** SPL Token: Transfer (3, amount) and TransferChecked (12, amount, decimals). */
const TOKEN_TRANSFER = 3
const TOKEN_TRANSFER_CHECKED = 12

/**
 * Decodes one instruction; what is not a transfer of this module is `unknown` with its program. The
 * System and SPL Token programs read their instruction's fields and ignore any bytes after them, so a
 * transfer with trailing bytes still transfers: it is decoded as one (the associated token program
 * refuses trailing bytes, so its instructions stay exact).
 */
export function decode(instruction: Instruction): Decoded {
  const { programId, accounts, data } = instruction
  if (programId === PROGRAMS.system && data.length >= 12 && u32(data, 0) === SYSTEM_TRANSFER)
    return { kind: 'solTransfer', from: accounts[0], to: accounts[1], lamports: u64(data, 4) }
  if (programId === PROGRAMS.token || programId === PROGRAMS.token2022) {
    if (data[0] === TOKEN_TRANSFER && data.length >= 9)
      return {
        kind: 'tokenTransfer',
        program: programId,
        source: accounts[0],
        destination: accounts[1],
        owner: accounts[2],
        amount: u64(data, 1),
      }
    if (data[0] === TOKEN_TRANSFER_CHECKED && data.length >= 10)
      return {
        kind: 'tokenTransfer',
        program: programId,
        source: accounts[0],
        mint: accounts[1],
        destination: accounts[2],
        owner: accounts[3],
        amount: u64(data, 1),
        decimals: data[9] as number,
      }
  }
  // Create (empty data or 0) and CreateIdempotent (1): payer, account, owner, mint, …
  if (programId === PROGRAMS.associatedToken && (data.length === 0 || (data.length === 1 && data[0]! <= 1)))
    return { kind: 'createTokenAccount', account: accounts[1], owner: accounts[2], mint: accounts[3] }
  if (programId === PROGRAMS.computeBudget) return { kind: 'computeBudget' }
  return { kind: 'unknown', programId }
}
