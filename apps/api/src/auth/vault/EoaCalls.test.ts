import * as Calls from '@frontdoor/protocol/calls'
import { eq } from 'drizzle-orm'
import type { Hex, PublicClient } from 'viem'
import { BaseError, ExecutionRevertedError, keccak256, RpcRequestError } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, describe, expect, test, vi } from 'vitest'
import type * as Db from '../../db/Db.js'
import * as Tables from '../../db/Tables.js'
import * as TestDb from '../../db/TestDb.js'
import * as Users from '../users/Users.js'
import * as EoaCalls from './EoaCalls.js'

describe('EoaCalls batch id', () => {
  test('32 random bytes, hex: never the same twice, and only such a string is looked up', async () => {
    const ids = new Set(Array.from({ length: 1000 }, () => EoaCalls.newId()))
    expect(ids.size).toBe(1000)
    for (const id of ids) expect(id).toMatch(/^0x[0-9a-f]{64}$/)
  })
})

describe('EoaCalls.statusOf (EIP-5792 status codes)', () => {
  const running = { calls: 2, over: false, stale: false }
  const over = { ...running, over: true }
  test('every call mined without a revert: 200', () => {
    expect(EoaCalls.statusOf(over, [true, true])).toBe(Calls.STATUS.confirmed)
    // Still 200 when its row is old: the receipts are all there.
    expect(EoaCalls.statusOf({ ...over, stale: true }, [true, true])).toBe(Calls.STATUS.confirmed)
  })
  test('a sent call not yet mined, or calls still to send: 100', () => {
    expect(EoaCalls.statusOf(running, [true, undefined])).toBe(Calls.STATUS.pending)
    expect(EoaCalls.statusOf(running, [true])).toBe(Calls.STATUS.pending)
    expect(EoaCalls.statusOf(running, [undefined])).toBe(Calls.STATUS.pending)
    // The sending failed (a receipt that did not come in time), but the transaction may still be mined.
    expect(EoaCalls.statusOf(over, [true, undefined])).toBe(Calls.STATUS.pending)
  })
  test('the first call reverted, nothing else sent: 500 (only gas spent)', () => {
    expect(EoaCalls.statusOf({ ...over, calls: 3 }, [false])).toBe(Calls.STATUS.reverted)
  })
  test('some calls ran, then one reverted or was never sent: 600', () => {
    expect(EoaCalls.statusOf({ ...over, calls: 3 }, [true, false])).toBe(Calls.STATUS.partiallyReverted)
    expect(EoaCalls.statusOf({ ...over, calls: 3 }, [true])).toBe(Calls.STATUS.partiallyReverted)
  })
  test('abandoned (no progress for STALE_MS): what was mined counts, nothing is pending any more', () => {
    const stale = { ...running, stale: true }
    expect(EoaCalls.statusOf(stale, [true])).toBe(Calls.STATUS.partiallyReverted)
    expect(EoaCalls.statusOf(stale, [true, undefined])).toBe(Calls.STATUS.partiallyReverted)
    expect(EoaCalls.statusOf(stale, [undefined])).toBe(Calls.STATUS.offchainFailure)
    expect(EoaCalls.statusOf(stale, [])).toBe(Calls.STATUS.offchainFailure)
  })
})

describe('EoaCalls.reverted', () => {
  test('a revert of the chain is one; a node out of reach or any other error is not', () => {
    const revert = new BaseError('estimate failed', { cause: new ExecutionRevertedError({}) })
    expect(EoaCalls.reverted(revert)).toBe(true)
    const outage = new BaseError('request failed', {
      cause: new RpcRequestError({
        body: {},
        url: 'http://127.0.0.1:1',
        error: { code: -32000, message: 'down' },
      }),
    })
    expect(EoaCalls.reverted(outage)).toBe(false)
    expect(EoaCalls.reverted(new Error('execution reverted'))).toBe(false)
  })
})

describe(`EoaCalls.find and callsStatus on the database (${TestDb.describeBackend()})`, async () => {
  const db = await TestDb.create()
  afterAll(() => db.drop())
  const userOf = async (name: string) =>
    (await Users.findOrCreateByIdentity(db, { kind: 'email', subject: `${name}@example.com` })).id

  test("a batch is found only by its id and only for its user: another user's, a forged id, none", async () => {
    const alice = await userOf('alice')
    const bob = await userOf('bob')
    const id = EoaCalls.newId()
    expect(await EoaCalls.find(db.orm, alice, id)).toBeUndefined()
    await db.orm.insert(Tables.eoaBatches).values({ id, userId: alice, chainId: 31337, calls: 2 })
    expect((await EoaCalls.find(db.orm, alice, id))?.calls).toBe(2)
    expect(await EoaCalls.find(db.orm, bob, id)).toBeUndefined()
    expect(await EoaCalls.find(db.orm, alice, id.toUpperCase())).toBeUndefined()
    const off = `${id.slice(0, -1)}${id.endsWith('0') ? '1' : '0'}`
    expect(await EoaCalls.find(db.orm, alice, off)).toBeUndefined()
  })

  test('a batch without progress for 10 minutes and no outcome is stored as failed, not left pending', async () => {
    const alice = await userOf('alice')
    const id = EoaCalls.newId()
    const then = new Date(Date.now() - EoaCalls.STALE_MS - 1000)
    await db.orm
      .insert(Tables.eoaBatches)
      .values({ id, userId: alice, chainId: 31337, calls: 2, createdAt: then, updatedAt: then })
    const batch = (await EoaCalls.find(db.orm, alice, id))!
    expect(batch.outcome).toBeNull()
    // No hash to read: the client is never asked.
    const status = await EoaCalls.callsStatus(db.orm, undefined as never, batch)
    expect(status).toMatchObject({ id, chainId: '0x7a69', atomic: false, status: 400, receipts: [] })
    const [row] = await db.orm.select().from(Tables.eoaBatches).where(eq(Tables.eoaBatches.id, id))
    expect(row?.outcome).toBe('failed')
    expect(row?.reason).toMatch(/abandoned/)
    // A recent one with no outcome is still pending.
    const fresh = EoaCalls.newId()
    await db.orm.insert(Tables.eoaBatches).values({ id: fresh, userId: alice, chainId: 31337, calls: 2 })
    const pending = await EoaCalls.callsStatus(
      db.orm,
      undefined as never,
      (await EoaCalls.find(db.orm, alice, fresh))!,
    )
    expect(pending.status).toBe(100)
  })
})

describe('EoaCalls.nonceTaken', () => {
  test("a node's refusals of a used or pending nonce", () => {
    expect(EoaCalls.nonceTaken(new Error('nonce too low'))).toBe(true)
    expect(EoaCalls.nonceTaken(Object.assign(new Error('x'), { details: 'already known' }))).toBe(true)
    expect(EoaCalls.nonceTaken(new Error('insufficient funds'))).toBe(false)
    expect(EoaCalls.nonceTaken('nonce too low')).toBe(false)
  })
})

describe(`EoaCalls.start when the database fails right after the broadcast (${TestDb.describeBackend()})`, async () => {
  const db = await TestDb.create()
  afterAll(() => db.drop())
  const account = privateKeyToAccount(generatePrivateKey())

  // A stand-in chain (not a devnet: apps/api has none; the devnet flows are in apps/dev's
  // EoaCallsRoutes.test): it answers what Transactions.prepare asks, takes each signed transaction (its
  // hash is its keccak256, as on a chain) and mines it at once.
  function chain() {
    const sent: Hex[] = []
    const client = {
      getTransactionCount: async () => sent.length,
      estimateGas: async () => 21_000n,
      estimateFeesPerGas: async () => ({
        maxFeePerGas: 2_000_000_000n,
        maxPriorityFeePerGas: 1_000_000_000n,
      }),
      sendRawTransaction: async ({ serializedTransaction }: { serializedTransaction: Hex }) => {
        sent.push(keccak256(serializedTransaction))
        return sent.at(-1)!
      },
      waitForTransactionReceipt: async ({ hash }: { hash: Hex }) => {
        if (!sent.includes(hash)) throw new Error(`unknown transaction ${hash}`)
        return { status: 'success' }
      },
    }
    return { sent, client: client as unknown as PublicClient }
  }

  // The fault: the update that records the first call's hash throws `times` times (a connection lost
  // just then). A real one is hard to cause at that exact moment, so a wrapper of the real database
  // throws instead; every other query, and the update once it is let through, runs on the database.
  function failingUpdates(orm: Db.Orm, times: number) {
    const state = { failed: 0 }
    const wrapped = new Proxy(orm, {
      get(target, key, receiver) {
        if (key === 'update' && state.failed < times)
          return () => {
            state.failed++
            throw new Error('Connection terminated unexpectedly')
          }
        return Reflect.get(target, key, receiver)
      },
    })
    return { orm: wrapped, state }
  }

  async function context(orm: Db.Orm, client: PublicClient) {
    const user = await Users.findOrCreateByIdentity(db, {
      kind: 'email',
      subject: `batch-${EoaCalls.newId().slice(2, 14)}@example.com`,
    })
    const warnings: string[] = []
    return {
      warnings,
      context: {
        orm,
        logger: { warn: (_: unknown, message: string) => warnings.push(message) } as never,
        client,
        chainId: 31337,
        userId: user.id,
        from: account.address,
        sign: (transaction) => account.signTransaction(transaction),
        lock: (task) => task(),
      } satisfies EoaCalls.Context,
    }
  }

  const call = (data: Hex): EoaCalls.Call => ({ to: account.address, value: 0n, data })
  const rowOf = async (id: string) =>
    (await db.orm.select().from(Tables.eoaBatches).where(eq(Tables.eoaBatches.id, id)))[0]
  const finished = (id: string) =>
    vi.waitFor(
      async () => {
        const row = await rowOf(id)
        expect(row?.outcome).not.toBeNull()
        return row!
      },
      { timeout: 5000, interval: 20 },
    )

  test('the update fails once: the id is answered, the hash stored on the retry, the batch finishes', async () => {
    const { sent, client } = chain()
    const fault = failingUpdates(db.orm, 1)
    const { context: c, warnings } = await context(fault.orm, client)
    expect(
      await db.orm.select().from(Tables.eoaBatches).where(eq(Tables.eoaBatches.userId, c.userId)),
    ).toEqual([])
    const id = await EoaCalls.start(c, [call('0x01'), call('0x02')])
    expect(fault.state.failed).toBe(1)
    expect(id).toMatch(/^0x[0-9a-f]{64}$/)
    const row = await finished(id)
    expect(sent).toHaveLength(2)
    expect(row).toMatchObject({ outcome: 'done', hashes: sent, calls: 2, userId: c.userId })
    // The retry stored it: nothing to log.
    expect(warnings).toEqual([])
  })

  test('the update fails on every attempt: the id is still answered, logged, and run stores the hash', async () => {
    const { sent, client } = chain()
    const fault = failingUpdates(db.orm, EoaCalls.FIRST_HASH_ATTEMPTS)
    const { context: c, warnings } = await context(fault.orm, client)
    // One call: run's only write is the outcome, which must carry the hash start could not store.
    const id = await EoaCalls.start(c, [call('0x01')])
    expect(fault.state.failed).toBe(EoaCalls.FIRST_HASH_ATTEMPTS)
    expect(warnings).toEqual(['eoa batch hash not stored'])
    const row = await finished(id)
    expect(sent).toHaveLength(1)
    expect(row).toMatchObject({ outcome: 'done', hashes: sent })
  })
})
