import * as ProtocolErrors from '@frontdoor/protocol/errors'

/**
 * What wallets answer when their user refuses, read as EIP-1193's 4001 (User Rejected Request). Not
 * every wallet says 4001: Reown's WalletKit rejects with WalletConnect's `USER_REJECTED` (5000) or its
 * variants, and wallets that answer with a bare message (WalletConnect's `formatJsonRpcError(id,
 * 'User rejected.')`, as Reown's sample wallet does) send JSON-RPC's server error -32000. The page,
 * ethers, wagmi and our own views (sign-in's 'Signature declined', analytics' `declined`) know 4001 only.
 */

/** EIP-1193's rejection and WalletConnect's USER_REJECTED, USER_REJECTED_CHAINS, _METHODS, _EVENTS. */
const REJECTION_CODES = new Set([4001, 5000, 5001, 5002, 5003])

/**
 * WalletConnect's codes for a session proposal the wallet turned down as unsupported (its chains,
 * methods, events, accounts or namespace keys): to the user, the wallet refused the connection.
 */
const UNSUPPORTED_PROPOSAL_CODES = new Set([5100, 5101, 5102, 5103, 5104])

/** JSON-RPC's server error: what a wallet's bare message is sent as. */
const SERVER_ERROR = -32000

/** A message that says the user refused ('User rejected.', 'User denied transaction signature', 'Rejected by user'). */
const REJECTED_BY_USER =
  /\buser (reject|denied|declined|cancel)|\b(rejected|denied|declined|cancell?ed) by (the )?user\b/i

const codeOf = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'number' ? code : undefined
}

const messageOf = (error: unknown) => {
  const message = typeof error === 'string' ? error : (error as { message?: unknown } | null)?.message
  return typeof message === 'string' ? message : ''
}

/**
 * Whether a wallet's answer to a request means its user refused it.
 *
 * @example
 * isRejection({ code: 5000, message: 'User rejected.' }) // true
 * isRejection({ code: -32000, message: 'execution reverted' }) // false
 */
export function isRejection(error: unknown): boolean {
  const code = codeOf(error)
  if (code !== undefined && REJECTION_CODES.has(code)) return true
  return code === SERVER_ERROR && REJECTED_BY_USER.test(messageOf(error))
}

/**
 * Whether a wallet refused a session proposal (or a one-click sign-in): a rejection, one of
 * WalletConnect's unsupported-proposal codes, or the bare message sign-client's `authenticate`
 * rejects with ('User rejected.').
 */
export function isRefusedProposal(error: unknown): boolean {
  if (typeof error === 'string') return REJECTED_BY_USER.test(error)
  return isRejection(error) || UNSUPPORTED_PROPOSAL_CODES.has(codeOf(error) ?? 0)
}

/**
 * A wallet's error as the page gets it: a rejection becomes 4001 (the wallet's message kept), any
 * other error is returned unchanged.
 *
 * @example
 * fromWallet({ code: 5000, message: 'User rejected.' }) // ProviderRpcError 4001 'User rejected.'
 */
export function fromWallet(error: unknown): unknown {
  if (!isRejection(error) || codeOf(error) === ProtocolErrors.PROVIDER_ERRORS.userRejectedRequest.code)
    return error
  const data = (error as { data?: unknown }).data
  return ProtocolErrors.providerError('userRejectedRequest', messageOf(error) || undefined, data)
}
