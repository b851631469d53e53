import { randomBytes } from 'node:crypto'
import * as TestRedis from '@frontdoor/relay/test-redis'
import pg from 'pg'
import { parseGwei } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import * as TestSmtp from '../TestSmtp.js'
import * as Harness from './Harness.js'

// Issue 24 on the scale topology: two API processes (src/main.ts, nodes A and B) on one PostgreSQL
// cluster (made here with initdb) and one redis-server, their indexers following a real Hardhat node of
// the devnet. An email code is requested on A and entered on B across a PostgreSQL restart
// (`pg_ctl restart -m fast`), then across a Redis restart: both nodes stay up and the login completes.
// Throughout, at most one node holds the indexer's advisory lock (sampled every 100 ms); after the
// PostgreSQL restart a leader (either node) is elected again and the indexer resumes with no gap and
// each transaction kept once. Nothing is mocked.

const skip = !Harness.PG_BIN
  ? 'faults: no PostgreSQL binaries under /usr/lib/postgresql/*/bin; two-node faults skipped'
  : !TestRedis.installed()
    ? 'faults: redis-server is not installed; two-node faults skipped'
    : undefined
if (skip) console.warn(skip)

const AUTH_ORIGIN = 'http://127.0.0.2:5181'
const DEVICE = 'faults-two-nodes-device'
/** Hardhat's fourth funded account (the standard test mnemonic): pays straight to the node. */
const PAYER = privateKeyToAccount('0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6')
const RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

describe.skipIf(skip)('two API nodes on one PostgreSQL and one Redis', { timeout: 180_000 }, () => {
  let db: ReturnType<typeof Harness.cluster>
  let redis: TestRedis.FaultRedis
  let sink: TestSmtp.TestSmtp
  let node: Awaited<ReturnType<typeof Harness.hardhatNode>>
  const nodes: Record<'a' | 'b', { api: ReturnType<typeof Harness.api>; url: string }> = {} as never
  let nonce = 0
  /** Every sample of the indexer's lock holders (application names), and the most seen at once. */
  const holders: string[][] = []
  let sampling = true
  let sampler: Promise<void> | undefined

  async function post(url: string, path: string, body: unknown) {
    const response = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: AUTH_ORIGIN },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    })
    // biome-ignore lint/suspicious/noExplicitAny: tests read response bodies loosely
    return { status: response.status, body: (await response.json()) as any }
  }
  const sendOtp = (url: string, email: string) =>
    post(url, '/v1/auth/email/otp', { projectId: 'demo', email, deviceId: DEVICE })
  const verify = (url: string, email: string, otp: string) =>
    post(url, '/v1/auth/email/verify', { projectId: 'demo', email, otp, deviceId: DEVICE })
  const codeFor = (email: string) => {
    const otp = sink.messages(email)[0]?.otp
    if (!otp) throw new Error(`no code mailed to ${email}`)
    return otp
  }
  const status = async (url: string, path = '/readyz') =>
    (await fetch(`${url}${path}`, { signal: AbortSignal.timeout(5_000) }).catch(() => undefined))?.status
  const user = async (url: string, token: string) =>
    (
      await fetch(`${url}/v1/auth/user`, {
        headers: { authorization: `Bearer ${token}`, origin: AUTH_ORIGIN },
        signal: AbortSignal.timeout(10_000),
      })
    ).status
  /** Both nodes ready (/readyz 200), failing at once if either died. */
  const bothReady = async (what: string) => {
    for (const { api, url } of Object.values(nodes))
      await api.until(`${what}: ${url} ready`, async () => ((await status(url)) === 200 ? true : undefined))
  }

  /** The nodes (application names) holding the indexer's advisory lock now. */
  async function leaders(): Promise<string[]> {
    const admin = new pg.Client({ connectionString: db.url('postgres') })
    // The restart ends this connection too; the query's rejection says so, not an 'error' event.
    admin.on('error', () => {})
    await admin.connect()
    try {
      const { rows } = await admin.query(
        "SELECT a.application_name AS name FROM pg_locks l JOIN pg_database d ON d.oid = l.database JOIN pg_stat_activity a ON a.pid = l.pid WHERE l.locktype = 'advisory' AND l.granted AND d.datname = 'frontdoor'",
      )
      return rows.map((row) => row.name as string)
    } finally {
      await admin.end()
    }
  }
  const oneLeader = () =>
    nodes.a.api.until('one indexer leader', async () => {
      const now = await leaders()
      return now.length === 1 ? now[0] : undefined
    })

  /** A payment of 1 wei from the payer, sent straight to the node (the chain goes on whatever the API does). */
  async function pay() {
    const raw = await PAYER.signTransaction({
      chainId: 31337,
      type: 'eip1559',
      nonce: nonce++,
      to: RECIPIENT,
      value: 1n,
      gas: 21_000n,
      maxFeePerGas: parseGwei('100'),
      maxPriorityFeePerGas: parseGwei('1'),
    })
    const hash = await Harness.rpc<string>(node.url, 'eth_sendRawTransaction', [raw])
    if (!hash) throw new Error('the node refused a payment')
    return hash
  }
  /** What the indexer kept of chain 31337: cursor, blocks, transactions, and how often each of `hashes`. */
  async function indexed(hashes: string[]) {
    const client = new pg.Client({ connectionString: db.url('frontdoor') })
    client.on('error', () => {})
    await client.connect()
    try {
      const { rows } = await client.query(
        "SELECT (SELECT block_number FROM indexer_cursors WHERE chain_id = 'eip155:31337')::int AS number, count(*)::int AS blocks, min(block_number)::int AS lowest, (SELECT count(*)::int FROM chain_transactions WHERE chain_id = 'eip155:31337') AS transactions FROM indexed_blocks WHERE chain_id = 'eip155:31337'",
      )
      const found = await client.query(
        "SELECT hash, count(*)::int AS n FROM chain_transactions WHERE chain_id = 'eip155:31337' AND hash = ANY($1) GROUP BY hash",
        [hashes.map((hash) => hash.toLowerCase())],
      )
      return {
        number: (rows[0].number ?? -1) as number,
        blocks: rows[0].blocks as number,
        lowest: (rows[0].lowest ?? 0) as number,
        transactions: rows[0].transactions as number,
        rows: Object.fromEntries(found.rows.map((row) => [row.hash, row.n])) as Record<string, number>,
      }
    } finally {
      await client.end()
    }
  }
  /** Waits until the indexer kept every block and transaction of the node: no gap, each transaction once. */
  async function caughtUp(hashes: string[]) {
    const head = Number(await Harness.rpc<string>(node.url, 'eth_blockNumber'))
    let transactions = 0
    for (let n = 0; n <= head; n++)
      transactions +=
        (
          await Harness.rpc<{ transactions: string[] }>(node.url, 'eth_getBlockByNumber', [
            `0x${n.toString(16)}`,
            false,
          ])
        )?.transactions.length ?? 0
    const kept = await nodes.a.api.until(
      `the indexer to reach block ${head}`,
      async () => {
        const now = await indexed(hashes)
        return now.number >= head ? now : undefined
      },
      60_000,
    )
    expect(kept.lowest).toBe(0)
    expect(kept.blocks).toBe(kept.number + 1)
    expect(kept.transactions).toBe(transactions)
    for (const hash of hashes) expect(kept.rows[hash.toLowerCase()], `${hash} indexed once`).toBe(1)
    return kept
  }

  beforeAll(async () => {
    db = Harness.cluster(Harness.PG_BIN as string, await Harness.freePort())
    db.start()
    db.createDb('frontdoor')
    ;[redis, sink, node] = await Promise.all([
      TestRedis.faultServer(),
      TestSmtp.start(),
      Harness.freePort().then((port) => Harness.hardhatNode(port, 31337)),
    ])
    // One vault master key on every node, as docker-compose.yml's scale topology gives them.
    const masterKey = randomBytes(32).toString('hex')
    // One after the other, so that the second finds the schema made by the first.
    for (const name of ['a', 'b'] as const) {
      const url = `http://127.0.0.1:${await Harness.freePort()}`
      const api = Harness.api({
        API_URL: url,
        // The application name tells the nodes' connections apart in pg_stat_activity.
        DATABASE_URL: `${db.url('frontdoor')}?application_name=frontdoor-${name}`,
        REDIS_URL: redis.url,
        VAULT_MASTER_KEY: masterKey,
        SMTP_URL: sink.smtpUrl,
        RPC_UPSTREAMS_31337: node.url,
        INDEXER_CHAINS: 'eip155:31337',
      })
      nodes[name] = { api, url }
      await api.until(
        `node ${name} ready`,
        async () => ((await status(url)) === 200 ? true : undefined),
        90_000,
      )
    }
    await oneLeader()
    sampler = (async () => {
      while (sampling) {
        const now = await leaders().catch(() => undefined)
        if (now) holders.push(now)
        await Harness.sleep(100)
      }
    })()
  }, 180_000)

  afterAll(async () => {
    sampling = false
    await sampler
    await Promise.all(Object.values(nodes).map(({ api }) => api.stop()))
    await Promise.all([sink?.stop(), redis?.stop(), node?.kill()])
    db?.stop()
  }, 60_000)

  test('PostgreSQL restarted between a code requested on A and entered on B: both nodes live, the login completes, one leader elected again, indexing resumes with no gap', async () => {
    const before = [await pay()]
    const cursorBefore = await caughtUp(before)
    const leaderBefore = await oneLeader()
    const pids = { a: nodes.a.api.pid, b: nodes.b.api.pid }

    const email = `faults-two-pg-${Date.now()}@example.com`
    expect((await sendOtp(nodes.a.url, email)).status).toBe(200)
    const otp = codeFor(email)
    expect(sink.messages(email)).toHaveLength(1)

    // Readiness of each node every 50 ms while PostgreSQL restarts.
    const notReady: Record<string, number[]> = { a: [], b: [] }
    let probing = true
    const probe = (async () => {
      while (probing) {
        for (const name of ['a', 'b'] as const) {
          const at = Date.now()
          if ((await status(nodes[name].url)) !== 200) notReady[name]?.push(at)
        }
        await Harness.sleep(50)
      }
    })()
    const restartedAt = Date.now()
    const restart = db.restart()
    // The chain goes on meanwhile: a payment and a few empty blocks the indexer must not miss.
    const during = [await pay()]
    await Harness.rpc(node.url, 'hardhat_mine', ['0x3'])
    await restart
    const restartMs = Date.now() - restartedAt
    await bothReady('after the PostgreSQL restart')
    const readyMs = Date.now() - restartedAt
    await Harness.sleep(500)
    probing = false
    await probe

    // The code mailed by A logs in on B; the session works on A too.
    const verified = await verify(nodes.b.url, email, otp)
    expect(verified.status).toBe(200)
    expect(verified.body.token).toEqual(expect.any(String))
    expect(await user(nodes.a.url, verified.body.token)).toBe(200)
    expect(await user(nodes.b.url, verified.body.token)).toBe(200)

    // A leader (either node) elected again; indexing resumes where it stopped.
    const leaderAfter = await oneLeader()
    const electedMs = Date.now() - restartedAt
    const after = [await pay()]
    const kept = await caughtUp([...before, ...during, ...after])
    const indexedMs = Date.now() - restartedAt
    expect(kept.number).toBeGreaterThan(cursorBefore.number)
    for (const name of ['a', 'b'] as const) {
      expect(nodes[name].api.exited(), `node ${name} is running`).toBeUndefined()
      expect(nodes[name].api.log()).not.toMatch(/Unhandled 'error' event|uncaughtException|rewinding/)
    }
    expect({ a: nodes.a.api.pid, b: nodes.b.api.pid }).toEqual(pids)
    expect(Math.max(...holders.map((now) => now.length))).toBe(1)
    const span = (times: number[]) => (times.length ? Math.max(...times) - Math.min(...times) : 0)
    console.log(
      `faults: two API nodes, PostgreSQL restart (pg_ctl restart -m fast, ${restartMs} ms): node A not ready for ${span(notReady.a ?? [])} ms, node B for ${span(notReady.b ?? [])} ms, both ready ${readyMs} ms after the restart began; the code requested on A logged in on B; indexer leader ${leaderBefore} -> ${leaderAfter} (${electedMs} ms), never two of ${holders.length} samples; indexing caught up ${indexedMs} ms after (cursor ${cursorBefore.number} -> ${kept.number}, no gap, each transaction once)`,
    )
  })

  test('Redis restarted between a code requested on A and entered on B: both nodes live, the login completes, the leader and indexing go on', async () => {
    const leaderBefore = await oneLeader()
    const email = `faults-two-redis-${Date.now()}@example.com`
    expect((await sendOtp(nodes.a.url, email)).status).toBe(200)
    const otp = codeFor(email)

    const failures: string[] = []
    let requests = 0
    let probing = true
    const probe = (async () => {
      while (probing) {
        for (const name of ['a', 'b'] as const) {
          const answer = await status(nodes[name].url, '/projects/v1/origins?projectId=demo')
          requests += 1
          if (answer !== 200) failures.push(`${name} ${answer}`)
        }
        await Harness.sleep(50)
      }
    })()
    const restartedAt = Date.now()
    await redis.shutdown()
    const during = [await pay()]
    await redis.start()
    const restartMs = Date.now() - restartedAt
    await Harness.sleep(1_000)
    probing = false
    await probe

    const verified = await verify(nodes.b.url, email, otp)
    expect(verified.status).toBe(200)
    expect(await user(nodes.a.url, verified.body.token)).toBe(200)
    await bothReady('after the Redis restart')
    const kept = await caughtUp([...during, await pay()])
    expect(await oneLeader()).toBe(leaderBefore)
    expect(failures).toEqual([])
    expect(requests).toBeGreaterThan(10)
    for (const name of ['a', 'b'] as const) {
      expect(nodes[name].api.exited(), `node ${name} is running`).toBeUndefined()
      expect(nodes[name].api.log()).not.toMatch(/Unhandled|uncaught/i)
    }
    expect(Math.max(...holders.map((now) => now.length))).toBe(1)
    console.log(
      `faults: two API nodes, Redis restarted (${restartMs} ms): ${requests} requests to both nodes, 0 failed; the code requested on A logged in on B; leader ${leaderBefore} kept; indexing caught up ${Date.now() - restartedAt} ms after (cursor ${kept.number}, each transaction once)`,
    )
  })
})
