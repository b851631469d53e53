import { createHash, randomBytes } from 'node:crypto'
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Logger } from 'pino'
import * as Envelope from './Envelope.js'

/** The development master key's file in DATA_DIR, when VAULT_MASTER_KEY is not set. */
export const DEV_KEY_FILE = 'vault-master.key'

/** The vault's master key and where it came from. */
export type MasterKey = {
  key: Buffer
  /** A fingerprint stored beside every sealed data key, so a wrong master key is named, not guessed. */
  id: string
  source: 'env' | 'dev-file' | 'memory' | 'env-previous'
}

const HEX_KEY = /^[0-9a-fA-F]{64}$/
const BASE64_KEY = /^[A-Za-z0-9+/_-]{43}=?$/

/** Reads a 32-byte key written as 64 hex digits or as base64 / base64url; throws otherwise. */
export function parse(value: string, name = 'VAULT_MASTER_KEY'): Buffer {
  const text = value.trim()
  if (HEX_KEY.test(text)) return Buffer.from(text, 'hex')
  // Node's base64 decoder also reads the base64url alphabet.
  if (BASE64_KEY.test(text)) return Buffer.from(text, 'base64')
  throw new Error(`${name} must be 32 bytes, written as 64 hex digits or as base64`)
}

/** The fingerprint of a key (not the key: a one-way hash of it). */
export function fingerprint(key: Uint8Array): string {
  return createHash('sha256').update('frontdoor vault master key id\0').update(key).digest('hex').slice(0, 16)
}

function from(key: Buffer, source: MasterKey['source']): MasterKey {
  return { key, id: fingerprint(key), source }
}

/** Why the API refuses to start without a master key outside development. */
export const MISSING_KEY =
  'VAULT_MASTER_KEY is not set: outside development (FRONTDOOR_ENV=development) the vault needs it, 32 bytes as 64 hex digits or base64 (e.g. `openssl rand -hex 32`), from a secret store'

/**
 * The master key: VAULT_MASTER_KEY when set. Without it, only in development (`npm start`, the e2e
 * stack), a key generated once and kept in `dataDir` (mode 0600), or, without a data folder, one that
 * lives in memory only; both are logged. Outside development it throws {@link MISSING_KEY}: a key next
 * to the ciphertext, or one lost on restart, is no key.
 *
 * @example
 * const master = MasterKey.load({ value: env.VAULT_MASTER_KEY, dataDir: settings.dataDir, logger, development })
 */
export function load(options: {
  value: string | undefined
  dataDir: string | undefined
  logger: Logger
  /** Whether the API runs in development (FRONTDOOR_ENV=development); default false. */
  development?: boolean
}): MasterKey {
  if (options.value) return from(parse(options.value), 'env')
  if (!options.development) throw new Error(MISSING_KEY)
  if (!options.dataDir) {
    options.logger.warn(
      'vault: VAULT_MASTER_KEY is not set; using a development master key kept in memory only',
    )
    return from(randomBytes(Envelope.KEY_BYTES), 'memory')
  }
  const path = join(options.dataDir, DEV_KEY_FILE)
  mkdirSync(options.dataDir, { recursive: true })
  try {
    // 'wx': create only if absent, so two processes starting at once keep the same key.
    writeFileSync(path, `${randomBytes(Envelope.KEY_BYTES).toString('hex')}\n`, { mode: 0o600, flag: 'wx' })
    options.logger.warn({ path }, 'vault: VAULT_MASTER_KEY is not set; generated a development master key')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    options.logger.warn({ path }, 'vault: VAULT_MASTER_KEY is not set; using the development master key')
  }
  if ((statSync(path).mode & 0o077) !== 0) chmodSync(path, 0o600)
  return from(parse(readFileSync(path, 'utf8')), 'dev-file')
}

/**
 * The key being retired in a rotation (VAULT_MASTER_KEY_PREVIOUS), which this process still opens
 * data keys with, or undefined when unset. Throws when it is the current key itself.
 *
 * @example
 * const previous = MasterKey.previous(env.VAULT_MASTER_KEY_PREVIOUS, master)
 */
export function previous(value: string | undefined, current: MasterKey): MasterKey | undefined {
  if (!value?.trim()) return undefined
  const key = parse(value, 'VAULT_MASTER_KEY_PREVIOUS')
  if (key.equals(current.key))
    throw new Error('VAULT_MASTER_KEY_PREVIOUS is VAULT_MASTER_KEY itself: set it to the key being retired')
  return from(key, 'env-previous')
}
