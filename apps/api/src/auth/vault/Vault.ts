import { createHash, createHmac, randomBytes } from 'node:crypto'
import * as SignRequest from '@frontdoor/protocol/sign-request'
import { ed25519 } from '@noble/curves/ed25519'
import { secp256k1 } from '@noble/curves/secp256k1'
import { base58 } from '@scure/base'
import { and, desc, eq } from 'drizzle-orm'
import {
  type Hex,
  hashMessage,
  hashTypedData,
  hexToBytes,
  keccak256,
  numberToHex,
  type Signature,
  serializeSignature,
  serializeTransaction,
  type TransactionSerializable,
  type TypedDataDefinition,
  toHex,
} from 'viem'
import { type LocalAccount, publicKeyToAddress, toAccount } from 'viem/accounts'
import type * as Db from '../../db/Db.js'
import * as Tables from '../../db/Tables.js'
import * as Envelope from './Envelope.js'
import type * as MasterKey from './MasterKey.js'

/**
 * The vault: each user's secp256k1 (EVM) and ed25519 (Solana) keys, made here and sealed at rest in an
 * AES-256-GCM envelope (a random data key per user, wrapped by the master key). A secret is opened only
 * inside the vault's modules, for one signature, and wiped after; every signature is logged. The Bitcoin,
 * Polkadot and Cosmos accounts are derived from the secp256k1 secret (NamespaceKeys.ts).
 */

/**
 * The master keys this process holds: VAULT_MASTER_KEY, and during a rotation the key being retired
 * (VAULT_MASTER_KEY_PREVIOUS). Data keys are opened with the key whose id is stored beside them.
 */
export type Vault = {
  /** The master key's fingerprint (VAULT_MASTER_KEY). */
  masterKeyId: string
  /** The fingerprint of the key being retired, while one is set. */
  previousKeyId: string | undefined
  /** Where the master key came from. */
  source: MasterKey.MasterKey['source']
  /** Whether this process holds the master key of that fingerprint. */
  holds: (keyId: string) => boolean
  /** Wraps a data key under the held master key `keyId`. */
  wrap: (dataKey: Uint8Array, aad: string, keyId: string) => string
  /** Opens a data key wrapped under `keyId`; throws {@link MasterKeyMismatchError} for a key not held. */
  unwrap: (sealed: string, aad: string, keyId: string) => Buffer
  /**
   * A 32-byte key for another purpose (e.g. hashing one-time passwords), derived from the held master
   * key `keyId` (default: VAULT_MASTER_KEY).
   */
  derive: (label: string, keyId?: string) => Buffer
}

/**
 * A vault over a master key and, during a rotation, the key being retired.
 *
 * @example
 * const vault = Vault.create(MasterKey.load({ value: env.VAULT_MASTER_KEY, dataDir, logger }))
 */
export function create(
  master: Pick<MasterKey.MasterKey, 'key' | 'id' | 'source'>,
  previous?: Pick<MasterKey.MasterKey, 'key' | 'id'>,
): Vault {
  const keys = new Map([[master.id, Buffer.from(master.key)]])
  if (previous) keys.set(previous.id, Buffer.from(previous.key))
  const key = (keyId: string) => {
    const found = keys.get(keyId)
    if (!found)
      throw new MasterKeyMismatchError(
        `Vault: master key ${keyId} is not held here (this process has ${[...keys.keys()].join(' and ')})`,
      )
    return found
  }
  return {
    masterKeyId: master.id,
    previousKeyId: previous?.id,
    source: master.source,
    holds: (keyId) => keys.has(keyId),
    wrap: (dataKey, aad, keyId) => Envelope.seal(key(keyId), dataKey, aad),
    unwrap: (sealed, aad, keyId) => Envelope.open(key(keyId), sealed, aad),
    derive: (label, keyId = master.id) =>
      createHmac('sha256', key(keyId)).update(`frontdoor derive\0${label}`).digest(),
  }
}

/**
 * The master key new data keys are wrapped under, given the one a rotation recorded (`vault_master`,
 * null before any): VAULT_MASTER_KEY when no previous key is set, or once a rotation recorded it;
 * until then the previous key, which every API node of the rotation still holds (nodes not yet
 * restarted hold only that one). Undefined when the recorded key is neither of this process's keys:
 * the node runs with a key the vault was rotated away from.
 */
export function wrappingKeyId(vault: Vault, recorded: string | null | undefined): string | undefined {
  if (vault.previousKeyId === undefined)
    return !recorded || recorded === vault.masterKeyId ? vault.masterKeyId : undefined
  if (recorded === vault.masterKeyId) return vault.masterKeyId
  return !recorded || recorded === vault.previousKeyId ? vault.previousKeyId : undefined
}

/** The master key a rotation recorded, if any (see {@link wrappingKeyId}). */
export async function recordedKeyId(orm: Db.Orm): Promise<string | null> {
  const [row] = await orm
    .select({ keyId: Tables.vaultMaster.keyId })
    .from(Tables.vaultMaster)
    .where(eq(Tables.vaultMaster.id, 1))
  return row?.keyId ?? null
}

/** A user's public addresses. */
export type Addresses = {
  /** EVM address, checksummed. */
  evm: Hex
  /** Solana address: base58 of the ed25519 public key. */
  solana: string
}

/** Thrown when a user's keys were sealed under another master key than this process's. */
export class MasterKeyMismatchError extends Error {
  override name = 'MasterKeyMismatchError'
}

/** The associated data of each sealed value: bound to its user and purpose. */
const aad = {
  dataKey: (userId: string) => `frontdoor vault data key\0${userId}`,
  evm: (userId: string) => `frontdoor vault secp256k1\0${userId}`,
  solana: (userId: string) => `frontdoor vault ed25519\0${userId}`,
}

/** The EVM address of a secp256k1 secret. */
export function evmAddressOf(secret: Uint8Array): Hex {
  return publicKeyToAddress(toHex(secp256k1.getPublicKey(secret, false)))
}

/** The Solana address of an ed25519 secret (its 32-byte seed). */
export function solanaAddressOf(secret: Uint8Array): string {
  return base58.encode(ed25519.getPublicKey(secret))
}

/** A user's addresses, or undefined when the user has no keys yet. */
export async function addresses(db: Db.Db, userId: string): Promise<Addresses | undefined> {
  const [row] = await db.orm
    .select({ evm: Tables.vaultKeys.evmAddress, solana: Tables.vaultKeys.solanaAddress })
    .from(Tables.vaultKeys)
    .where(eq(Tables.vaultKeys.userId, userId))
  return row ? { evm: row.evm as Hex, solana: row.solana } : undefined
}

/**
 * A user's addresses, making and sealing the keys on first use (safe when called concurrently). The
 * data key is wrapped under {@link wrappingKeyId}, read with a share lock on `vault_master` in the same
 * transaction as the insert, so a rotation (which updates that row first) waits for this insert and
 * re-wraps it, or this waits for the rotation and wraps under the new key.
 */
export async function ensureKeys(db: Db.Db, vault: Vault, userId: string): Promise<Addresses> {
  const existing = await addresses(db, userId)
  if (existing) return existing
  const dataKey = randomBytes(Envelope.KEY_BYTES)
  const evmSecret = secp256k1.utils.randomPrivateKey()
  const solanaSecret = ed25519.utils.randomPrivateKey()
  try {
    await db.orm.transaction(async (tx) => {
      const [master] = await tx
        .select({ keyId: Tables.vaultMaster.keyId })
        .from(Tables.vaultMaster)
        .where(eq(Tables.vaultMaster.id, 1))
        .for('share')
      const keyId = wrappingKeyId(vault, master?.keyId)
      if (!keyId)
        throw new MasterKeyMismatchError(
          `Vault: the vault was rotated to master key ${master?.keyId}; this process has ${vault.masterKeyId}`,
        )
      await tx
        .insert(Tables.vaultKeys)
        .values({
          userId,
          masterKeyId: keyId,
          wrappedDataKey: vault.wrap(dataKey, aad.dataKey(userId), keyId),
          evmAddress: evmAddressOf(evmSecret),
          evmSecret: Envelope.seal(dataKey, evmSecret, aad.evm(userId)),
          solanaAddress: solanaAddressOf(solanaSecret),
          solanaSecret: Envelope.seal(dataKey, solanaSecret, aad.solana(userId)),
        })
        .onConflictDoNothing({ target: Tables.vaultKeys.userId })
    })
  } finally {
    dataKey.fill(0)
    evmSecret.fill(0)
    solanaSecret.fill(0)
  }
  const stored = await addresses(db, userId)
  if (!stored) throw new Error(`Vault: no keys for user '${userId}' after creating them`)
  return stored
}

/**
 * A user's data key, wrapped under master key `from`, wrapped again under `to` (a rotation); the new
 * wrap is opened once before it is returned, and the data key wiped.
 */
export function rewrap(vault: Vault, userId: string, wrapped: string, from: string, to: string): string {
  const dataKey = vault.unwrap(wrapped, aad.dataKey(userId), from)
  try {
    const rewrapped = vault.wrap(dataKey, aad.dataKey(userId), to)
    const check = vault.unwrap(rewrapped, aad.dataKey(userId), to)
    const same = check.equals(dataKey)
    check.fill(0)
    if (!same) throw new Error(`Vault: the data key of user '${userId}' did not survive its rewrap`)
    return rewrapped
  } finally {
    dataKey.fill(0)
  }
}

/**
 * Opens one of a user's secrets, hands it to `use`, and wipes it (and the data key) after: for the
 * vault's own modules (NamespaceKeys.ts), never a route.
 */
export async function withSecret<T>(
  db: Db.Db,
  vault: Vault,
  userId: string,
  kind: 'evm' | 'solana',
  use: (secret: Buffer) => T | Promise<T>,
): Promise<T> {
  const [row] = await db.orm.select().from(Tables.vaultKeys).where(eq(Tables.vaultKeys.userId, userId))
  if (!row) throw new Error(`Vault: user '${userId}' has no keys`)
  if (!vault.holds(row.masterKeyId))
    throw new MasterKeyMismatchError(
      `Vault: the keys of user '${userId}' are sealed under master key ${row.masterKeyId}; this process has ${[vault.masterKeyId, vault.previousKeyId].filter(Boolean).join(' and ')}`,
    )
  const dataKey = vault.unwrap(row.wrappedDataKey, aad.dataKey(userId), row.masterKeyId)
  let secret: Buffer | undefined
  try {
    secret =
      kind === 'evm'
        ? Envelope.open(dataKey, row.evmSecret, aad.evm(userId))
        : Envelope.open(dataKey, row.solanaSecret, aad.solana(userId))
    return await use(secret)
  } finally {
    dataKey.fill(0)
    secret?.fill(0)
  }
}

/** One entry of the signature log. */
export type LoggedSignature = {
  userId: string
  method: string
  chain: string
  digest: string
  createdAt: Date
}

/** Logs a signature (the vault's modules log each one they make). */
export async function log(db: Db.Db, entry: Omit<LoggedSignature, 'createdAt'>) {
  await db.orm.insert(Tables.vaultSignatures).values(entry)
}

/** The SHA-256 of bytes, as the signature log keeps it. */
export const sha256Hex = (bytes: Uint8Array) => `0x${createHash('sha256').update(bytes).digest('hex')}`

/** A user's signature log, newest first. */
export async function signatures(db: Db.Db, userId: string, options: { method?: string } = {}) {
  const rows = await db.orm
    .select()
    .from(Tables.vaultSignatures)
    .where(
      and(
        eq(Tables.vaultSignatures.userId, userId),
        options.method ? eq(Tables.vaultSignatures.method, options.method) : undefined,
      ),
    )
    .orderBy(desc(Tables.vaultSignatures.id))
  return rows.map(
    ({ userId, method, chain, digest, createdAt }): LoggedSignature => ({
      userId,
      method,
      chain,
      digest,
      createdAt,
    }),
  )
}

/** Signs a 32-byte digest with the user's secp256k1 key and logs it. */
async function signEvmDigest(
  db: Db.Db,
  vault: Vault,
  userId: string,
  entry: { method: string; chain: string; digest: Hex },
): Promise<Signature> {
  const signature = await withSecret(db, vault, userId, 'evm', (secret) => {
    const { r, s, recovery } = secp256k1.sign(hexToBytes(entry.digest), secret, { lowS: true })
    return { r: numberToHex(r, { size: 32 }), s: numberToHex(s, { size: 32 }), yParity: recovery }
  })
  await log(db, { userId, ...entry })
  return signature
}

/**
 * `personal_sign`: an EIP-191 signature of `message` (0x-hex bytes, or text otherwise).
 *
 * @example
 * const signature = await Vault.personalSign(db, vault, userId, { chain: 'eip155:31337', message: 'hello' })
 */
export async function personalSign(
  db: Db.Db,
  vault: Vault,
  userId: string,
  request: { chain: string; message: string },
): Promise<Hex> {
  // The bytes the EOA's refusals count (protocol's one reading): 0x-hex as its bytes, text as its UTF-8.
  const digest = hashMessage({ raw: SignRequest.personalMessageBytes(request.message) })
  return serializeSignature(
    await signEvmDigest(db, vault, userId, { method: 'personal_sign', chain: request.chain, digest }),
  )
}

/** `eth_signTypedData_v4`: an EIP-712 signature of `typedData`. */
export async function signTypedData(
  db: Db.Db,
  vault: Vault,
  userId: string,
  request: { chain: string; typedData: TypedDataDefinition },
): Promise<Hex> {
  const digest = hashTypedData(request.typedData)
  return serializeSignature(
    await signEvmDigest(db, vault, userId, { method: 'eth_signTypedData_v4', chain: request.chain, digest }),
  )
}

/**
 * The user's EOA as the owner of a smart account (viem `LocalAccount`): it signs the EIP-712 typed data
 * FrontdoorAccount takes (a user operation's `FrontdoorUserOperation`, the replay-safe wrapping of an
 * ERC-1271 hash) with the user's key, each logged under `method` (the request it serves); it signs no
 * transactions.
 */
export function owner(
  db: Db.Db,
  vault: Vault,
  userId: string,
  request: { address: Hex; chain: string; method: string },
): LocalAccount {
  const sign = async (digest: Hex) =>
    serializeSignature(
      await signEvmDigest(db, vault, userId, { method: request.method, chain: request.chain, digest }),
    )
  return toAccount({
    address: request.address,
    signMessage: ({ message }) => sign(hashMessage(message)),
    signTypedData: (typedData) => sign(hashTypedData(typedData as TypedDataDefinition)),
    signTransaction: async () => {
      throw new Error('Vault: the owner of a smart account signs no transactions')
    },
  })
}

/** Signs a complete transaction (nonce, gas and fees filled); returns the signed, serialized transaction. */
export async function signTransaction(
  db: Db.Db,
  vault: Vault,
  userId: string,
  request: { chain: string; transaction: TransactionSerializable },
): Promise<Hex> {
  const digest = keccak256(serializeTransaction(request.transaction))
  const signature = await signEvmDigest(db, vault, userId, {
    method: 'eth_sendTransaction',
    chain: request.chain,
    digest,
  })
  return serializeTransaction(request.transaction, signature)
}

/** `solana_signMessage`: an ed25519 signature of the message bytes (the log keeps their SHA-256). */
export async function solanaSignMessage(
  db: Db.Db,
  vault: Vault,
  userId: string,
  request: { chain: string; message: Uint8Array },
): Promise<Uint8Array> {
  const signature = await withSecret(db, vault, userId, 'solana', (secret) =>
    ed25519.sign(request.message, secret),
  )
  await log(db, {
    userId,
    method: 'solana_signMessage',
    chain: request.chain,
    digest: sha256Hex(request.message),
  })
  return signature
}

/**
 * Solana transactions (`method` names which request): an ed25519 signature of each message with the
 * user's key, opened once for all of them (the log keeps each message's SHA-256).
 */
export async function solanaSignTransactions(
  db: Db.Db,
  vault: Vault,
  userId: string,
  request: { method: string; chain: string; messages: Uint8Array[] },
): Promise<Uint8Array[]> {
  const signatures = await withSecret(db, vault, userId, 'solana', (secret) =>
    request.messages.map((message) => ed25519.sign(message, secret)),
  )
  for (const message of request.messages)
    await log(db, { userId, method: request.method, chain: request.chain, digest: sha256Hex(message) })
  return signatures
}
