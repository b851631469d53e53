import { hkdfSync } from 'node:crypto'
import { makeCosmoshubPath, pubkeyToAddress, Secp256k1HdWallet, serializeSignDoc } from '@cosmjs/amino'
import { Secp256k1, Secp256k1Signature, sha256 } from '@cosmjs/crypto'
import { fromBase64, toBase64 } from '@cosmjs/encoding'
import { secp256k1 } from '@noble/curves/secp256k1'
import { u8aToHex } from '@polkadot/util'
import {
  checkAddress,
  decodeAddress,
  mnemonicToMiniSecret,
  signatureVerify,
  sr25519PairFromSeed,
} from '@polkadot/util-crypto'
import { mnemonicToEntropy, validateMnemonic } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english'
import { address as bitcoinAddress } from 'bitcoinjs-lib'
import * as bitcoinMessage from 'bitcoinjs-message'
import { describe, expect, test } from 'vitest'
import * as Namespaces from './Namespaces.js'

const secret = secp256k1.utils.randomPrivateKey()
const other = secp256k1.utils.randomPrivateKey()
/** BIP-39's (and BIP-84's) test mnemonic. */
const ABANDON = `${'abandon '.repeat(11)}about`

describe('constants', () => {
  test('the spec-facing values', () => {
    expect(Namespaces.MNEMONIC_SALT).toBe('frontdoor vault')
    expect(Namespaces.MNEMONIC_INFO).toBe('frontdoor embedded wallet mnemonic v1')
    expect(Namespaces.BITCOIN_PATH).toBe("m/84'/0'/0'/0/0")
    expect(Namespaces.COSMOS_PATH).toBe("m/44'/118'/0'/0/0")
    expect(Namespaces.COSMOS_PREFIX).toBe('cosmos')
    expect(Namespaces.POLKADOT_SS58).toBe(0)
    expect(Namespaces.BITCOIN_MESSAGE_PREFIX).toBe('\x18Bitcoin Signed Message:\n')
    expect(Namespaces.BITCOIN_MESSAGE_PREFIX.length - 1).toBe(0x18)
    expect(Namespaces.BITCOIN_P2WPKH_HEADER).toBe(39)
    expect(Namespaces.CHAINS).toEqual({
      bip122: 'bip122:000000000019d6689c085ae165831e93',
      polkadot: 'polkadot:91b171bb158e2d3848fa23a9f1c25182',
      cosmos: 'cosmos:cosmoshub-4',
    })
    // The spec's defaults: payment for Bitcoin, eoa for Polkadot (and Cosmos).
    expect(Namespaces.ACCOUNT_TYPES).toEqual({ bip122: 'payment', polkadot: 'eoa', cosmos: 'eoa' })
  })
})

describe('mnemonicOf', () => {
  test('24 English words whose entropy is HKDF-SHA256 of the secret with the labels; one per secret', () => {
    const mnemonic = Namespaces.mnemonicOf(secret)
    expect(mnemonic.split(' ')).toHaveLength(24)
    expect(validateMnemonic(mnemonic, wordlist)).toBe(true)
    const expected = new Uint8Array(
      hkdfSync('sha256', secret, 'frontdoor vault', 'frontdoor embedded wallet mnemonic v1', 32),
    )
    expect(mnemonicToEntropy(mnemonic, wordlist)).toEqual(expected)
    expect(Namespaces.mnemonicOf(Uint8Array.from(secret))).toBe(mnemonic)
    expect(Namespaces.mnemonicOf(other)).not.toBe(mnemonic)
  })
})

describe('addressesOf', () => {
  test("each ecosystem's standard account of the mnemonic, as other wallets import it", async () => {
    const addresses = await Namespaces.addressesOf(secret)
    expect(await Namespaces.addressesOf(Uint8Array.from(secret))).toEqual(addresses)
    const mnemonic = Namespaces.mnemonicOf(secret)

    // Bitcoin: a mainnet P2WPKH (witness v0, 20-byte program).
    const decoded = bitcoinAddress.fromBech32(addresses.bip122)
    expect(decoded).toMatchObject({ prefix: 'bc', version: 0 })
    expect(decoded.data).toHaveLength(20)
    expect(addresses.bip122).toMatch(/^bc1q[02-9ac-hj-np-z]{38}$/)

    // Cosmos: what cosmjs' own HD wallet makes of the mnemonic at the Cosmos Hub path.
    const wallet = await Secp256k1HdWallet.fromMnemonic(mnemonic, {
      hdPaths: [makeCosmoshubPath(0)],
      prefix: 'cosmos',
    })
    expect((await wallet.getAccounts())[0]?.address).toBe(addresses.cosmos)
    expect(addresses.cosmos).toMatch(/^cosmos1[02-9ac-hj-np-z]{38}$/)

    // Polkadot: the sr25519 root pair of the mnemonic, SS58 format 0.
    expect(checkAddress(addresses.polkadot, 0)).toEqual([true, null])
    const root = sr25519PairFromSeed(mnemonicToMiniSecret(mnemonic))
    expect(u8aToHex(decodeAddress(addresses.polkadot))).toBe(u8aToHex(root.publicKey))
    expect(addresses.polkadot).toMatch(/^1/)

    const others = await Namespaces.addressesOf(other)
    for (const namespace of ['bip122', 'polkadot', 'cosmos'] as const)
      expect(others[namespace]).not.toBe(addresses[namespace])
  })

  test("the test mnemonic's accounts: BIP-84's test vector, cosmjs' wallet, polkadot.js' root", async () => {
    const addresses = await Namespaces.addressesOfMnemonic(ABANDON)
    expect(addresses).toEqual({
      // BIP-84's test vector: the first receiving address of account 0.
      bip122: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
      polkadot: '13KVd4f2a4S5pLp4gTTFezyXdPWx27vQ9vS6xBXJ9yWVd7xo',
      cosmos: 'cosmos19rl4cm2hmr8afy4kldpxz3fka4jguq0auqdal4',
    })
    const wallet = await Secp256k1HdWallet.fromMnemonic(ABANDON, { hdPaths: [makeCosmoshubPath(0)] })
    expect((await wallet.getAccounts())[0]?.address).toBe(addresses.cosmos)
    const root = sr25519PairFromSeed(mnemonicToMiniSecret(ABANDON))
    expect(u8aToHex(decodeAddress(addresses.polkadot))).toBe(u8aToHex(root.publicKey))
  })
})

describe('caipAccounts', () => {
  test('CAIP-10 ids on the three chains, with their account types', () => {
    expect(Namespaces.caipAccounts({ bip122: 'bc1qx', polkadot: '1abc', cosmos: 'cosmos1x' })).toEqual([
      { address: 'bip122:000000000019d6689c085ae165831e93:bc1qx', type: 'payment' },
      { address: 'polkadot:91b171bb158e2d3848fa23a9f1c25182:1abc', type: 'eoa' },
      { address: 'cosmos:cosmoshub-4:cosmos1x', type: 'eoa' },
    ])
  })
})

describe('bitcoinSignMessage', () => {
  test('a BIP-137 P2WPKH signature that bitcoinjs-message verifies for the address', async () => {
    const { bip122 } = await Namespaces.addressesOf(secret)
    for (const message of ['hello bitcoin', 'x'.repeat(300), 'é'.repeat(32_768)]) {
      const signed = await Namespaces.bitcoinSignMessage(secret, message)
      expect(signed.address).toBe(bip122)
      const bytes = Buffer.from(signed.signature, 'hex')
      expect(bytes).toHaveLength(65)
      expect(bytes[0]).toBeGreaterThanOrEqual(39)
      expect(bytes[0]).toBeLessThanOrEqual(42)
      // CompactSize of 1, 3 and 5 bytes: the hash equals bitcoinjs-message's own.
      expect(signed.messageHash).toBe(bitcoinMessage.magicHash(message).toString('hex'))
      expect(bitcoinMessage.verify(message, bip122, bytes)).toBe(true)
      expect(bitcoinMessage.verify(message, bip122, bytes.toString('base64'))).toBe(true)
      expect(bitcoinMessage.verify(`${message}!`, bip122, bytes)).toBe(false)
    }
    const { bip122: theirs } = await Namespaces.addressesOf(other)
    const signed = await Namespaces.bitcoinSignMessage(secret, 'hello')
    expect(bitcoinMessage.verify('hello', theirs, Buffer.from(signed.signature, 'hex'))).toBe(false)
  })
})

describe('polkadotSignMessage', () => {
  test("an sr25519 signature of the wrapped bytes that @polkadot/util-crypto's signatureVerify accepts", async () => {
    const { polkadot } = await Namespaces.addressesOf(secret)
    const message = new TextEncoder().encode('hello polkadot')
    const { signature } = Namespaces.polkadotSignMessage(secret, message)
    expect(signature).toMatch(/^0x[0-9a-f]{128}$/)
    expect(signatureVerify(message, signature, polkadot)).toMatchObject({ isValid: true, crypto: 'sr25519' })
    expect(signatureVerify('<Bytes>hello polkadot</Bytes>', signature, polkadot).isValid).toBe(true)
    expect(signatureVerify('hello polkadot!', signature, polkadot).isValid).toBe(false)
    const { polkadot: theirs } = await Namespaces.addressesOf(other)
    expect(signatureVerify(message, signature, theirs).isValid).toBe(false)
  })
})

describe('cosmosSignArbitrary', () => {
  test('an ADR-36 signature: the sign doc rebuilt here verifies with @cosmjs/crypto', async () => {
    const { cosmos } = await Namespaces.addressesOf(secret)
    const data = new TextEncoder().encode('hello cosmos')
    const signature = await Namespaces.cosmosSignArbitrary(secret, data)
    expect(signature.pub_key.type).toBe('tendermint/PubKeySecp256k1')
    expect(pubkeyToAddress(signature.pub_key, 'cosmos')).toBe(cosmos)

    // ADR-36 as Keplr writes it: sorted keys, one sign/MsgSignData, everything else empty or zero.
    const doc = (signer: string, bytes: Uint8Array) =>
      JSON.stringify({
        account_number: '0',
        chain_id: '',
        fee: { amount: [], gas: '0' },
        memo: '',
        msgs: [{ type: 'sign/MsgSignData', value: { data: toBase64(bytes), signer } }],
        sequence: '0',
      })
    expect(new TextDecoder().decode(serializeSignDoc(Namespaces.adr36SignDoc(cosmos, data)))).toBe(
      doc(cosmos, data),
    )
    const verify = (text: string) =>
      Secp256k1.verifySignature(
        Secp256k1Signature.fromFixedLength(fromBase64(signature.signature)),
        sha256(new TextEncoder().encode(text)),
        fromBase64(signature.pub_key.value),
      )
    expect(await verify(doc(cosmos, data))).toBe(true)
    expect(await verify(doc(cosmos, new TextEncoder().encode('hello cosmos!')))).toBe(false)
    expect(await verify(doc('cosmos1someoneelse', data))).toBe(false)
  })
})
