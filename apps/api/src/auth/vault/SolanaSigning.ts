import * as SignRequest from '@frontdoor/protocol/sign-request'
import type * as SolanaTransaction from '@frontdoor/protocol/solana-transaction'
import { Caip } from '@frontdoor/schemas'
import { base58 } from '@scure/base'
import * as Refusals from './Refusals.js'
import type * as Request from './Request.js'
import * as SolanaTransactions from './SolanaTransactions.js'
import * as Vault from './Vault.js'

/**
 * The vault's Solana methods, signed with the user's ed25519 key: `solana_signMessage` answers
 * `{ signature }` (base58); the transaction methods are SolanaTransactions.ts's
 * (solana_signAndSendTransaction also sends).
 */

/** `solana_signMessage`: the signature of the message's bytes (base58 in the params). */
const signMessage: Request.Handler = async (request) => {
  const { body, db, vault, userId } = request
  const { message, pubkey } = Refusals.read(() => SignRequest.solanaParams(body.params))
  if (pubkey !== request.addresses.solana) throw Refusals.notYourAccount()
  let bytes: Uint8Array
  try {
    bytes = base58.decode(message)
  } catch {
    throw Refusals.invalidParams(SignRequest.REFUSALS.solanaBase58)
  }
  Refusals.read(() => SignRequest.solanaMessage(bytes))
  const chain =
    typeof body.chainId === 'string' &&
    Caip.isCaip2(body.chainId) &&
    Caip.parseCaip2(body.chainId).chainNamespace === 'solana'
      ? body.chainId
      : 'solana'
  const signature = await Vault.solanaSignMessage(db, vault, userId, { chain, message: bytes })
  return { signature: base58.encode(signature) }
}

/** A Solana transaction method's handler (SolanaTransactions.ts). */
const transactions =
  (method: SolanaTransaction.Method): Request.Handler =>
  (request) =>
    SolanaTransactions.handle({
      db: request.db,
      vault: request.vault,
      userId: request.userId,
      address: request.addresses.solana,
      upstreams: request.deps.upstreams,
      method,
      chainId: request.body.chainId,
      params: request.body.params,
    })

/** The Solana methods' handlers. */
export const handlers = {
  solana_signMessage: signMessage,
  solana_signTransaction: transactions('solana_signTransaction'),
  solana_signAllTransactions: transactions('solana_signAllTransactions'),
  solana_signAndSendTransaction: transactions('solana_signAndSendTransaction'),
} satisfies Record<string, Request.Handler>
