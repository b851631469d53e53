import { PROVIDER_ERRORS } from '@frontdoor/protocol/errors'
import * as SolanaTransaction from '@frontdoor/protocol/solana-transaction'
import { Caip } from '@frontdoor/schemas'
import * as Clients from '../../chains/Clients.js'
import type * as Db from '../../db/Db.js'
import * as JsonRpcRoute from '../../rpc/JsonRpcRoute.js'
import type * as Upstreams from '../../rpc/Upstreams.js'
import * as Vault from './Vault.js'

/**
 * The vault's Solana transactions: `solana_signTransaction` and `solana_signAllTransactions` answer the
 * transactions signed by the user's ed25519 key (the key never leaves the vault), and
 * `solana_signAndSendTransaction` submits the signed transaction to the cluster through the chain's
 * client (`Clients.solana`) and answers its signature. The params are read by protocol's solana-transaction, the
 * reading the approval screen shows; the user's account must be one of each transaction's signers.
 */

/** What a request needs: the vault and the user, the chain's upstreams, the body's chain and params. */
export type Request = {
  db: Db.Db
  vault: Vault.Vault
  userId: string
  /** The user's Solana address. */
  address: string
  upstreams: Upstreams.Upstreams
  method: SolanaTransaction.Method
  chainId: number | string | undefined
  params: unknown
}

/** The vault's errors: a JSON-RPC code in the API's error body. */
const rpcError = JsonRpcRoute.fail

/** The solana chain of a request: the body's, when the API serves it, else the one solana chain served. */
export function chainOf(upstreams: Upstreams.Upstreams, chainId: number | string | undefined): string {
  const served = upstreams.chains().filter((chain) => chain.startsWith('solana:'))
  const named =
    typeof chainId === 'string' && Caip.isCaip2(chainId) && chainId.startsWith('solana:')
      ? chainId
      : undefined
  const chain = named ?? (served.length === 1 ? served[0] : undefined)
  if (!chain || !upstreams.has(chain)) {
    const { code, message } = PROVIDER_ERRORS.chainDisconnected
    throw rpcError(400, code, message, { chainId: chainId ?? null })
  }
  return chain
}

/** Reads the params, or the -32602 naming the field. */
function read(method: SolanaTransaction.Method, params: unknown) {
  try {
    return SolanaTransaction.request(method, params)
  } catch (error) {
    const { code, message } = error as { code?: number; message: string }
    if (code === PROVIDER_ERRORS.invalidParams.code) throw rpcError(400, code, message)
    throw error
  }
}

/**
 * Sends a signed transaction through the chain's client (`Clients.solana`, over its upstreams); answers
 * its signature, the node's error (400), or 4901 when no node answered.
 */
async function send(
  upstreams: Upstreams.Upstreams,
  chain: string,
  signed: Uint8Array,
  sendOptions: SolanaTransaction.Request['sendOptions'],
): Promise<string> {
  const disconnected = () => {
    const { code, message } = PROVIDER_ERRORS.chainDisconnected
    return rpcError(502, code, message, { chainId: chain })
  }
  let signature: unknown
  try {
    signature = await Clients.solana(upstreams, chain).request({
      method: 'sendTransaction',
      params: [SolanaTransaction.toBase64(signed), { encoding: 'base64', ...sendOptions }],
    })
  } catch (error) {
    const failed = Clients.chainError(error, chain)
    if (failed.unreachable) throw disconnected()
    throw rpcError(400, failed.code, failed.message, failed.data)
  }
  if (typeof signature !== 'string') throw disconnected()
  return signature
}

/**
 * Signs (and for signAndSend, sends) the request's transactions with the user's key.
 *
 * @example
 * const result = await SolanaTransactions.handle({ db, vault, userId, address, upstreams,
 *   method: 'solana_signTransaction', chainId: 'solana:Fxw…', params: { transaction: base64 } })
 * // { signature: '5h…', transaction: 'AQ…' }
 */
export async function handle(request: Request) {
  const { method, address } = request
  const parsed = read(method, request.params)
  // Only a send needs the cluster; a signature is logged under the body's chain or 'solana'.
  const chain =
    method === 'solana_signAndSendTransaction'
      ? chainOf(request.upstreams, request.chainId)
      : typeof request.chainId === 'string' && request.chainId.startsWith('solana:')
        ? request.chainId
        : 'solana'
  // The chain the request names (the Wallet Standard's `chain`, as the host SDK sends it) must be
  // the cluster the vault signs for (and sends to): 4901 before anything is signed.
  try {
    SolanaTransaction.checkChain(parsed, chain)
  } catch (error) {
    const { code, message } = PROVIDER_ERRORS.chainDisconnected
    if ((error as { code?: unknown }).code === code)
      throw rpcError(400, code, message, { chain: parsed.chain })
    throw error
  }
  const paths =
    method === 'solana_signAllTransactions'
      ? parsed.transactions.map((_, i) => `params.transactions.${i}`)
      : ['params.transaction']
  const slots = parsed.transactions.map(({ parsed: tx }, i) => {
    const index = tx.signers.indexOf(address)
    if (index === -1) {
      const { code, message } = PROVIDER_ERRORS.unauthorized
      throw rpcError(403, code, `${message} ${SolanaTransaction.REFUSALS.notSigner(paths[i] ?? 'params')}`)
    }
    return index
  })
  const signatures = await Vault.solanaSignTransactions(request.db, request.vault, request.userId, {
    method,
    chain,
    messages: parsed.transactions.map(({ bytes, parsed: tx }) => bytes.subarray(tx.messageOffset)),
  })
  const signed = parsed.transactions.map(({ bytes }, i) =>
    SolanaTransaction.withSignature(bytes, slots[i] ?? 0, signatures[i] as Uint8Array),
  )
  if (method === 'solana_signAllTransactions')
    return { transactions: signed.map((bytes) => SolanaTransaction.toBase64(bytes)) }
  const [transaction] = signed as [Uint8Array]
  if (method === 'solana_signTransaction')
    return {
      signature: SolanaTransaction.base58(signatures[0] as Uint8Array),
      transaction: SolanaTransaction.toBase64(transaction),
    }
  // The transaction's id: its first signature, which the cluster answers.
  return { signature: await send(request.upstreams, chain, transaction, parsed.sendOptions) }
}
