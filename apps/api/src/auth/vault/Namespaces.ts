import { hkdfSync, pbkdf2Sync } from 'node:crypto'
import { makeSignDoc, Secp256k1Wallet, type StdSignature, type StdSignDoc } from '@cosmjs/amino'
import { Slip10, Slip10Curve, stringToPath } from '@cosmjs/crypto'
import { toBase64 } from '@cosmjs/encoding'
import { Caip, Constants } from '@frontdoor/schemas'
import { secp256k1 } from '@noble/curves/secp256k1'
import { u8aToHex, u8aWrapBytes } from '@polkadot/util'
import { encodeAddress, mnemonicToMiniSecret, sr25519PairFromSeed, sr25519Sign } from '@polkadot/util-crypto'
import { HDKey } from '@scure/bip32'
import { entropyToMnemonic } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english'
import { crypto as bitcoinCrypto, networks, payments } from 'bitcoinjs-lib'

/**
 * The embedded wallet's Bitcoin, Polkadot and Cosmos accounts, derived from the user's secp256k1 (EVM)
 * secret so the vault stores nothing more and a user always gets the same addresses:
 *
 * 1. 32 bytes of BIP-39 entropy = HKDF-SHA256(the EVM secret, salt {@link MNEMONIC_SALT}, info
 *    {@link MNEMONIC_INFO}): a 24-word English mnemonic of its own (one-way: it does not reveal the EVM key,
 *    nor restore it).
 * 2. From that mnemonic, each ecosystem's standard account, so it imports into another wallet:
 *    bip122 the BIP-84 P2WPKH account at {@link BITCOIN_PATH} (mainnet `bc1q…`), cosmos the secp256k1
 *    account at {@link COSMOS_PATH} (`cosmos1…`), polkadot the sr25519 root account of the mnemonic (no
 *    derivation path, as polkadot.js, Talisman and SubWallet import it) in SS58 format 0 (`1…`).
 *
 * The functions take the EVM secret and wipe every secret byte array they derive from it (the mnemonic
 * is a string, which JavaScript cannot wipe).
 */

/** HKDF salt of the mnemonic's entropy. */
export const MNEMONIC_SALT = 'frontdoor vault'
/** HKDF info of the mnemonic's entropy: a new label gives every user new accounts, so never change it. */
export const MNEMONIC_INFO = 'frontdoor embedded wallet mnemonic v1'
/** BIP-84's first receiving address of the first Bitcoin (coin type 0) account. */
export const BITCOIN_PATH = "m/84'/0'/0'/0/0"
/** The Cosmos Hub's standard path (coin type 118), as Keplr and cosmjs' makeCosmoshubPath(0). */
export const COSMOS_PATH = "m/44'/118'/0'/0/0"
/** Bech32 prefix of Cosmos Hub accounts. */
export const COSMOS_PREFIX = 'cosmos'
/** SS58 format of the Polkadot relay chain. */
export const POLKADOT_SS58 = 0
/** The prefix of Bitcoin's signed messages (`\x18` is its length). */
export const BITCOIN_MESSAGE_PREFIX = '\x18Bitcoin Signed Message:\n'
/** The BIP-137 header byte of a P2WPKH signature, before its recovery id (39-42). */
export const BITCOIN_P2WPKH_HEADER = 39

/** The CAIP-2 chains of the accounts: Bitcoin mainnet, the Polkadot relay chain and the Cosmos Hub. */
export const CHAINS = {
  bip122: 'bip122:000000000019d6689c085ae165831e93',
  polkadot: 'polkadot:91b171bb158e2d3848fa23a9f1c25182',
  cosmos: 'cosmos:cosmoshub-4',
} as const

/** The namespaces of this module. */
export type Namespace = keyof typeof CHAINS

/** A user's address in each namespace. */
export type Addresses = Record<Namespace, string>

/** The account type of each: the spec's defaults (payment for Bitcoin, eoa for Polkadot), eoa for Cosmos. */
export const ACCOUNT_TYPES = {
  bip122: Constants.DEFAULT_ACCOUNT_TYPES.bip122,
  polkadot: Constants.DEFAULT_ACCOUNT_TYPES.polkadot,
  cosmos: 'eoa',
} as const satisfies Record<Namespace, 'eoa' | 'payment'>

/** An account as the auth contract's user lists it: a CAIP-10 id and its type. */
export type CaipAccount = { address: string; type: (typeof ACCOUNT_TYPES)[Namespace] }

/** A user's accounts as CAIP-10 ids on {@link CHAINS}, with their {@link ACCOUNT_TYPES}. */
export function caipAccounts(addresses: Addresses): CaipAccount[] {
  return (Object.keys(CHAINS) as Namespace[]).map((namespace) => ({
    address: Caip.formatCaip10(CHAINS[namespace], addresses[namespace]),
    type: ACCOUNT_TYPES[namespace],
  }))
}

/** The user's own BIP-39 mnemonic (24 words), derived from the EVM secret. */
export function mnemonicOf(secret: Uint8Array): string {
  const entropy = new Uint8Array(hkdfSync('sha256', secret, MNEMONIC_SALT, MNEMONIC_INFO, 32))
  try {
    return entropyToMnemonic(entropy, wordlist)
  } finally {
    entropy.fill(0)
  }
}

/**
 * Hands `use` the BIP-39 seed of a mnemonic (no passphrase) and wipes it after: PBKDF2-HMAC-SHA512 of
 * the NFKD words, salt `mnemonic`, 2048 rounds, with node's crypto (the standard's algorithm; @scure/bip39's
 * JavaScript one took 10-60 ms, node's 1-4 ms).
 */
async function withSeed<T>(mnemonic: string, use: (seed: Uint8Array) => Promise<T> | T): Promise<T> {
  const seed = new Uint8Array(pbkdf2Sync(mnemonic.normalize('NFKD'), 'mnemonic', 2048, 64, 'sha512'))
  try {
    return await use(seed)
  } finally {
    seed.fill(0)
  }
}

/** Hands `use` the BIP-84 key of a BIP-39 seed and wipes it after. */
function withBitcoinKey<T>(
  seed: Uint8Array,
  use: (key: { privateKey: Uint8Array; publicKey: Uint8Array }) => T,
): T {
  const key = HDKey.fromMasterSeed(seed).derive(BITCOIN_PATH)
  try {
    if (!key.privateKey || !key.publicKey) throw new Error('Namespaces: no key at the BIP-84 path')
    return use({ privateKey: key.privateKey, publicKey: key.publicKey })
  } finally {
    key.wipePrivateData()
  }
}

/** Hands `use` cosmjs' wallet of the Cosmos key of a BIP-39 seed and wipes the key after. */
async function withCosmosWallet<T>(seed: Uint8Array, use: (wallet: Secp256k1Wallet) => Promise<T>) {
  const { privkey } = Slip10.derivePath(Slip10Curve.Secp256k1, seed, stringToPath(COSMOS_PATH))
  try {
    return await use(await Secp256k1Wallet.fromKey(privkey, COSMOS_PREFIX))
  } finally {
    privkey.fill(0)
  }
}

/** Hands `use` the sr25519 root pair of a mnemonic and wipes its secret key after. */
function withPolkadotPair<T>(
  mnemonic: string,
  use: (pair: { publicKey: Uint8Array; secretKey: Uint8Array }) => T,
): T {
  const miniSecret = mnemonicToMiniSecret(mnemonic)
  const pair = sr25519PairFromSeed(miniSecret)
  try {
    return use(pair)
  } finally {
    miniSecret.fill(0)
    pair.secretKey.fill(0)
  }
}

const bitcoinAddress = (publicKey: Uint8Array): string => {
  const { address } = payments.p2wpkh({ pubkey: publicKey, network: networks.bitcoin })
  if (!address) throw new Error('Namespaces: bitcoinjs-lib made no P2WPKH address')
  return address
}

/**
 * A user's Bitcoin (P2WPKH), Polkadot (SS58) and Cosmos (bech32) addresses.
 *
 * @example
 * const { bip122, polkadot, cosmos } = await Namespaces.addressesOf(evmSecret)
 */
export async function addressesOf(secret: Uint8Array): Promise<Addresses> {
  return addressesOfMnemonic(mnemonicOf(secret))
}

/** The addresses of a mnemonic: those another wallet shows when the mnemonic is imported into it. */
export async function addressesOfMnemonic(mnemonic: string): Promise<Addresses> {
  const polkadot = withPolkadotPair(mnemonic, ({ publicKey }) => encodeAddress(publicKey, POLKADOT_SS58))
  return withSeed(mnemonic, async (seed) => {
    const bip122 = withBitcoinKey(seed, ({ publicKey }) => bitcoinAddress(publicKey))
    const [account] = await withCosmosWallet(seed, (wallet) => wallet.getAccounts())
    if (!account) throw new Error('Namespaces: cosmjs made no account')
    return { bip122, polkadot, cosmos: account.address }
  })
}

/** Bitcoin's variable-length integer (CompactSize). */
function compactSize(n: number): Uint8Array {
  if (n < 0xfd) return Uint8Array.of(n)
  if (n <= 0xffff) return Uint8Array.of(0xfd, n & 0xff, n >> 8)
  const bytes = new Uint8Array(5)
  bytes[0] = 0xfe
  new DataView(bytes.buffer).setUint32(1, n, true)
  return bytes
}

/** The digest Bitcoin signs for a message: double SHA-256 of the prefixed, length-prefixed UTF-8 text. */
export function bitcoinMessageHash(message: string): Uint8Array {
  const prefix = new TextEncoder().encode(BITCOIN_MESSAGE_PREFIX)
  const text = new TextEncoder().encode(message)
  const length = compactSize(text.length)
  const whole = new Uint8Array(prefix.length + length.length + text.length)
  whole.set(prefix)
  whole.set(length, prefix.length)
  whole.set(text, prefix.length + length.length)
  return bitcoinCrypto.hash256(whole)
}

/**
 * bip122 `signMessage` (protocol `ecdsa`): the Bitcoin signed message of BIP-137 for the P2WPKH
 * address, header byte {@link BITCOIN_P2WPKH_HEADER} + recovery id, then r and s (65 bytes). The
 * answer is WalletConnect's: the address, the signature in hex (its base64 is what Bitcoin Core,
 * Electrum and bitcoinjs-message verify) and the message hash in hex.
 */
export async function bitcoinSignMessage(
  secret: Uint8Array,
  message: string,
): Promise<{ address: string; signature: string; messageHash: string }> {
  const hash = bitcoinMessageHash(message)
  return withSeed(mnemonicOf(secret), (seed) =>
    withBitcoinKey(seed, ({ privateKey, publicKey }) => {
      const signature = secp256k1.sign(hash, privateKey, { lowS: true })
      const bytes = new Uint8Array(65)
      bytes[0] = BITCOIN_P2WPKH_HEADER + signature.recovery
      bytes.set(signature.toCompactRawBytes(), 1)
      return {
        address: bitcoinAddress(publicKey),
        signature: Buffer.from(bytes).toString('hex'),
        messageHash: Buffer.from(hash).toString('hex'),
      }
    }),
  )
}

/**
 * `polkadot_signMessage`: an sr25519 signature (0x-hex) of the message wrapped in `<Bytes>…</Bytes>`,
 * as the polkadot.js extension's signRaw does (so it can never be a transaction's payload);
 * `@polkadot/util-crypto`'s signatureVerify accepts it for the message.
 */
export function polkadotSignMessage(secret: Uint8Array, message: Uint8Array): { signature: string } {
  return withPolkadotPair(mnemonicOf(secret), (pair) => ({
    signature: u8aToHex(sr25519Sign(u8aWrapBytes(message), pair)),
  }))
}

/**
 * The ADR-36 amino sign doc of arbitrary data, as Keplr's signArbitrary makes it: one
 * `sign/MsgSignData` of the signer and the base64 data, empty chain id and memo, zero fee, account
 * number and sequence.
 */
export function adr36SignDoc(signer: string, data: Uint8Array): StdSignDoc {
  return makeSignDoc(
    [{ type: 'sign/MsgSignData', value: { signer, data: toBase64(data) } }],
    { gas: '0', amount: [] },
    '',
    '',
    0,
    0,
  )
}

/**
 * `cosmos_signArbitrary` (Keplr's signArbitrary, ADR-36): cosmjs' amino signature of
 * {@link adr36SignDoc}, the StdSignature of the secp256k1 public key and the 64-byte r||s (base64).
 */
export async function cosmosSignArbitrary(secret: Uint8Array, data: Uint8Array): Promise<StdSignature> {
  return withSeed(mnemonicOf(secret), (seed) =>
    withCosmosWallet(seed, async (wallet) => {
      const [account] = await wallet.getAccounts()
      if (!account) throw new Error('Namespaces: cosmjs made no account')
      const { signature } = await wallet.signAmino(account.address, adr36SignDoc(account.address, data))
      return signature
    }),
  )
}
