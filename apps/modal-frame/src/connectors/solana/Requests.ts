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
 * {transactions}, `solana_signAndSendTransaction` {transaction, sendOptions}.
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

const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0))

/** A request as it is sent to the wallet: its checked params, and how its answer is read. */
export type Checked = { params: Record<string, unknown>; answer: (result: unknown) => unknown }

/**
 * Reads a page's solana request for the wallet's account `account` (its params without `chain`, which
 * the connector reads): the params to send, or -32602 naming what is wrong (4200 for a solana
 * method outside WalletConnect's four). The signer is the session's account, whatever the page named;
 * a transaction it does not sign is refused.
 */
export function check(method: string, params: unknown, account: string): Checked {
  const given = params !== null && typeof params === 'object' && !Array.isArray(params) ? params : {}
  if (method === 'solana_signMessage') {
    const { message } = SignRequest.solanaParams({ ...given, pubkey: account })
    const bytes = fromBase58(message)
    if (!bytes) throw SignRequest.invalid(SignRequest.REFUSALS.solanaBase58)
    SignRequest.solanaMessage(bytes)
    return { params: { message, pubkey: account }, answer: (result) => result }
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
    return { params: { transactions: texts, pubkey: account }, answer: (result) => result }
  if (method === 'solana_signAndSendTransaction')
    return {
      params: {
        transaction: texts[0],
        pubkey: account,
        ...(request.sendOptions ? { sendOptions: request.sendOptions } : {}),
      },
      answer: (result) => result,
    }
  const sent = request.transactions[0] as (typeof request.transactions)[number]
  return {
    params: { transaction: texts[0], pubkey: account },
    answer: (result) => signedTransaction(result, sent, account),
  }
}

/**
 * A `solana_signTransaction` answer with both fields the page's wallet reads: WalletConnect's spec has
 * the wallet answer `{signature}` (base58), and many also give `{transaction}` (the signed transaction,
 * base64). The missing one is made from the other: the signature put in the account's signer slot of
 * the transaction sent, or the account's signature read from the signed transaction.
 */
function signedTransaction(
  result: unknown,
  sent: { bytes: Uint8Array; parsed: SolanaTransaction.Transaction },
  account: string,
): unknown {
  const answer = (result ?? {}) as { signature?: unknown; transaction?: unknown }
  const signature = typeof answer.signature === 'string' ? answer.signature : undefined
  const transaction = typeof answer.transaction === 'string' ? answer.transaction : undefined
  if (transaction && !signature) {
    let own: Uint8Array | undefined
    try {
      own = SolanaWire.signatureOf(fromBase64(transaction), account)
    } catch {}
    return own ? { signature: SolanaTransaction.base58(own), transaction } : result
  }
  if (signature && !transaction) {
    const bytes = fromBase58(signature)
    if (bytes?.length !== 64) return result
    const index = sent.parsed.signers.indexOf(account)
    const signed = SolanaTransaction.withSignature(sent.bytes, index, bytes)
    return { signature, transaction: SolanaTransaction.toBase64(signed) }
  }
  return result
}
