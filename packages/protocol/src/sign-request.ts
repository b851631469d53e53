import * as z from 'zod/mini'
import * as Fields from './sign-request-fields.js'
import * as SolanaWire from './solana-wire.js'

/**
 * What the visitor sees is what is signed: the one reading of an unsafe request that both the auth
 * frame's approval screen and the API's vault use. Each parser turns the request's params into one
 * canonical value, or throws an EIP-1193 -32602 error ({@link invalid}) for anything the screen could not
 * show faithfully: unknown fields, malformed quantities, `data` and `input` that differ, calldata of a
 * known function that is not its exact encoding, typed-data fields outside the signed types, content
 * longer than the screen shows, Solana message bytes that are a transaction.
 *
 * One module per kind of request, all read through this one (`@frontdoor/protocol/sign-request`):
 * transactions (sign-request-transaction.ts, their calldata in sign-request-calldata.ts), typed data
 * (sign-request-typed-data.ts), and here the messages; what they share is sign-request-fields.ts.
 */

export * from './sign-request-calldata.js'
export {
  type Hex,
  invalid,
  isInvalid,
  REFUSALS,
  SIGNED_CONTENT_MAX_CHARS,
} from './sign-request-fields.js'
export * from './sign-request-transaction.js'
export * from './sign-request-typed-data.js'

/**
 * The message of `personal_sign` params (`[message, address]`), at most {@link Fields.SIGNED_CONTENT_MAX_CHARS}.
 */
export function personalMessage(params: unknown): { message: string; address: Fields.Hex } {
  const [message, address] = Fields.parse(
    z.tuple([
      z.string().check(z.maxLength(Fields.SIGNED_CONTENT_MAX_CHARS, Fields.REFUSALS.tooLong)),
      Fields.Address,
    ]),
    params,
    'params',
  )
  return { message, address: address as Fields.Hex }
}

const WHOLE_BYTES_HEX = /^0x(?:[0-9a-fA-F]{2})*$/

/**
 * The bytes a `personal_sign` of `message` signs (EIP-191): 0x-hex of whole bytes is those bytes, any
 * other message its UTF-8. The vault signs exactly these; the EOA's refusals count them.
 * @example SignRequest.personalMessageBytes('0xabcd') // Uint8Array [0xab, 0xcd]
 */
export function personalMessageBytes(message: string): Uint8Array {
  if (!WHOLE_BYTES_HEX.test(message)) return new TextEncoder().encode(message)
  const bytes = new Uint8Array((message.length - 2) / 2)
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(message.slice(2 + 2 * i, 4 + 2 * i), 16)
  return bytes
}

/**
 * Whether `bytes` Fields.parse fully as a Solana transaction message (legacy or v0) or a whole serialized
 * transaction (signatures, then a message): signing such bytes as a "message" would sign a transaction.
 * The reading is solana-wire's, the one solana-transaction parses the transactions it signs with.
 */
export const isSolanaTransaction = SolanaWire.isTransaction

/** The message bytes of `solana_signMessage`, refused when they are a transaction. */
export function solanaMessage(bytes: Uint8Array): Uint8Array {
  if (isSolanaTransaction(bytes)) throw Fields.invalid(Fields.REFUSALS.solanaTransaction)
  return bytes
}

/** The base58 message of `solana_signMessage` params at most {@link Fields.SIGNED_CONTENT_MAX_CHARS} long. */
export function solanaParams(params: unknown): { message: string; pubkey: string } {
  return Fields.parse(
    z.strictObject({
      message: z.string().check(z.maxLength(Fields.SIGNED_CONTENT_MAX_CHARS, Fields.REFUSALS.tooLong)),
      pubkey: z.string().check(z.maxLength(64)),
    }),
    params,
    'params',
  )
}
