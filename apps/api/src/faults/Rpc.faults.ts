import pg from 'pg'
import { type Hex, parseGwei } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import * as Harness from './Harness.js'

// Issue 24: an RPC upstream stopped, then hanging, under a running API process (src/main.ts on a
// PostgreSQL cluster made here with initdb) whose indexer follows a real Hardhat node of the devnet.
// Chain 31337 has one upstream, reached through a pass-through this test switches between forwarding,
// refusing (the port closed, as when the node's process is gone: a killed Hardhat node would lose its
// chain, so the node itself keeps running behind it) and hanging (accepts, never answers). Chain 31338
// has two real nodes: the first is frozen (SIGSTOP: it accepts and never answers), then killed
// (SIGKILL), and the proxy falls back to the second. The API must never die, answer the error shapes
// (the proxy's JSON-RPC -32010 'Upstream unavailable' with 502, the account reads' 502
// upstream_unavailable), each with Retry-After: 4 (one fallback ping cycle), and never take longer than the spec's HTTP RPC timeout (10 s) per upstream; a
// send across the fault fails clearly and succeeds on retry; the indexer resumes from its last block
// with no gap and no duplicate rows. Nothing is mocked.

if (!Harness.PG_BIN)
  console.warn('faults: no PostgreSQL binaries under /usr/lib/postgresql/*/bin; RPC upstream faults skipped')

/** Spec section 9: the HTTP RPC timeout, per upstream attempt. */
const HTTP_RPC_TIMEOUT_MS = 10_000
/** Hardhat's first funded account (the standard test mnemonic), and a second one to pay. */
const SENDER = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
const RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
/** Hardhat's third account: pays straight to the node while the API cannot reach it. */
const BYSTANDER = privateKeyToAccount('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a')
/** Retry-After of those 502s: one fallback ping cycle (rpc/Upstreams.ts). */
const RETRY_AFTER = '4'
const UPSTREAM_UNAVAILABLE = (chainId: string) => ({
  status: 502,
  body: {
    jsonrpc: '2.0',
    id: null,
    error: { code: -32010, message: 'Upstream unavailable', data: { chainId } },
  },
})

describe.skipIf(!Harness.PG_BIN)(
  'RPC upstreams stopped and hanging under a running API process',
  { timeout: 180_000 },
  () => {
    let db: ReturnType<typeof Harness.cluster>
    let node: Awaited<ReturnType<typeof Harness.hardhatNode>>
    let gate: Awaited<ReturnType<typeof Harness.gate>>
    let first: Awaited<ReturnType<typeof Harness.hardhatNode>>
    let second: Awaited<ReturnType<typeof Harness.hardhatNode>>
    let restarted: Awaited<ReturnType<typeof Harness.hardhatNode>> | undefined
    let api: ReturnType<typeof Harness.api>
    let apiUrl = ''
    let nonce = 0
    let bystanderNonce = 0

    /** A JSON-RPC request through the API's proxy, timed. */
    async function proxy(chainId: string, method: string, params: unknown[] = []) {
      const started = Date.now()
      const response = await fetch(`${apiUrl}/v1/?chainId=${chainId}&projectId=demo`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 7, method, params }),
        signal: AbortSignal.timeout(60_000),
      })
      // biome-ignore lint/suspicious/noExplicitAny: tests read bodies loosely
      const body = (await response.json()) as any
      return {
        status: response.status,
        body,
        retryAfter: response.headers.get('retry-after'),
        ms: Date.now() - started,
      }
    }
    /** The balance read of a fresh address (so no cached answer), timed. */
    async function balance() {
      const address = privateKeyToAccount(generatePrivateKey()).address
      const started = Date.now()
      const response = await fetch(
        `${apiUrl}/v1/account/${address}/balance?projectId=demo&currency=usd&chainId=eip155:31337`,
        { signal: AbortSignal.timeout(60_000) },
      )
      // biome-ignore lint/suspicious/noExplicitAny: tests read bodies loosely
      const body = (await response.json()) as any
      return {
        status: response.status,
        body: Harness.withoutRequestId(body),
        retryAfter: response.headers.get('retry-after'),
        ms: Date.now() - started,
      }
    }
    /** A signed payment of 1 wei from the sender with the next nonce. */
    const payment = () =>
      SENDER.signTransaction({
        chainId: 31337,
        type: 'eip1559',
        nonce: nonce++,
        to: RECIPIENT,
        value: 1n,
        gas: 21_000n,
        maxFeePerGas: parseGwei('100'),
        maxPriorityFeePerGas: parseGwei('1'),
      })
    const bystanderPayment = () =>
      BYSTANDER.signTransaction({
        chainId: 31337,
        type: 'eip1559',
        nonce: bystanderNonce++,
        to: RECIPIENT,
        value: 1n,
        gas: 21_000n,
        maxFeePerGas: parseGwei('100'),
        maxPriorityFeePerGas: parseGwei('1'),
      })
    const send = (raw: Hex) => proxy('eip155:31337', 'eth_sendRawTransaction', [raw])
    /** What the indexer kept of chain 31337: its cursor, the blocks kept, the transactions of `hashes`. */
    async function indexed(hashes: string[] = []) {
      const client = new pg.Client({ connectionString: db.url('frontdoor') })
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
    /** The node's own head and transaction count (read from the node, not through the API). */
    async function chainTotals() {
      const head = Number(await Harness.rpc<string>(node.url, 'eth_blockNumber'))
      let transactions = 0
      for (let n = 0; n <= head; n++) {
        const block = await Harness.rpc<{ transactions: string[] }>(node.url, 'eth_getBlockByNumber', [
          `0x${n.toString(16)}`,
          false,
        ])
        transactions += block?.transactions.length ?? 0
      }
      return { head, transactions }
    }
    /** Waits until the indexer kept every block and transaction of the node, then checks no gap and no duplicate. */
    async function caughtUp(hashes: string[]) {
      const totals = await chainTotals()
      const kept = await api.until(
        `the indexer to reach block ${totals.head}`,
        async () => {
          const now = await indexed(hashes)
          return now.number >= totals.head ? now : undefined
        },
        60_000,
      )
      expect(kept.lowest).toBe(0)
      expect(kept.blocks).toBe(kept.number + 1)
      expect(kept.transactions).toBe(totals.transactions)
      for (const hash of hashes) expect(kept.rows[hash.toLowerCase()], `${hash} indexed once`).toBe(1)
      return kept
    }

    beforeAll(async () => {
      db = Harness.cluster(Harness.PG_BIN as string, await Harness.freePort())
      db.start()
      db.createDb('frontdoor')
      ;[node, first, second] = await Promise.all([
        Harness.freePort().then((port) => Harness.hardhatNode(port, 31337)),
        Harness.freePort().then((port) => Harness.hardhatNode(port, 31338)),
        Harness.freePort().then((port) => Harness.hardhatNode(port, 31338)),
      ])
      gate = await Harness.gate(node.url)
      apiUrl = `http://127.0.0.1:${await Harness.freePort()}`
      api = Harness.api({
        API_URL: apiUrl,
        DATABASE_URL: db.url('frontdoor'),
        RPC_UPSTREAMS_31337: gate.url,
        RPC_UPSTREAMS_31338: `${first.url},${second.url}`,
        INDEXER_CHAINS: 'eip155:31337',
        METRICS_TOKEN: 'faults-metrics',
      })
      await api.until(
        'the API to be ready',
        async () =>
          (await fetch(`${apiUrl}/readyz`).catch(() => undefined))?.status === 200 ? true : undefined,
        60_000,
      )
    }, 150_000)

    afterAll(async () => {
      await api?.stop()
      await gate?.close()
      await Promise.all([node, first, second, restarted].map((each) => each?.kill()))
      db?.stop()
    }, 60_000)

    test('the only upstream stopped (connections refused), then back: 502s at once, the API lives, the send succeeds on retry, the indexer resumes with no gap', async () => {
      // Before: served, a payment sent through the proxy and indexed.
      expect((await proxy('eip155:31337', 'eth_blockNumber')).status).toBe(200)
      const paid = await send(await payment())
      expect(paid.status).toBe(200)
      const before = await caughtUp([paid.body.result])
      expect((await balance()).status).toBe(200)

      await gate.set('refuse')
      const stoppedAt = Date.now()
      const blockNumber = await proxy('eip155:31337', 'eth_blockNumber')
      expect({ status: blockNumber.status, body: blockNumber.body }).toEqual(
        UPSTREAM_UNAVAILABLE('eip155:31337'),
      )
      expect(blockNumber.ms).toBeLessThan(2_000)
      expect(blockNumber.retryAfter).toBe(RETRY_AFTER)
      const raw = await payment()
      const refused = await send(raw)
      expect({ status: refused.status, body: refused.body }).toEqual(UPSTREAM_UNAVAILABLE('eip155:31337'))
      const read = await balance()
      expect(read.status).toBe(502)
      expect(read.body.error.code).toBe('upstream_unavailable')
      expect(read.retryAfter).toBe(RETRY_AFTER)
      expect(read.ms).toBeLessThan(2_000)
      // The chain goes on without us: a payment straight to the node, which the indexer must not miss.
      const direct = await Harness.rpc<string>(node.url, 'eth_sendRawTransaction', [await bystanderPayment()])
      expect(direct).toMatch(/^0x[0-9a-f]{64}$/)
      await Harness.sleep(3_000)
      expect(api.exited()).toBeUndefined()
      expect((await fetch(`${apiUrl}/healthz`)).status).toBe(200)
      expect(api.log()).toContain('indexer: step failed; retrying')
      expect(api.log()).toContain('rpc: upstream failed; trying the next')

      await gate.set('forward')
      const backAt = Date.now()
      const retried = await send(raw)
      expect(retried.status).toBe(200)
      expect(retried.body.result).toMatch(/^0x[0-9a-f]{64}$/)
      const servedMs = Date.now() - backAt
      const after = await caughtUp([paid.body.result, retried.body.result, direct as string])
      const indexedMs = Date.now() - backAt
      expect(after.number).toBeGreaterThan(before.number)
      expect(api.log()).not.toContain('rewinding')
      console.log(
        `faults: RPC upstream refusing for ${backAt - stoppedAt} ms: proxy 502 -32010 in ${blockNumber.ms} ms, balance 502 in ${read.ms} ms; served again ${servedMs} ms after it was back, indexing caught up ${indexedMs} ms after (cursor ${before.number} -> ${after.number}, no gap, each transaction once)`,
      )
    })

    test('the only upstream hangs (accepts, never answers): 502 after the 10 s RPC timeout, never longer; back: the send succeeds on retry, indexed once', async () => {
      await gate.set('hang')
      const hungAt = Date.now()
      const raw = await payment()
      const [blockNumber, sent, read] = await Promise.all([
        proxy('eip155:31337', 'eth_blockNumber'),
        send(raw),
        balance(),
      ])
      for (const answer of [blockNumber, sent, read]) {
        expect(answer.status).toBe(502)
        expect(answer.retryAfter).toBe(RETRY_AFTER)
        expect(answer.ms).toBeGreaterThanOrEqual(HTTP_RPC_TIMEOUT_MS - 500)
        expect(answer.ms).toBeLessThan(HTTP_RPC_TIMEOUT_MS + 2_500)
      }
      expect({ status: sent.status, body: sent.body }).toEqual(UPSTREAM_UNAVAILABLE('eip155:31337'))
      expect(read.body.error.code).toBe('upstream_unavailable')
      expect(api.exited()).toBeUndefined()
      expect((await fetch(`${apiUrl}/healthz`, { signal: AbortSignal.timeout(2_000) })).status).toBe(200)

      await gate.set('forward')
      const backAt = Date.now()
      const retried = await send(raw)
      expect(retried.status).toBe(200)
      const kept = await caughtUp([retried.body.result])
      console.log(
        `faults: RPC upstream hanging for ${backAt - hungAt} ms: proxy ${blockNumber.ms} ms, send ${sent.ms} ms, balance ${read.ms} ms, each a 502; indexing caught up ${Date.now() - backAt} ms after it answered again (cursor ${kept.number})`,
      )
    })

    test('two upstreams, the preferred frozen, then the other killed: the proxy falls back, no request fails; both killed: 502, one back: served', async () => {
      // The two nodes told apart by their heads: the second is 5 blocks ahead.
      await Harness.rpc(second.url, 'hardhat_mine', ['0x5'])
      const nodes = { '0x0': first, '0x5': second }
      type Head = keyof typeof nodes
      const ask = async () => {
        const answer = await proxy('eip155:31338', 'eth_blockNumber')
        expect(answer.status).toBe(200)
        expect(answer.ms).toBeLessThan(HTTP_RPC_TIMEOUT_MS + 2_500)
        return { head: answer.body.result as Head, ms: answer.ms }
      }
      const failuresOf = async () => {
        const text = await (
          await fetch(`${apiUrl}/metrics`, { headers: { authorization: 'Bearer faults-metrics' } })
        ).text()
        return Number(
          /frontdoor_rpc_upstream_failures_total\{chain="eip155:31338"\} (\d+)/.exec(text)?.[1] ?? 0,
        )
      }

      // The node the proxy prefers now is frozen (SIGSTOP: its port accepts, nothing answers). A request
      // tries it for up to 10 s, then the other answers; once the pings (every 4 s, 2 s timeout) rank it
      // down, requests go straight to the other.
      const preferred = (await ask()).head
      const other: Head = preferred === '0x0' ? '0x5' : '0x0'
      const failedBefore = await failuresOf()
      nodes[preferred].freeze()
      const frozenAt = Date.now()
      const frozen: number[] = []
      while (Date.now() - frozenAt < 16_000) {
        const answer = await ask()
        expect(answer.head).toBe(other)
        frozen.push(answer.ms)
        await Harness.sleep(250)
      }
      for (const ms of frozen.slice(-5)) expect(ms).toBeLessThan(1_000)
      nodes[preferred].thaw()
      expect(await failuresOf()).toBeGreaterThan(failedBefore)

      // The node serving now is killed (SIGKILL): refused at once, the thawed one answers every request.
      await nodes[other].kill()
      const killed: number[] = []
      for (let i = 0; i < 10; i++) {
        const answer = await ask()
        expect(answer.head).toBe(preferred)
        killed.push(answer.ms)
      }
      expect(Math.max(...killed)).toBeLessThan(2_000)
      expect(api.exited()).toBeUndefined()

      // Both killed: 502 at once. A node started again on a killed one's port: served again, no API restart.
      await nodes[preferred].kill()
      const down = await proxy('eip155:31338', 'eth_blockNumber')
      expect({ status: down.status, body: down.body }).toEqual(UPSTREAM_UNAVAILABLE('eip155:31338'))
      expect(down.retryAfter).toBe(RETRY_AFTER)
      expect(down.ms).toBeLessThan(2_000)
      restarted = await Harness.hardhatNode(Number(new URL(nodes[other].url).port), 31338)
      const upAt = Date.now()
      const back = await api.until('the proxy to answer again', async () => {
        const answer = await proxy('eip155:31338', 'eth_blockNumber')
        return answer.status === 200 ? answer : undefined
      })
      expect(back.body.result).toBe('0x0')
      const servedMs = Date.now() - upAt
      const metrics = await (
        await fetch(`${apiUrl}/metrics`, { headers: { authorization: 'Bearer faults-metrics' } })
      ).text()
      expect(metrics).toMatch(/frontdoor_rpc_upstream_failures_total\{chain="eip155:31337"\} [1-9]/)
      expect(metrics).toMatch(/frontdoor_indexer_step_failures_total\{chain="eip155:31337"\} [1-9]/)
      console.log(
        `faults: RPC fallback, the preferred of two upstreams frozen: ${frozen.filter((ms) => ms > 1_000).length} of ${frozen.length} requests slow (at most ${Math.max(...frozen)} ms), none failed, fast again ${frozen.findLastIndex((ms) => ms > 1_000) >= 0 ? 'after the pings ranked it down' : 'at once'}; the other killed: at most ${Math.max(...killed)} ms, none failed; both killed: 502 in ${down.ms} ms; a node started again on its port served ${servedMs} ms after it answered`,
      )
    })
  },
)
