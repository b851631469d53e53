import * as SignRequest from './sign-request.js'

/**
 * What the embedded wallet's EOA refuses to sign, because the signature would (or once did) authorise
 * the smart account it owns (FrontdoorAccount, @frontdoor/smart-account):
 * - an `eth_signTypedData_v4` in the account's own EIP-712 domain (its name, or the user's smart account
 *   as `verifyingContract`), or of one of the account's types (`FrontdoorUserOperation`,
 *   `FrontdoorAccountMessage`) in any domain: the owner's signature there is the account's authorisation
 *   itself, of a user operation (`FrontdoorUserOperation{userOpHash}`) or of any hash for ERC-1271
 *   (`FrontdoorAccountMessage{hash}`). This refusal is what keeps the EOA from signing for its account.
 *   It cannot be met in another encoding: the account's digest needs both its domain separator and one
 *   of its struct hashes. A struct hash begins with keccak256 of the type's encoding, which starts with
 *   the primary type's name, so only those names give it (checked on the names, whatever the domain).
 *   The domain's name is hashed as the UTF-8 of a string, and viem hashes a name given as bytes as the
 *   string they encode; SignRequest.typedData refuses any value not of its declared type (a `string`
 *   must be a JS string), and here a name that is not a string is refused too, so comparing it as a
 *   string is comparing its hash.
 * - a `personal_sign` that signs exactly 32 bytes (SignRequest.personalMessageBytes, the vault's reading:
 *   a 0x-hex message of 64 hex digits, or a text whose UTF-8 is 32 bytes, which gives the same EIP-191
 *   digest as those 32 raw bytes). The account no longer
 *   takes an EIP-191 signature of anything (its user operations are EIP-712 since the contract's fix), so
 *   no `personal_sign` can authorise it; the refusal stays as defence in depth, for any other account the
 *   same key may own that takes its owner's EIP-191 signature of a user-operation hash (as SimpleAccount
 *   v0.7 does, and anyone may create one for any owner). Messages of any other length (SIWE's are
 *   longer) are signed as before, and the smart account signs a 32-byte message (wrapped in its
 *   replay-safe typed data).
 * The vault enforces these; the auth frame checks the same before its approval screen.
 */

/** FrontdoorAccount's EIP-712 domain name (@frontdoor/smart-account's DOMAIN.name; a test keeps them equal). */
export const ACCOUNT_DOMAIN_NAME = 'Frontdoor Account'

/**
 * FrontdoorAccount's EIP-712 type names (the keys of @frontdoor/smart-account's USER_OPERATION_TYPES and
 * MESSAGE_TYPES): the EOA signs no typed data that declares one.
 */
export const ACCOUNT_TYPES = ['FrontdoorUserOperation', 'FrontdoorAccountMessage'] as const

/** The -32602 details of the refusals. */
export const REFUSALS = {
  bareHash:
    'params.0: the EOA does not sign a bare 32-byte hash, which could authorise a smart account; sign it with the smart account',
  accountDomain: "params.1: the EOA does not sign typed data in its smart account's domain",
} as const

/**
 * Whether a `personal_sign` message signs exactly 32 bytes (what a user-operation hash is), counted as
 * the vault counts them: 0x-hex as its bytes, text as its UTF-8.
 */
export function isBareHash(message: string): boolean {
  return SignRequest.personalMessageBytes(message).length === 32
}

/**
 * Whether an EIP-712 domain is (or could hash as) a FrontdoorAccount's: its name, a name that is not a
 * string (bytes hash as the string they encode), or `smartAccount` verifying.
 */
export function isAccountDomain(domain: unknown, smartAccount: string): boolean {
  if (typeof domain !== 'object' || domain === null) return false
  const { name, verifyingContract } = domain as { name?: unknown; verifyingContract?: unknown }
  return (
    name === ACCOUNT_DOMAIN_NAME ||
    (name !== undefined && typeof name !== 'string') ||
    (typeof verifyingContract === 'string' && verifyingContract.toLowerCase() === smartAccount.toLowerCase())
  )
}

/** Whether typed data's primary type, or any type it declares, is one of {@link ACCOUNT_TYPES}. */
export function hasAccountType(typedData: { primaryType?: unknown; types?: unknown }): boolean {
  const names = [typedData.primaryType, ...Object.keys(typedData.types ?? {})]
  return names.some((name) => (ACCOUNT_TYPES as readonly unknown[]).includes(name))
}

/**
 * Throws -32602 (SignRequest.invalid) when the EOA must not sign this request: a bare 32-byte
 * `personal_sign` message, or typed data in the smart account's domain or of its types (pass the whole
 * typed data of SignRequest.typedData for the types to be checked). Other methods pass.
 */
export function checkEoa(
  request:
    | { method: 'personal_sign'; message: string }
    | { method: 'eth_signTypedData_v4'; domain: unknown; primaryType?: unknown; types?: unknown },
  smartAccount: string,
): void {
  if (request.method === 'personal_sign' && isBareHash(request.message))
    throw SignRequest.invalid(REFUSALS.bareHash)
  if (
    request.method === 'eth_signTypedData_v4' &&
    (isAccountDomain(request.domain, smartAccount) || hasAccountType(request))
  )
    throw SignRequest.invalid(REFUSALS.accountDomain)
}
