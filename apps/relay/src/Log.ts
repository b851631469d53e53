/**
 * What the relay may write to its logs. A client's JWT rides in the socket URL (`?auth=`) and is a
 * bearer credential for a day: a log line must never carry it.
 */

/** A JWT anywhere in a string: three base64url parts, the header starting `eyJ` (`{"`). */
const JWT = /eyJ[\w-]*\.[\w-]+\.[\w-]+/g

/** The `auth` query parameter's value. */
const AUTH_PARAM = /([?&]auth=)[^&#]*/gi

/** What replaces a secret. */
const REDACTED = '[redacted]'

/**
 * A URL or request line fit for a log: the `auth` parameter and any JWT replaced.
 *
 * @example
 * Log.redact('/?auth=eyJ…&projectId=demo') // '/?auth=[redacted]&projectId=demo'
 */
export function redact(text: string | undefined): string {
  if (!text) return ''
  return text.replace(AUTH_PARAM, `$1${REDACTED}`).replace(JWT, REDACTED)
}
