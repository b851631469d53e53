/**
 * A social login attempt's id and secret binding (see social-popup.ts for the flow). Apart from the
 * popup's message schema so the modal's first load, which opens the popup in the click, carries no
 * schema for it.
 */

/** Base64url without padding. */
export function base64url(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

/** `bytes` random bytes, base64url (Web Crypto: browsers and Node). */
export function random(bytes: number): string {
  return base64url(globalThis.crypto.getRandomValues(new Uint8Array(bytes)))
}

/** A fresh attempt: its id (16 bytes) and its secret binding (32 bytes). */
export function attempt(): { attempt: string; binding: string } {
  return { attempt: random(16), binding: random(32) }
}

/** The popup's window name for an attempt. */
export function windowName(attempt: string): string {
  return `frontdoor-social-${attempt}`
}

/** The hash of a binding the start URL carries: SHA-256 of its UTF-8, base64url. */
export async function bindingHash(binding: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(binding))
  return base64url(new Uint8Array(digest))
}
