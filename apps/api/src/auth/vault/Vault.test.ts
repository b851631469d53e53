import { randomBytes } from 'node:crypto'
import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import { eq } from 'drizzle-orm'
import {
  hashMessage,
  hashTypedData,
  isAddress,
  recoverTransactionAddress,
  verifyMessage,
  verifyTypedData,
} from 'viem'
import { afterAll, describe, expect, test } from 'vitest'
import * as Tables from '../../db/Tables.js'
import * as TestDb from '../../db/TestDb.js'
import * as Users from '../users/Users.js'
import * as Envelope from './Envelope.js'
import * as MasterKey from './MasterKey.js'
import * as Vault from './Vault.js'

const db = await TestDb.create()
afterAll(() => db.drop())

const masterKey = randomBytes(32)
const vault = Vault.create({ key: masterKey, id: MasterKey.fingerprint(masterKey), source: 'env' })
const newUser = async (name: string) =>
  (await Users.findOrCreateByIdentity(db, { kind: 'email', subject: `${name}@example.com` })).id

const typedData = {
  domain: {
    name: 'Frontdoor',
    version: '1',
    chainId: 31337,
    verifyingContract: '0x86963C0Be1Ef7dF4273e5c86E918759a97486169',
  },
  types: {
    Person: [
      { name: 'name', type: 'string' },
      { name: 'wallet', type: 'address' },
    ],
    Mail: [
      { name: 'from', type: 'Person' },
      { name: 'contents', type: 'string' },
    ],
  },
  primaryType: 'Mail',
  message: {
    from: { name: 'Cow', wallet: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' },
    contents: 'Hello, Bob!',
  },
} as const

describe('ensureKeys', () => {
  test('makes one secp256k1 and one ed25519 key per user, sealed; idempotent and concurrent-safe', async () => {
    const userId = await newUser('keys')
    expect(await Vault.addresses(db, userId)).toBeUndefined()
    const all = await Promise.all([1, 2, 3].map(() => Vault.ensureKeys(db, vault, userId)))
    expect(new Set(all.map((a) => a.evm)).size).toBe(1)
    const addresses = all[0]!
    expect(isAddress(addresses.evm, { strict: true })).toBe(true)
    expect(base58.decode(addresses.solana)).toHaveLength(32)
    expect(await Vault.addresses(db, userId)).toEqual(addresses)
    const [row] = await db.orm.select().from(Tables.vaultKeys).where(eq(Tables.vaultKeys.userId, userId))
    expect(row).toMatchObject({ masterKeyId: vault.masterKeyId })
    for (const sealed of [row!.wrappedDataKey, row!.evmSecret, row!.solanaSecret])
      expect(sealed).toMatch(/^v1\./)
  })

  test('different users get different keys', async () => {
    const a = await Vault.ensureKeys(db, vault, await newUser('a'))
    const b = await Vault.ensureKeys(db, vault, await newUser('b'))
    expect(a.evm).not.toBe(b.evm)
    expect(a.solana).not.toBe(b.solana)
  })
})

describe('personalSign', () => {
  test('text and hex messages verify with viem against the user address; logged with the digest', async () => {
    const userId = await newUser('sign')
    const { evm } = await Vault.ensureKeys(db, vault, userId)
    const text = await Vault.personalSign(db, vault, userId, {
      chain: 'eip155:31337',
      message: 'hello frontdoor',
    })
    expect(await verifyMessage({ address: evm, message: 'hello frontdoor', signature: text })).toBe(true)
    const hex = await Vault.personalSign(db, vault, userId, {
      chain: 'eip155:31337',
      message: '0x68656c6c6f',
    })
    expect(await verifyMessage({ address: evm, message: { raw: '0x68656c6c6f' }, signature: hex })).toBe(true)
    const log = await Vault.signatures(db, userId)
    expect(log.map(({ method, chain, digest }) => ({ method, chain, digest }))).toEqual([
      { method: 'personal_sign', chain: 'eip155:31337', digest: hashMessage({ raw: '0x68656c6c6f' }) },
      { method: 'personal_sign', chain: 'eip155:31337', digest: hashMessage('hello frontdoor') },
    ])
  })
})

describe('signTypedData', () => {
  test('an EIP-712 signature viem verifies', async () => {
    const userId = await newUser('typed')
    const { evm } = await Vault.ensureKeys(db, vault, userId)
    const signature = await Vault.signTypedData(db, vault, userId, { chain: 'eip155:31337', typedData })
    expect(await verifyTypedData({ address: evm, signature, ...typedData })).toBe(true)
    expect((await Vault.signatures(db, userId))[0]?.digest).toBe(hashTypedData(typedData))
  })
})

describe('signTransaction', () => {
  test('a signed EIP-1559 transaction recovers to the user address', async () => {
    const userId = await newUser('tx')
    const { evm } = await Vault.ensureKeys(db, vault, userId)
    const serialized = await Vault.signTransaction(db, vault, userId, {
      chain: 'eip155:31337',
      transaction: {
        type: 'eip1559',
        chainId: 31337,
        nonce: 0,
        to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
        value: 1n,
        gas: 21000n,
        maxFeePerGas: 2_000_000_000n,
        maxPriorityFeePerGas: 1_000_000_000n,
      },
    })
    expect(await recoverTransactionAddress({ serializedTransaction: serialized as `0x02${string}` })).toBe(
      evm,
    )
  })
})

describe('solanaSignMessage', () => {
  test('an ed25519 signature that verifies against the base58 address', async () => {
    const userId = await newUser('sol')
    const { solana } = await Vault.ensureKeys(db, vault, userId)
    const message = new TextEncoder().encode('hello solana')
    const signature = await Vault.solanaSignMessage(db, vault, userId, { chain: 'solana', message })
    expect(ed25519.verify(signature, message, base58.decode(solana))).toBe(true)
    expect((await Vault.signatures(db, userId))[0]).toMatchObject({
      method: 'solana_signMessage',
      chain: 'solana',
    })
  })
})

describe('tamper detection', () => {
  test('an altered secret, a secret moved to another user, or another master key does not open', async () => {
    const victim = await newUser('victim')
    const attacker = await newUser('attacker')
    await Vault.ensureKeys(db, vault, victim)
    await Vault.ensureKeys(db, vault, attacker)
    const sign = (userId: string, v = vault) =>
      Vault.personalSign(db, v, userId, { chain: 'eip155:1', message: 'x' })
    const read = async (userId: string) =>
      (await db.orm.select().from(Tables.vaultKeys).where(eq(Tables.vaultKeys.userId, userId)))[0]!
    const original = await read(attacker)
    const victimRow = await read(victim)

    // The victim's sealed data key and secret copied onto the attacker's row: bound to the victim, they fail.
    await db.orm
      .update(Tables.vaultKeys)
      .set({ wrappedDataKey: victimRow.wrappedDataKey, evmSecret: victimRow.evmSecret })
      .where(eq(Tables.vaultKeys.userId, attacker))
    await expect(sign(attacker)).rejects.toThrow(Envelope.OpenError)

    // One altered character of the sealed secret.
    const [v, iv, ct, tag] = original.evmSecret.split('.') as [string, string, string, string]
    const altered = [v, iv, `${ct[0] === 'A' ? 'B' : 'A'}${ct.slice(1)}`, tag].join('.')
    await db.orm
      .update(Tables.vaultKeys)
      .set({ wrappedDataKey: original.wrappedDataKey, evmSecret: altered })
      .where(eq(Tables.vaultKeys.userId, attacker))
    await expect(sign(attacker)).rejects.toThrow(Envelope.OpenError)
    expect(await Vault.signatures(db, attacker)).toEqual([])

    // Another master key: named, not guessed.
    const otherKey = randomBytes(32)
    const other = Vault.create({ key: otherKey, id: MasterKey.fingerprint(otherKey), source: 'env' })
    await expect(sign(victim, other)).rejects.toThrow(Vault.MasterKeyMismatchError)
    expect(await sign(victim)).toMatch(/^0x[0-9a-f]{130}$/)
  })
})

describe('wrappingKeyId', () => {
  test('the previous key until a rotation recorded the new one; none for a key this node does not hold', () => {
    const master = () => {
      const key = randomBytes(32)
      return { key, id: MasterKey.fingerprint(key), source: 'env' as const }
    }
    const [a, b, c] = [master(), master(), master()]
    const alone = Vault.create(a)
    expect(Vault.wrappingKeyId(alone, null)).toBe(a.id)
    expect(Vault.wrappingKeyId(alone, a.id)).toBe(a.id)
    expect(Vault.wrappingKeyId(alone, b.id)).toBeUndefined()
    const rotating = Vault.create(b, a)
    expect(Vault.wrappingKeyId(rotating, null)).toBe(a.id)
    expect(Vault.wrappingKeyId(rotating, a.id)).toBe(a.id)
    expect(Vault.wrappingKeyId(rotating, b.id)).toBe(b.id)
    expect(Vault.wrappingKeyId(rotating, c.id)).toBeUndefined()
    expect(rotating.holds(a.id) && rotating.holds(b.id) && !rotating.holds(c.id)).toBe(true)
    expect(() => rotating.unwrap('v1.x.y.z', 'ctx', c.id)).toThrow(Vault.MasterKeyMismatchError)
    // Derived keys follow the key named: a node of both keys derives what a node of either derives.
    expect(rotating.derive('email otp', a.id)).toEqual(alone.derive('email otp'))
  })
})
