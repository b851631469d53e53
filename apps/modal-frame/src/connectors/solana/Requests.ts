import * as ProtocolErrors from '@frontdoor/protocol/errors'
import * as SignRequest from '@frontdoor/protocol/sign-request'
import * as SolanaTransaction from '@frontdoor/protocol/solana-transaction'
import * as SolanaWire from '@frontdoor/protocol/solana-wire'

/**
 * The page's solana requests to a wallet the modal reaches (a WalletConnect wallet, a Wallet Standard
 * wallet of the page), in a chunk of its own loaded with the first one: each is read before the wallet
 * sees it, as the embedded wallet's vault reads it, and sent with the connection's Solana account as
 * signer. Transactions are parsed whole by protocol's solana-transaction (the one wire parser,
 * solana-wire); a message that parses as a transaction is refused (signing it would sign the
 * transaction). The params are those of WalletConnect's Solana RPC: `solana_signMessage` {message
 * (base58), pubkey}, `solana_signTransaction` {transaction (base64)}, `solana_signAllTransactions`
 * {transactions}, `solana_signAndSendTransaction` {transaction, sendOptions}. The wallet's answers are
 * read too before the page sees them (-32603 when they do not match the request): signatures verified
 * (WebCrypto's Ed25519) over the bytes sent, signed transactions the ones sent but for signatures.
 */

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

/** Decodes base58 (Solana messages and signatures); undefined when the text is not base58. */
function fromBase58(text: string): Uint8Array | undefined {
  let value = 0n
  for (const char of text) {
    const digit = ALPHABET.indexOf(char)
    if (digit === -1) return undefined
    value = value * 58n + BigInt(digit)
  }
  const bytes: number[] = []
  for (; value > 0n; value /= 256n) bytes.unshift(Number(value % 256n))
  for (const char of text) {
    if (char !== '1') break
    bytes.unshift(0)
  }
  return Uint8Array.from(bytes)
}

/** A request as it is sent to the wallet: its checked params, and how its answer is read. */
export type Checked = { params: Record<string, unknown>; answer: (result: unknown) => Promise<unknown> }

/** Why a wallet's answer is refused, each a detail of the -32603 message. */
export const ANSWER_REFUSALS = {
  shape: 'not the shape of the method',
  signature: 'the signature is not 64 bytes of base58',
  count: 'not one transaction for each sent',
  transaction: 'the transaction is not the one sent',
  mismatch: 'the signature is not the one in the transaction',
  unverified: "the signature does not verify for the account's key",
} as const

/**
 * A wallet's answer that is refused: -32603, the page is never handed it (a wallet that answers with
 * another transaction, or a signature that does not verify, would have the page send or trust them).
 */
const refused = (detail: string) =>
  ProtocolErrors.providerError('internalError', `The wallet's answer did not match the request: ${detail}`)

/** A base58 signature as its 64 bytes, or refused. */
function signatureBytes(text: unknown): Uint8Array {
  const bytes = typeof text === 'string' ? fromBase58(text) : undefined
  if (bytes?.length !== 64) throw refused(ANSWER_REFUSALS.signature)
  return bytes
}

/**
 * Refuses `signature` unless it is `account`'s ed25519 signature of `message` (WebCrypto's Ed25519;
 * a browser without it refuses every answer rather than hand the page an unchecked one).
 */
async function verify(signature: Uint8Array, message: Uint8Array, account: string): Promise<void> {
  const key = fromBase58(account)
  let valid = false
  if (key?.length === 32)
    try {
      const publicKey = await crypto.subtle.importKey('raw', new Uint8Array(key), 'Ed25519', false, [
        'verify',
      ])
      valid = await crypto.subtle.verify(
        'Ed25519',
        publicKey,
        new Uint8Array(signature),
        new Uint8Array(message),
      )
    } catch {}
  if (!valid) throw refused(ANSWER_REFUSALS.unverified)
}

/** The fields of an object answer, or refused. */
function fields(result: unknown): Record<string, unknown> {
  if (result === null || typeof result !== 'object' || Array.isArray(result))
    throw refused(ANSWER_REFUSALS.shape)
  return result as Record<string, unknown>
}

/**
 * Reads a page's solana request for the wallet's account `account` (its params without `chain`, which
 * the connector reads): the params to send, or -32602 naming what is wrong (4200 for a solana
 * method outside WalletConnect's four). The signer is the session's account, whatever the page named;
 * a transaction it does not sign is refused. The wallet's answer is read too, before the page sees it
 * (-32603 {@link refused}): each signature the account's, verified over the bytes sent; each signed
 * transaction the one sent, but for its signatures; as many as sent, in their order.
 */
export function check(method: string, params: unknown, account: string): Checked {
  const given = params !== null && typeof params === 'object' && !Array.isArray(params) ? params : {}
  if (method === 'solana_signMessage') {
    const { message } = SignRequest.solanaParams({ ...given, pubkey: account })
    const bytes = fromBase58(message)
    if (!bytes) throw SignRequest.invalid(SignRequest.REFUSALS.solanaBase58)
    SignRequest.solanaMessage(bytes)
    return {
      params: { message, pubkey: account },
      answer: async (result) => {
        const answer = fields(result)
        await verify(signatureBytes(answer.signature), bytes, account)
        return result
      },
    }
  }
  if (!SolanaTransaction.isMethod(method)) throw ProtocolErrors.providerError('unsupportedMethod')
  const request = SolanaTransaction.request(method, given)
  request.transactions.forEach(({ parsed }, i) => {
    const path = method === 'solana_signAllTransactions' ? `params.transactions.${i}` : 'params.transaction'
    if (!parsed.signers.includes(account))
      throw SignRequest.invalid(SolanaTransaction.REFUSALS.notSigner(path))
  })
  const texts = request.transactions.map(({ bytes }) => SolanaTransaction.toBase64(bytes))
  if (method === 'solana_signAllTransactions')
    return {
      params: { transactions: texts, pubkey: account },
      answer: async (result) => {
        const { transactions } = fields(result)
        if (!Array.isArray(transactions)) throw refused(ANSWER_REFUSALS.shape)
        if (transactions.length !== request.transactions.length) throw refused(ANSWER_REFUSALS.count)
        for (const [i, sent] of request.transactions.entries())
          await signedTransaction({ transaction: transactions[i] }, sent, account)
        return result
      },
    }
  if (method === 'solana_signAndSendTransaction')
    return {
      params: {
        transaction: texts[0],
        pubkey: account,
        ...(request.sendOptions ? { sendOptions: request.sendOptions } : {}),
      },
      // Sent, the transaction is on the cluster: its signature is checked for its form only.
      answer: async (result) => {
        signatureBytes(fields(result).signature)
        return result
      },
    }
  const sent = request.transactions[0] as (typeof request.transactions)[number]
  return {
    params: { transaction: texts[0], pubkey: account },
    answer: async (result) => signedTransaction(fields(result), sent, account),
  }
}

/** Decodes strict base64 (the wallet's signed transactions); undefined when it is not. */
function fromBase64(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) return undefined
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0))
}

/** Whether two byte arrays are equal. */
const same = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((byte, i) => byte === b[i])

/**
 * A `solana_signTransaction` answer (or one of `solana_signAllTransactions`'), checked, with both
 * fields the page's wallet reads: WalletConnect's spec has the wallet answer `{signature}` (base58),
 * and many also give `{transaction}` (the signed transaction, base64). The transaction must be the one
 * sent but for its signatures, and a signature given with it the one in the account's signer slot; the
 * missing field is made from the other (the signature put in that slot of the transaction sent, or
 * read from the signed one). The account's signature must verify over the message sent.
 */
async function signedTransaction(
  answer: { signature?: unknown; transaction?: unknown },
  sent: { bytes: Uint8Array; parsed: SolanaTransaction.Transaction },
  account: string,
): Promise<{ signature: string; transaction: string }> {
  const message = sent.bytes.subarray(sent.parsed.messageOffset)
  const index = sent.parsed.signers.indexOf(account)
  let signature: Uint8Array
  let transaction: string
  if (answer.transaction !== undefined) {
    if (typeof answer.transaction !== 'string') throw refused(ANSWER_REFUSALS.shape)
    transaction = answer.transaction
    const bytes = fromBase64(transaction)
    let parsed: SolanaWire.Transaction | undefined
    try {
      parsed = bytes && SolanaWire.parse(bytes)
    } catch {}
    if (!bytes || !parsed || !same(bytes.subarray(parsed.messageOffset), message))
      throw refused(ANSWER_REFUSALS.transaction)
    signature = parsed.signatures[index] as Uint8Array
    if (answer.signature !== undefined && !same(signatureBytes(answer.signature), signature))
      throw refused(ANSWER_REFUSALS.mismatch)
  } else {
    if (answer.signature === undefined) throw refused(ANSWER_REFUSALS.shape)
    signature = signatureBytes(answer.signature)
    transaction = SolanaTransaction.toBase64(SolanaTransaction.withSignature(sent.bytes, index, signature))
  }
  await verify(signature, message, account)
  return { signature: SolanaTransaction.base58(signature), transaction }
}
