import * as SignRequest from './sign-request.js'

/**
 * What the embedded wallet's EOA refuses to sign, because the signature would also authorise the
 * smart account it owns (FrontdoorAccount, @frontdoor/smart-account):
 * - a `personal_sign` of exactly 32 raw bytes (a 0x-hex message of 64 hex digits): the account accepts a
 *   user operation signed as its owner's EIP-191 signature of the user-operation hash, which is such a
 *   message. A hash cannot be told from a user operation's, on this chain or another, so every bare
 *   32-byte message is refused for the EOA; text (SIWE) and hex of any other length are signed as before,
 *   and the smart account signs a 32-byte message (wrapped in its own replay-safe typed data).
 * - an `eth_signTypedData_v4` in the account's own EIP-712 domain (its name, or the user's smart account
 *   as `verifyingContract`): the owner's signature of `FrontdoorAccountMessage{hash}` there is the
 *   account's ERC-1271 signature of any hash.
 * The vault enforces these; the auth frame checks the same before its approval screen.
 */

/** FrontdoorAccount's EIP-712 domain name (@frontdoor/smart-account's DOMAIN.name; a test keeps them equal). */
export const ACCOUNT_DOMAIN_NAME = 'Frontdoor Account'

/** The -32602 details of the refusals. */
export const REFUSALS = {
  bareHash:
    'params.0: the EOA does not sign a bare 32-byte hash, which could authorise your smart account; sign it with the smart account',
  accountDomain: "params.1: the EOA does not sign typed data in its smart account's domain",
} as const

const BARE_HASH = /^0x[0-9a-fA-F]{64}$/

/** Whether a `personal_sign` message is exactly 32 raw bytes (what a user-operation hash is). */
export function isBareHash(message: string): boolean {
  return BARE_HASH.test(message)
}

/** Whether an EIP-712 domain is a FrontdoorAccount's: its name, or `smartAccount` verifying. */
export function isAccountDomain(domain: unknown, smartAccount: string): boolean {
  if (typeof domain !== 'object' || domain === null) return false
  const { name, verifyingContract } = domain as { name?: unknown; verifyingContract?: unknown }
  return (
    name === ACCOUNT_DOMAIN_NAME ||
    (typeof verifyingContract === 'string' && verifyingContract.toLowerCase() === smartAccount.toLowerCase())
  )
}

/**
 * Throws -32602 (SignRequest.invalid) when the EOA must not sign this request: a bare 32-byte
 * `personal_sign` message, or typed data in the smart account's domain. Other methods pass.
 */
export function checkEoa(
  request: { method: 'personal_sign'; message: string } | { method: 'eth_signTypedData_v4'; domain: unknown },
  smartAccount: string,
): void {
  if (request.method === 'personal_sign' && isBareHash(request.message))
    throw SignRequest.invalid(REFUSALS.bareHash)
  if (request.method === 'eth_signTypedData_v4' && isAccountDomain(request.domain, smartAccount))
    throw SignRequest.invalid(REFUSALS.accountDomain)
}
