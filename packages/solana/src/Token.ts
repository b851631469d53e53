import { base58 } from '@scure/base'
import * as Genesis from './Genesis.js'

/**
 * The SPL Token program's account layouts (a mint is 82 bytes, a token account 165), written to seed
 * the cluster and read to answer token requests and `jsonParsed` encodings.
 */

export const MINT_SIZE = 82
export const ACCOUNT_SIZE = 165

/** A token account's state byte: 1 is initialized. */
const INITIALIZED = 1

/** A mint account's data. */
export type Mint = {
  mintAuthority: string | null
  supply: bigint
  decimals: number
  freezeAuthority: string | null
}
/** A token account's data (the fields the RPC answers). */
export type TokenAccount = {
  mint: string
  owner: string
  amount: bigint
  state: number
  delegate: string | null
}

function option(view: DataView, bytes: Uint8Array, offset: number): string | null {
  return view.getUint32(offset, true) === 1 ? base58.encode(bytes.subarray(offset + 4, offset + 36)) : null
}

function writeOption(bytes: Uint8Array, offset: number, address: string | null) {
  if (!address) return
  new DataView(bytes.buffer).setUint32(offset, 1, true)
  bytes.set(base58.decode(address), offset + 4)
}

/** The 82 bytes of an initialized mint. */
export function encodeMint(mint: Mint): Uint8Array {
  const bytes = new Uint8Array(MINT_SIZE)
  const view = new DataView(bytes.buffer)
  writeOption(bytes, 0, mint.mintAuthority)
  view.setBigUint64(36, mint.supply, true)
  bytes[44] = mint.decimals
  bytes[45] = 1
  writeOption(bytes, 46, mint.freezeAuthority)
  return bytes
}

/** The 165 bytes of an initialized token account. */
export function encodeAccount(account: { mint: string; owner: string; amount: bigint }): Uint8Array {
  const bytes = new Uint8Array(ACCOUNT_SIZE)
  bytes.set(base58.decode(account.mint), 0)
  bytes.set(base58.decode(account.owner), 32)
  new DataView(bytes.buffer).setBigUint64(64, account.amount, true)
  bytes[108] = INITIALIZED
  return bytes
}

/** A mint's fields, or undefined when the data is not an initialized mint. */
export function decodeMint(data: Uint8Array): Mint | undefined {
  if (data.length !== MINT_SIZE || data[45] !== 1) return undefined
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
  return {
    mintAuthority: option(view, data, 0),
    supply: view.getBigUint64(36, true),
    decimals: data[44] as number,
    freezeAuthority: option(view, data, 46),
  }
}

/** A token account's fields, or undefined when the data is not an initialized token account. */
export function decodeAccount(data: Uint8Array): TokenAccount | undefined {
  if (data.length !== ACCOUNT_SIZE || data[108] === 0) return undefined
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
  return {
    mint: base58.encode(data.subarray(0, 32)),
    owner: base58.encode(data.subarray(32, 64)),
    amount: view.getBigUint64(64, true),
    state: data[108] as number,
    delegate: option(view, data, 72),
  }
}

/** A token amount as the RPC answers it (`uiAmount` is a float, `uiAmountString` exact). */
export function uiAmount(amount: bigint, decimals: number) {
  const unit = 10n ** BigInt(decimals)
  const whole = amount / unit
  const fraction = (amount % unit).toString().padStart(decimals, '0').replace(/0+$/, '')
  const uiAmountString = fraction ? `${whole}.${fraction}` : `${whole}`
  return { amount: amount.toString(), decimals, uiAmount: Number(uiAmountString), uiAmountString }
}

/** The `jsonParsed` form of a token program account, or undefined when it is neither a mint nor a token account. */
export function parsed(data: Uint8Array, decimalsOf: (mint: string) => number | undefined) {
  const account = decodeAccount(data)
  if (account) {
    const decimals = decimalsOf(account.mint) ?? 0
    return {
      program: 'spl-token',
      parsed: {
        type: 'account',
        info: {
          isNative: false,
          mint: account.mint,
          owner: account.owner,
          state: account.state === 2 ? 'frozen' : 'initialized',
          tokenAmount: uiAmount(account.amount, decimals),
          ...(account.delegate ? { delegate: account.delegate } : {}),
        },
      },
      space: ACCOUNT_SIZE,
    }
  }
  const mint = decodeMint(data)
  if (mint)
    return {
      program: 'spl-token',
      parsed: {
        type: 'mint',
        info: {
          decimals: mint.decimals,
          freezeAuthority: mint.freezeAuthority,
          isInitialized: true,
          mintAuthority: mint.mintAuthority,
          supply: mint.supply.toString(),
        },
      },
      space: MINT_SIZE,
    }
  return undefined
}

/** The program that owns token accounts. */
export const PROGRAM = Genesis.TOKEN_PROGRAM
