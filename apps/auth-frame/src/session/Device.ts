import type * as Backends from './Backends.js'

/**
 * This browser's device id for the email login's device approval: random, made once and kept in the
 * frame's own storage (the session's backend), so the API recognizes a browser the user approved. It
 * is not a secret the page could use: it only goes to the API with an email login.
 */

/** The storage key. */
export const KEY = 'frontdoor:device-id'

const FORMAT = /^[A-Za-z0-9_-]{16,128}$/

/** A fresh id: 16 random bytes as base64url. */
function fresh(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}

/** The device id kept in `storage`, made and stored on first use. */
export function id(storage: Backends.Backend): string {
  try {
    const stored = storage.getItem(KEY)
    if (stored && FORMAT.test(stored)) return stored
  } catch {}
  const made = fresh()
  try {
    storage.setItem(KEY, made)
  } catch {}
  return made
}
