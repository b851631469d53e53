/**
 * The origin allowlists of the bridge: exact origins or anchored patterns, never `'*'` or `'null'`, checked
 * when a bridge connects and on every message. Re-exported by bridge.ts.
 */

/**
 * Checks an origin allowlist: at least one entry; strings must be exact origins (`https://a.example`,
 * never `'*'`, never `'null'`); regular expressions must be anchored (`^...$`).
 * @throws TypeError naming the bad entry.
 */
export function assertAllowedOrigins(allowedOrigins: readonly (string | RegExp)[]): void {
  if (allowedOrigins.length === 0) throw new TypeError('allowedOrigins must list at least one origin')
  for (const origin of allowedOrigins) {
    if (origin instanceof RegExp) {
      if (!origin.source.startsWith('^') || !origin.source.endsWith('$'))
        throw new TypeError(`allowedOrigins: a pattern must be anchored with ^ and $, got ${origin}`)
      continue
    }
    let exact: string | undefined
    try {
      exact = new URL(origin).origin
    } catch {}
    if (origin === '*' || exact === undefined || exact === 'null' || exact !== origin)
      throw new TypeError(
        `allowedOrigins must be exact origins like "https://example.com" (never "*"), got "${origin}"`,
      )
  }
}

/**
 * An allowlist entry for `https://*.example.com` style patterns (one leading wildcard label), or the exact
 * origin when there is no wildcard.
 * @example originPattern('https://*.example.com').test('https://app.example.com') // true
 */
export function originPattern(pattern: string): string | RegExp {
  const match = /^(https?):\/\/\*\.([a-z0-9.-]+(?::\d+)?)$/i.exec(pattern)
  if (!match) {
    assertAllowedOrigins([pattern])
    return pattern
  }
  const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp(
    `^${escapeRegExp(match[1]!)}:\\/\\/[a-z0-9-]+(\\.[a-z0-9-]+)*\\.${escapeRegExp(match[2]!)}$`,
    'i',
  )
}

/** Whether `origin` is on the allowlist. */
export function isAllowedOrigin(allowedOrigins: readonly (string | RegExp)[], origin: string): boolean {
  return allowedOrigins.some((allowed) =>
    allowed instanceof RegExp ? allowed.test(origin) : allowed === origin,
  )
}
