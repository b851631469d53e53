import type * as Db from '../../db/Db.js'
import * as Namespaces from './Namespaces.js'
import * as Vault from './Vault.js'

/**
 * The user's keys in the other namespaces (Bitcoin, Polkadot, Cosmos): their addresses and signatures,
 * derived from the user's secp256k1 secret as the vault opens it (Vault.withSecret), each signature
 * logged.
 */

/** How many users' derived addresses one process remembers (public data; deriving takes tens of ms). */
export const NAMESPACE_ADDRESSES_CACHED = 10_000

/** Each vault's (so each API node's) remembered addresses, by user id. */
const namespaceCaches = new WeakMap<Vault.Vault, Map<string, Namespaces.Addresses>>()

/**
 * A user's Bitcoin, Polkadot and Cosmos addresses, derived from the user's secp256k1 secret (the same
 * on every API node, and remembered by this one).
 */
export async function namespaceAddresses(
  db: Db.Db,
  vault: Vault.Vault,
  userId: string,
): Promise<Namespaces.Addresses> {
  const cache = namespaceCaches.get(vault) ?? new Map<string, Namespaces.Addresses>()
  namespaceCaches.set(vault, cache)
  const cached = cache.get(userId)
  if (cached) return cached
  const derived = await Vault.withSecret(db, vault, userId, 'evm', (secret) => Namespaces.addressesOf(secret))
  if (cache.size >= NAMESPACE_ADDRESSES_CACHED) {
    const oldest = cache.keys().next().value
    if (oldest !== undefined) cache.delete(oldest)
  }
  cache.set(userId, derived)
  return derived
}

/** The user's key's owner: who signs, and the entry each signature leaves in the log. */
type Owner = { db: Db.Db; vault: Vault.Vault; userId: string }

/** Signs with the user's secp256k1 secret and logs it under `method` and `chain`, with its `digest`. */
async function signLogged<T>(
  { db, vault, userId }: Owner,
  sign: (secret: Buffer) => T | Promise<T>,
  entry: { method: string; chain: string; digest: (signed: T) => string },
): Promise<T> {
  const signed = await Vault.withSecret(db, vault, userId, 'evm', sign)
  await Vault.log(db, { userId, method: entry.method, chain: entry.chain, digest: entry.digest(signed) })
  return signed
}

/** bip122 `signMessage`: a BIP-137 signed message of the user's P2WPKH account (the log keeps its hash). */
export function bitcoinSignMessage(
  db: Db.Db,
  vault: Vault.Vault,
  userId: string,
  request: { chain: string; message: string },
) {
  const entry = { method: 'signMessage', chain: request.chain }
  return signLogged(
    { db, vault, userId },
    (secret) => Namespaces.bitcoinSignMessage(secret, request.message),
    { ...entry, digest: (signed) => `0x${signed.messageHash}` },
  )
}

/** The log entry of a signature of `bytes`: their SHA-256. */
const ofBytes = (method: string, chain: string, bytes: Uint8Array) => ({
  method,
  chain,
  digest: () => Vault.sha256Hex(bytes),
})

/** `polkadot_signMessage`: an sr25519 signature of the wrapped bytes (the log keeps their SHA-256). */
export function polkadotSignMessage(
  db: Db.Db,
  vault: Vault.Vault,
  userId: string,
  { chain, message }: { chain: string; message: Uint8Array },
) {
  const sign = (secret: Buffer) => Namespaces.polkadotSignMessage(secret, message)
  return signLogged({ db, vault, userId }, sign, ofBytes('polkadot_signMessage', chain, message))
}

/** `cosmos_signArbitrary`: an ADR-36 signature of the data (the log keeps their SHA-256). */
export function cosmosSignArbitrary(
  db: Db.Db,
  vault: Vault.Vault,
  userId: string,
  { chain, data }: { chain: string; data: Uint8Array },
) {
  const sign = (secret: Buffer) => Namespaces.cosmosSignArbitrary(secret, data)
  return signLogged({ db, vault, userId }, sign, ofBytes('cosmos_signArbitrary', chain, data))
}
