import type { Siwx } from '@frontdoor/schemas'

/** How far a client's clock may run ahead of ours for `Issued At` and `Not Before`. */
export const CLOCK_SKEW_S = 60

/** The chain namespaces a sign-in is verified for. */
export const NAMESPACES = ['eip155', 'solana'] as const

/** Why a message is refused (the API's error message). */
export const REFUSED = {
  origin: 'The message URI is not an allowed origin of the project',
  domain: 'The message domain is not the host of its URI',
  requestOrigin: 'The message was signed for another site than the one asking',
  namespace: 'Sign-in is not supported on this network',
  issuedAt: 'The message is issued in the future',
  expired: 'The message has expired',
  notBefore: 'The message is not valid yet',
  nonce: 'The nonce is unknown, expired or already used',
  signature: 'The signature does not match the message and account',
} as const

/** Where a sign-in was asked from. */
export type Context = {
  now: number
  /** The project's allowed origins: the sites a message may be for. */
  allowedOrigins: readonly string[]
  /** The request's `Origin`, if any. */
  requestOrigin: string | undefined
  /** Our own frames' origins, which sign in on behalf of the page they checked. */
  trustedOrigins: readonly string[]
}

/**
 * Checks what a message says against where it is used: its URI is one of the project's sites and its
 * domain is that URI's host (a message for another site cannot be replayed here), a page asking by
 * itself asks for its own site, the namespace is one we verify, and the times hold. Returns the
 * refusal, or undefined.
 *
 * @example
 * const refused = Rules.check(data, { now, allowedOrigins, requestOrigin, trustedOrigins })
 */
export function check(data: Siwx.SiwxMessageData, context: Context): string | undefined {
  let uri: URL
  try {
    uri = new URL(data.uri)
  } catch {
    return REFUSED.origin
  }
  if (!context.allowedOrigins.includes(uri.origin)) return REFUSED.origin
  if (data.domain !== uri.host) return REFUSED.domain
  const { requestOrigin } = context
  if (requestOrigin && !context.trustedOrigins.includes(requestOrigin) && requestOrigin !== uri.origin)
    return REFUSED.requestOrigin
  const namespace = data.chainId.split(':')[0] as (typeof NAMESPACES)[number]
  if (!NAMESPACES.includes(namespace)) return REFUSED.namespace
  const skewMs = CLOCK_SKEW_S * 1000
  if (data.issuedAt && Date.parse(data.issuedAt) > context.now + skewMs) return REFUSED.issuedAt
  if (data.expirationTime && Date.parse(data.expirationTime) <= context.now) return REFUSED.expired
  if (data.notBefore && Date.parse(data.notBefore) > context.now + skewMs) return REFUSED.notBefore
  return undefined
}
