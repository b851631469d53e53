import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'

/**
 * AES-256-GCM sealing with associated data, as a compact string: `v1.<iv>.<ciphertext>.<tag>`
 * (base64url parts). The associated data binds a sealed value to its place (user and purpose), so a
 * value copied elsewhere does not open.
 */

/** Bytes of an AES-256 key. */
export const KEY_BYTES = 32
const IV_BYTES = 12
const TAG_BYTES = 16
const VERSION = 'v1'

/** Thrown when a sealed value does not open: wrong key, wrong associated data, or altered bytes. */
export class OpenError extends Error {
  override name = 'OpenError'
}

function checkKey(key: Uint8Array) {
  if (key.length !== KEY_BYTES) throw new Error(`Envelope: a key has ${KEY_BYTES} bytes, got ${key.length}`)
}

/**
 * Encrypts `plaintext` under `key`, bound to `aad`.
 *
 * @example
 * const sealed = Envelope.seal(dataKey, secret, `secp256k1:${userId}`)
 */
export function seal(key: Uint8Array, plaintext: Uint8Array, aad: string): string {
  checkKey(key)
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES })
  cipher.setAAD(Buffer.from(aad, 'utf8'))
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()])
  const tag = cipher.getAuthTag()
  return [VERSION, iv, ciphertext, tag]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.')
}

/** Decrypts a value of {@link seal}; throws {@link OpenError} unless key, `aad` and bytes are the sealed ones. */
export function open(key: Uint8Array, sealed: string, aad: string): Buffer {
  checkKey(key)
  const [version, iv, ciphertext, tag, ...rest] = sealed.split('.')
  if (version !== VERSION || iv === undefined || ciphertext === undefined || tag === undefined || rest.length)
    throw new OpenError('Envelope: not a sealed value')
  const ivBytes = Buffer.from(iv, 'base64url')
  const tagBytes = Buffer.from(tag, 'base64url')
  if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES)
    throw new OpenError('Envelope: not a sealed value')
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, ivBytes, { authTagLength: TAG_BYTES })
    decipher.setAAD(Buffer.from(aad, 'utf8'))
    decipher.setAuthTag(tagBytes)
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()])
  } catch {
    throw new OpenError('Envelope: the value does not open (wrong key, wrong context or altered)')
  }
}
