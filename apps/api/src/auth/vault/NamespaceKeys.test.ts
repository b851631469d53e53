import { createHash, randomBytes } from 'node:crypto'
import { pubkeyToAddress, serializeSignDoc } from '@cosmjs/amino'
import { Secp256k1, Secp256k1Signature, sha256 } from '@cosmjs/crypto'
import { fromBase64 } from '@cosmjs/encoding'
import { signatureVerify } from '@polkadot/util-crypto'
import * as bitcoinMessage from 'bitcoinjs-message'
import { eq } from 'drizzle-orm'
import { afterAll, describe, expect, test } from 'vitest'
import * as Tables from '../../db/Tables.js'
import * as TestDb from '../../db/TestDb.js'
import * as Users from '../users/Users.js'
import * as Envelope from './Envelope.js'
import * as MasterKey from './MasterKey.js'
import * as NamespaceKeys from './NamespaceKeys.js'
import * as Namespaces from './Namespaces.js'
import * as Vault from './Vault.js'

const db = await TestDb.create()
afterAll(() => db.drop())

const masterKey = randomBytes(32)
const vault = Vault.create({ key: masterKey, id: MasterKey.fingerprint(masterKey), source: 'env' })
const newUser = async (name: string) =>
  (await Users.findOrCreateByIdentity(db, { kind: 'email', subject: `${name}@example.com` })).id

describe('namespaceAddresses', () => {
  test('the Bitcoin, Polkadot and Cosmos addresses of the stored secp256k1 secret, the same each time', async () => {
    const userId = await newUser('namespaces')
    await expect(NamespaceKeys.namespaceAddresses(db, vault, userId)).rejects.toThrow(/has no keys/)
    const { evm } = await Vault.ensureKeys(db, vault, userId)
    const addresses = await NamespaceKeys.namespaceAddresses(db, vault, userId)
    // Opened here as the vault opens it: these are the addresses of the user's stored EVM secret.
    const [row] = await db.orm.select().from(Tables.vaultKeys).where(eq(Tables.vaultKeys.userId, userId))
    const dataKey = vault.unwrap(
      row!.wrappedDataKey,
      `frontdoor vault data key\0${userId}`,
      vault.masterKeyId,
    )
    const secret = Envelope.open(dataKey, row!.evmSecret, `frontdoor vault secp256k1\0${userId}`)
    expect(Vault.evmAddressOf(secret)).toBe(evm)
    expect(addresses).toEqual(await Namespaces.addressesOf(secret))
    expect(await NamespaceKeys.namespaceAddresses(db, vault, userId)).toEqual(addresses)
    const other = await newUser('namespaces-other')
    await Vault.ensureKeys(db, vault, other)
    expect((await NamespaceKeys.namespaceAddresses(db, vault, other)).bip122).not.toBe(addresses.bip122)
    expect(NamespaceKeys.NAMESPACE_ADDRESSES_CACHED).toBe(10_000)
  })
})

describe('signing in the other namespaces', () => {
  test("signMessage, polkadot_signMessage and cosmos_signArbitrary verify with each ecosystem's library; logged", async () => {
    const userId = await newUser('namespaces-sign')
    await Vault.ensureKeys(db, vault, userId)
    const { bip122, polkadot, cosmos } = await NamespaceKeys.namespaceAddresses(db, vault, userId)
    expect(await Vault.signatures(db, userId)).toEqual([])

    const bitcoin = await NamespaceKeys.bitcoinSignMessage(db, vault, userId, {
      chain: Namespaces.CHAINS.bip122,
      message: 'hello bitcoin',
    })
    expect(bitcoin.address).toBe(bip122)
    expect(bitcoinMessage.verify('hello bitcoin', bip122, Buffer.from(bitcoin.signature, 'hex'))).toBe(true)

    const text = new TextEncoder().encode('hello polkadot')
    const { signature } = await NamespaceKeys.polkadotSignMessage(db, vault, userId, {
      chain: Namespaces.CHAINS.polkadot,
      message: text,
    })
    expect(signatureVerify(text, signature, polkadot).isValid).toBe(true)

    const data = new TextEncoder().encode('hello cosmos')
    const std = await NamespaceKeys.cosmosSignArbitrary(db, vault, userId, {
      chain: Namespaces.CHAINS.cosmos,
      data,
    })
    expect(pubkeyToAddress(std.pub_key, 'cosmos')).toBe(cosmos)
    const hash = sha256(serializeSignDoc(Namespaces.adr36SignDoc(cosmos, data)))
    const verified = await Secp256k1.verifySignature(
      Secp256k1Signature.fromFixedLength(fromBase64(std.signature)),
      hash,
      fromBase64(std.pub_key.value),
    )
    expect(verified).toBe(true)

    const sha = (bytes: Uint8Array) => `0x${createHash('sha256').update(bytes).digest('hex')}`
    const log = await Vault.signatures(db, userId)
    expect(log.map(({ method, chain, digest }) => ({ method, chain, digest }))).toEqual([
      { method: 'cosmos_signArbitrary', chain: 'cosmos:cosmoshub-4', digest: sha(data) },
      {
        method: 'polkadot_signMessage',
        chain: 'polkadot:91b171bb158e2d3848fa23a9f1c25182',
        digest: sha(text),
      },
      {
        method: 'signMessage',
        chain: 'bip122:000000000019d6689c085ae165831e93',
        digest: `0x${bitcoin.messageHash}`,
      },
    ])
  })
})
