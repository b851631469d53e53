import { createHash } from 'node:crypto'

/**
 * The test users of the dev stand-ins (the dev OIDC provider and the dev Farcaster approval page): a
 * username is the whole identity, so the same username always gives the same subject (and so the same
 * user and address).
 */

/** The longest test username. */
export const USERNAME_MAX_LENGTH = 32

const USERNAME = /^[a-z0-9._-]+$/

/** The message shown under the username field when it is not valid. */
export const INVALID_USERNAME = `Enter a username of 1 to ${USERNAME_MAX_LENGTH} letters, digits, '.', '_' or '-'.`

/** A username as typed, trimmed and lower-cased, or undefined when it is not a valid test username. */
export function parseUsername(input: unknown): string | undefined {
  if (typeof input !== 'string') return undefined
  const username = input.trim().toLowerCase()
  if (username.length === 0 || username.length > USERNAME_MAX_LENGTH || !USERNAME.test(username))
    return undefined
  return username
}

function digest(kind: string, username: string): Buffer {
  return createHash('sha256').update(`frontdoor-dev:${kind}:${username}`).digest()
}

/** The dev OIDC provider's opaque `sub` for a username (the same for every provider it plays). */
export function subjectOf(username: string): string {
  return digest('oidc', username).subarray(0, 16).toString('hex')
}

/** A Farcaster-style numeric fid for a username, as a decimal string. */
export function fidOf(username: string): string {
  return String(digest('farcaster', username).readUInt32BE(0) + 1)
}
