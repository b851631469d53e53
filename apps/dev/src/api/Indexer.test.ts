import type * as Db from '@frontdoor/api/db/Db'
import * as TestDb from '@frontdoor/api/db/TestDb'
import * as Indexer from '@frontdoor/api/indexer/Indexer'
import * as Leader from '@frontdoor/api/indexer/Leader'
import * as Registry from '@frontdoor/api/indexer/Registry'
import * as Store from '@frontdoor/api/indexer/Store'
import * as Server from '@frontdoor/api/Server'
import * as TestApp from '@frontdoor/api/TestApp'
import * as Devnet from '@frontdoor/devnet/devnet'
import pino from 'pino'
import { parseEther } from 'viem'
import { afterAll, describe, expect, test } from 'vitest'
import * as StandIns from '../StandIns.js'
import * as TestChain from './TestChain.js'

// One real devnet, the real app and indexer on a real database; a second database indexes the same
// chain in one go as the reference the interrupted, restarted and concurrent runs must equal.
let node = await Devnet.start({ chainId: 31337 })
const port = Number(new URL(node.url).port)
const CHAIN = 'eip155:31337'
const t = await TestApp.create({
  upstreams: { [CHAIN]: [node.url] },
  limits: { account: { limit: 1_000_000, windowMs: 60_000 } },
})
Registry.configure(StandIns.registry())
const chain = TestChain.create({ chainId: 31337, url: node.url })
const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' })
const extraDbs: (Db.Db & { drop: () => Promise<void> })[] = []
afterAll(async () => {
  await t.close()
  await Promise.all(extraDbs.map((db) => db.drop()))
  await node.stop()
}, 60_000)

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const indexerOn = (db: Db.Db, options: Partial<Indexer.Options> = {}) =>
  Indexer.create({ db, upstreams: t.deps.upstreams, chains: [CHAIN], logger, ...options })
async function freshDb() {
  const db = await TestDb.create()
  extraDbs.push(db)
  return db
}

/** Every indexed row of a database, in a stable order. */
async function dump(db: Db.Db) {
  const q = (text: string) => db.session((session) => session.query(text))
  return {
    cursor: await q('SELECT chain_id, block_number, block_hash FROM indexer_cursors ORDER BY chain_id'),
    transactions: await q(
      'SELECT chain_id, hash, block_number, tx_index, mined_at, from_address, to_address, contract_address, nonce, value::text, selector, status FROM chain_transactions ORDER BY chain_id, block_number, tx_index',
    ),
    transfers: await q(
      'SELECT chain_id, tx_hash, log_index, block_number, kind, token, from_address, to_address, amount::text, token_id::text FROM chain_transfers ORDER BY chain_id, block_number, tx_hash, log_index',
    ),
    activity: await q(
      'SELECT address, chain_id, tx_hash, block_number, tx_index, mined_at FROM account_activity ORDER BY address, chain_id, block_number, tx_index',
    ),
    tokens: await q('SELECT * FROM chain_tokens ORDER BY chain_id, address'),
    items: await q(
      'SELECT chain_id, contract, token_id::text, name, image FROM chain_nft_items ORDER BY 1, 2, 3',
    ),
  }
}

const history = async (address: string, query = '') =>
  (await t.getJson(`/v1/account/${address}/history?projectId=demo${query}`)).body as {
    data: { id: string; metadata: { hash: string; operationType: string } }[]
    next: string | null
  }

const sender = chain.address(2)
const receiver = chain.address(3)
const transfers: string[] = []

describe('Indexer', () => {
  test('interrupted and restarted midway, it stores exactly what one uninterrupted run stores', async () => {
    for (let i = 0; i < 60; i++) {
      const sent =
        i % 3 === 2
          ? await chain.sendToken(2, chain.deployment.tokens.FUSD.address, receiver, BigInt(i) * 1_000_000n)
          : await chain.sendEth(2, receiver, parseEther('0.01') * BigInt(i + 1))
      transfers.push(sent.hash)
    }
    await chain.mineEmpty(300)
    const head = Number(await chain.client.getBlockNumber())

    const reference = await freshDb()
    await indexerOn(reference).sync(CHAIN)

    // Small batches, polling: stop it once it is a third of the way.
    const first = indexerOn(t.deps.db, { batchBlocks: 7, pollMs: 10 })
    first.start()
    for (let i = 0; i < 600 && (await Store.cursor(t.deps.db.orm, CHAIN)).number < head / 3; i++)
      await sleep(20)
    await first.stop()
    const midway = await Store.cursor(t.deps.db.orm, CHAIN)
    expect(midway.number).toBeGreaterThan(0)
    expect(midway.number).toBeLessThan(head)
    // A new process catches up from the stored cursor.
    const second = indexerOn(t.deps.db, { batchBlocks: 50 })
    expect((await second.sync(CHAIN)).number).toBe(head)
    expect(await dump(t.deps.db)).toEqual(await dump(reference))
    // Running again over indexed blocks changes nothing.
    await second.sync(CHAIN)
    expect(await dump(t.deps.db)).toEqual(await dump(reference))

    const stored = await t.deps.db.session((s) =>
      s.query('SELECT count(*)::int AS n, count(DISTINCT hash)::int AS d FROM chain_transactions'),
    )
    expect(stored[0]?.n).toBe(stored[0]?.d)
    let onChain = 0
    for (let n = 0; n <= head; n++)
      onChain += await chain.client.getBlockTransactionCount({ blockNumber: BigInt(n) })
    expect(stored[0]?.n).toBe(onChain)
  }, 180_000)

  test('the history pages through the restarted index: 50 a page, every transfer once', async () => {
    const first = await history(sender)
    expect(first.data).toHaveLength(50)
    expect(first.next).toEqual(expect.any(String))
    const second = await history(sender, `&cursor=${first.next}`)
    expect(second.next).toBeNull()
    const hashes = [...first.data, ...second.data].map((tx) => tx.metadata.hash)
    expect(new Set(hashes).size).toBe(hashes.length)
    expect(hashes.slice(0, 60)).toEqual([...transfers].reverse())
    expect(
      [...first.data, ...second.data].slice(0, 60).every((tx) => tx.metadata.operationType === 'send'),
    ).toBe(true)
  })

  test('two indexers on one database at once store each row once', async () => {
    const db = await freshDb()
    await Promise.all([
      indexerOn(db, { batchBlocks: 40 }).sync(CHAIN),
      indexerOn(db, { batchBlocks: 40 }).sync(CHAIN),
    ])
    expect(await dump(db)).toEqual(await dump(t.deps.db))
  }, 120_000)

  test(`one indexer per chain across API nodes: the advisory lock (${TestDb.describeBackend()})`, async () => {
    let release = () => {}
    let entered = () => {}
    const inside = new Promise<void>((resolve) => {
      entered = resolve
    })
    const holding = Leader.run(t.deps.db, 'indexer:test', async (alive) => {
      await alive()
      entered()
      await new Promise<void>((resolve) => {
        release = resolve
      })
    })
    await inside
    // PGlite is one process's database: there is nobody to exclude and no lock is taken.
    const other = await Leader.run(t.deps.db, 'indexer:test', async () => {})
    expect(other).toBe(t.deps.db.kind === 'pglite')
    release()
    expect(await holding).toBe(true)
    expect(await Leader.run(t.deps.db, 'indexer:test', async () => {})).toBe(true)
  })

  test('polling: a new transaction shows in the history within about a second', async () => {
    const indexer = indexerOn(t.deps.db)
    indexer.start()
    try {
      await sleep(200)
      const sent = await chain.sendEth(2, receiver, 1n)
      const started = performance.now()
      let seen = false
      while (!seen && performance.now() - started < 5_000) {
        seen = (await history(receiver)).data.some((tx) => tx.metadata.hash === sent.hash)
        if (!seen) await sleep(50)
      }
      const ms = performance.now() - started
      console.log(
        `indexer: a mined transaction appeared in the history after ${ms.toFixed(0)} ms (poll ${Indexer.POLL_MS} ms)`,
      )
      expect(seen).toBe(true)
    } finally {
      await indexer.stop()
    }
  }, 30_000)

  test('a reorg: blocks the chain dropped are forgotten, the new branch indexed', async () => {
    const indexer = indexerOn(t.deps.db)
    const other = chain.address(6)
    const snapshot = await chain.snapshot()
    const dropped = [await chain.sendEth(4, other, 11n), await chain.sendEth(4, other, 12n)]
    await indexer.sync(CHAIN)
    expect((await history(other)).data.slice(0, 2).map((tx) => tx.metadata.hash)).toEqual(
      dropped.map((x) => x.hash).reverse(),
    )
    await chain.revert(snapshot)
    // The new branch is one block longer than the dropped one.
    const kept = [
      await chain.sendEth(4, chain.address(7), 21n),
      await chain.sendEth(4, chain.address(7), 22n),
      await chain.sendEth(4, chain.address(7), 23n),
    ]
    const cursor = await indexer.sync(CHAIN)
    const latest = await chain.client.getBlock()
    expect(cursor).toEqual({ number: Number(latest.number), hash: latest.hash })
    expect(
      (await history(other)).data.filter((tx) => dropped.some((x) => x.hash === tx.metadata.hash)),
    ).toEqual([])
    expect((await history(chain.address(7))).data.slice(0, 3).map((tx) => tx.metadata.hash)).toEqual(
      kept.map((x) => x.hash).reverse(),
    )
    const left = await t.deps.db.session((s) =>
      s.query('SELECT count(*)::int AS n FROM chain_transactions WHERE hash = ANY($1)', [
        dropped.map((x) => x.hash),
      ]),
    )
    expect(left[0]?.n).toBe(0)

    // A reorg to a branch of the same height: the head's hash no longer matches the cursor.
    const again = await chain.snapshot()
    const lost = await chain.sendEth(4, other, 31n)
    await indexer.sync(CHAIN)
    await chain.revert(again)
    const won = await chain.sendEth(5, other, 32n)
    await indexer.sync(CHAIN)
    const hashes = (await history(other)).data.map((tx) => tx.metadata.hash)
    expect(hashes).toContain(won.hash)
    expect(hashes).not.toContain(lost.hash)
    expect(await dump(t.deps.db)).toEqual(await dump(await fullIndex()))
  }, 120_000)

  test('a devnet reset (a new chain on the same port): the index starts over', async () => {
    await node.stop()
    node = await Devnet.start({ chainId: 31337, port })
    const indexer = indexerOn(t.deps.db)
    const cursor = await indexer.sync(CHAIN)
    const latest = await chain.client.getBlock()
    expect(cursor).toEqual({ number: Number(latest.number), hash: latest.hash })
    const after = await history(sender)
    expect(after.data.every((tx) => tx.metadata.operationType === 'mint')).toBe(true)
    expect(after.data.some((tx) => transfers.includes(tx.metadata.hash))).toBe(false)
    expect(await dump(t.deps.db)).toEqual(await dump(await fullIndex()))
  }, 120_000)
})

/** The chain indexed in one go on a fresh database: what any history of edits must end up equal to. */
async function fullIndex() {
  const db = await freshDb()
  await indexerOn(db).sync(CHAIN)
  return db
}

describe('figures', () => {
  test('catch-up speed (blocks/s) and history latency', async () => {
    for (let i = 0; i < 150; i++)
      if (i % 2) await chain.sendToken(2, chain.deployment.tokens.FUSD.address, receiver, 1_000_000n)
      else await chain.sendEth(2, receiver, 1n)
    const withTx = Number(await chain.client.getBlockNumber()) + 1
    let db = await freshDb()
    let started = performance.now()
    await indexerOn(db).sync(CHAIN)
    let seconds = (performance.now() - started) / 1000
    console.log(
      `indexer catch-up: ${withTx} blocks with ${withTx - 1} transactions in ${seconds.toFixed(2)} s = ${(withTx / seconds).toFixed(0)} blocks/s (${TestDb.describeBackend()})`,
    )
    await chain.mineEmpty(5_000)
    const total = Number(await chain.client.getBlockNumber()) + 1
    db = await freshDb()
    started = performance.now()
    await indexerOn(db).sync(CHAIN)
    seconds = (performance.now() - started) / 1000
    console.log(
      `indexer catch-up: ${total} blocks (${total - withTx} empty) in ${seconds.toFixed(2)} s = ${(total / seconds).toFixed(0)} blocks/s`,
    )

    await indexerOn(t.deps.db).sync(CHAIN)
    const times: number[] = []
    for (let i = 0; i < 200; i++) {
      const begin = performance.now()
      const response = await t.app.request(`/v1/account/${sender}/history?projectId=demo`)
      await response.arrayBuffer()
      times.push(performance.now() - begin)
    }
    times.sort((x, y) => x - y)
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1)
    console.log(
      `GET /v1/account/{address}/history (50 transactions a page): p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, p99 ${at(0.99)} ms`,
    )
    expect(times.length).toBe(200)
  }, 300_000)
})

describe('Server', () => {
  test('the API process runs the indexer of INDEXER_CHAINS and stops it with the server', async () => {
    const server = await Server.start({
      ...StandIns.all(),
      env: {
        DEVNET_31337_URL: node.url,
        INDEXER_CHAINS: CHAIN,
        LOG_LEVEL: 'silent',
        FRONTDOOR_ENV: 'development',
      },
      port: 0,
      memory: true,
      logger,
    })
    try {
      expect(server.deps.config.indexer.chains).toEqual([CHAIN])
      const latest = Number(await chain.client.getBlockNumber())
      let cursor = -1
      for (let i = 0; i < 300 && cursor < latest; i++) {
        cursor = (await Store.cursor(server.deps.db.orm, CHAIN)).number
        if (cursor < latest) await sleep(50)
      }
      expect(cursor).toBe(latest)
      const response = await fetch(`${server.url}/v1/account/${sender}/history?projectId=demo`)
      expect(((await response.json()) as { data: unknown[] }).data.length).toBeGreaterThan(0)
    } finally {
      await server.stop()
    }
  }, 60_000)
})
