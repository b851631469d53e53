import * as Calls from '@frontdoor/protocol/calls'
import { eq } from 'drizzle-orm'
import { BaseError, ExecutionRevertedError, RpcRequestError } from 'viem'
import { afterAll, describe, expect, test } from 'vitest'
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
