import { Retry } from '@frontdoor/schemas'
import type { Logger } from 'pino'
import type * as Db from '../db/Db.js'
import type * as Upstreams from '../rpc/Upstreams.js'
import * as ChainRpc from './ChainRpc.js'
import * as Decode from './Decode.js'
import * as Leader from './Leader.js'
import * as Metadata from './Metadata.js'
import * as Registry from './Registry.js'
import * as Store from './Store.js'

/** How often a caught-up indexer asks for new blocks. */
export const POLL_MS = 1_000
/** Blocks fetched and stored per step (one `eth_getLogs` range, one batch of blocks). */
export const BATCH_BLOCKS = 200
/** How often a node that is not the chain's indexer tries to become it. */
export const LEADER_RETRY_MS = 5_000
/** Kept block hashes compared per request while looking for the common ancestor of a reorg. */
const ANCESTOR_BATCH = 100

/** The indexers of every followed chain, running in the API process. */
export type Indexer = {
  /** Starts following every chain (polling, one leader per chain across API nodes). */
  start: () => void
  /** Stops and waits for the steps under way to finish. */
  stop: () => Promise<void>
  /**
   * Indexes `chainId` up to its current head now, without taking the leader lock (tests, the CLI);
   * resolves to the new cursor.
   */
  sync: (chainId: string) => Promise<Store.Cursor>
  /** The chains followed (CAIP-2). */
  chains: () => string[]
}

/** What {@link create} follows, through what, and how fast. */
export type Options = {
  db: Db.Db
  upstreams: Upstreams.Upstreams
  /** CAIP-2 ids of the chains to follow. */
  chains: readonly string[]
  logger: Logger
  pollMs?: number
  batchBlocks?: number
  leaderRetryMs?: number
  /** Called for each step that failed (metrics count them). */
  onStepFailure?: (chainId: string) => void
}

/** What one step did: stored blocks (and the head is further), stored up to the head, or rewound. */
type Step = 'behind' | 'caught-up' | 'rewound'

const hex = (n: number) => `0x${n.toString(16)}`

/** Resolves after `ms`, or at once when `signal` aborts. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve()
    const timer = setTimeout(done, ms)
    function done() {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve()
    }
    signal.addEventListener('abort', done)
  })
}

/**
 * Creates the indexers. Each follows its chain through the API's upstreams: it reads blocks with their
 * transactions and the Transfer / Approval / ApprovalForAll (and WETH Deposit / Withdrawal) logs of a
 * range, the receipts of the transactions that logged nothing (their status) and of contract creations,
 * reads metadata of new tokens and NFT items, and stores all of it with the moved cursor in one
 * transaction. A cursor block the chain no longer has (a reorg, a devnet reset) rewinds to the newest
 * kept block the chain still has, or to the start.
 *
 * @example
 * const indexer = Indexer.create({ db, upstreams, chains: ['eip155:31337'], logger })
 * indexer.start()
 * await indexer.stop()
 */
export function create(options: Options): Indexer {
  const { db, logger } = options
  const orm = db.orm
  const pollMs = options.pollMs ?? POLL_MS
  const batchBlocks = options.batchBlocks ?? BATCH_BLOCKS
  const leaderRetryMs = options.leaderRetryMs ?? LEADER_RETRY_MS
  const chains = [...options.chains]

  async function recover(rpc: ChainRpc.ChainRpc, cursor: Store.Cursor, head: number): Promise<Step> {
    const kept = await Store.keptBlocks(orm, rpc.chainId, Math.min(cursor.number, head))
    let ancestor: Store.Cursor = { number: -1, hash: '' }
    search: for (let start = 0; start < kept.length; start += ANCESTOR_BATCH) {
      const chunk = kept.slice(start, start + ANCESTOR_BATCH)
      const onChain = await rpc.batch<Decode.RpcBlock | null>(
        chunk.map((block) => ({ method: 'eth_getBlockByNumber', params: [hex(block.number), false] })),
      )
      for (const [i, block] of chunk.entries())
        if (onChain[i]?.hash.toLowerCase() === block.hash) {
          ancestor = block
          break search
        }
    }
    logger.warn(
      { chainId: rpc.chainId, from: cursor.number, to: ancestor.number, head },
      'indexer: the chain no longer has the indexed blocks (reorg or reset); rewinding',
    )
    await Store.rewind(orm, rpc.chainId, cursor, ancestor)
    return 'rewound'
  }

  async function step(rpc: ChainRpc.ChainRpc): Promise<Step> {
    const chain = Registry.of(rpc.chainId)
    const cursor = await Store.cursor(orm, rpc.chainId)
    const latest = await rpc.call<Decode.RpcBlock>('eth_getBlockByNumber', ['latest', false])
    const head = Number(latest.number)
    if (head < cursor.number || (head === cursor.number && latest.hash.toLowerCase() !== cursor.hash))
      return recover(rpc, cursor, head)
    if (head === cursor.number) return 'caught-up'
    const from = cursor.number + 1
    const to = Math.min(head, from + batchBlocks - 1)
    const numbers = Array.from({ length: to - from + 1 }, (_, i) => from + i)
    const [blocks, logs] = await Promise.all([
      rpc.batch<Decode.RpcBlock | null>(
        numbers.map((n) => ({ method: 'eth_getBlockByNumber', params: [hex(n), true] })),
      ),
      rpc.call<Decode.RpcLog[]>('eth_getLogs', [
        { fromBlock: hex(from), toBlock: hex(to), topics: [Decode.LOG_TOPICS] },
      ]),
    ])
    const first = blocks[0]
    if (!first || blocks.some((block) => !block))
      throw new Error(`blocks ${from}-${to} went missing while reading`)
    if (cursor.number >= 0 && !Decode.hasParent(first, cursor.hash)) return recover(rpc, cursor, head)
    const read = blocks as Decode.RpcBlock[]
    const problem = Decode.inconsistency(read, logs)
    if (problem) throw new Error(`blocks ${from}-${to} changed while reading: ${problem}`)
    const logged = new Set(logs.map((log) => log.transactionHash.toLowerCase()))
    const needReceipts = read
      .flatMap((block) => block.transactions)
      .filter((tx) => tx.to === null || !logged.has(tx.hash.toLowerCase()))
    const receipts = await rpc.batch<Decode.RpcReceipt | null>(
      needReceipts.map((tx) => ({ method: 'eth_getTransactionReceipt', params: [tx.hash] })),
    )
    const receiptMap = new Map<string, Decode.RpcReceipt>()
    for (const receipt of receipts) {
      if (!receipt) throw new Error(`a receipt of blocks ${from}-${to} went missing while reading`)
      receiptMap.set(receipt.transactionHash.toLowerCase(), receipt)
    }
    const decoded = Decode.decode({ chain, blocks: read, logs, receipts: receiptMap })
    const stored = await Store.storedTokens(orm, rpc.chainId, [...decoded.tokens.keys()])
    const newTokens = new Map([...decoded.tokens].filter(([address]) => !stored.has(address)))
    const storedItems = await Store.storedItems(orm, rpc.chainId, [...decoded.nftItems])
    const newItems = [...decoded.nftItems].filter((key) => !storedItems.has(key))
    const [tokens, nftItems] = await Promise.all([
      newTokens.size ? Metadata.tokens(rpc, newTokens) : [],
      newItems.length ? Metadata.nftItems(rpc, newItems) : [],
    ])
    await Store.write(orm, { chainId: rpc.chainId, expected: cursor, decoded, tokens, nftItems })
    logger.debug(
      {
        chainId: rpc.chainId,
        from,
        to,
        transactions: decoded.transactions.length,
        transfers: decoded.transfers.length,
      },
      'indexer: stored blocks',
    )
    return to === head ? 'caught-up' : 'behind'
  }

  const controller = new AbortController()
  let running: Promise<void>[] = []

  async function follow(chainId: string, signal: AbortSignal) {
    const rpc = ChainRpc.create(options.upstreams, chainId)
    let failures = 0
    while (!signal.aborted) {
      try {
        const led = await Leader.run(db, `indexer:${chainId}`, async (alive) => {
          logger.info({ chainId }, 'indexer: following the chain')
          while (!signal.aborted) {
            await alive()
            let state: Step
            try {
              state = await step(rpc)
              failures = 0
            } catch (error) {
              // Another writer stored the range first: read the cursor again.
              if (error instanceof Store.CursorMoved) continue
              failures += 1
              options.onStepFailure?.(chainId)
              logger.warn({ chainId, err: error, failures }, 'indexer: step failed; retrying')
              await sleep(Retry.retryDelayMs(failures - 1), signal)
              continue
            }
            if (state === 'caught-up') await sleep(pollMs, signal)
          }
        })
        if (!led) await sleep(leaderRetryMs, signal)
      } catch (error) {
        if (signal.aborted) break
        logger.warn({ chainId, err: error }, 'indexer: lost the chain; trying again')
        await sleep(leaderRetryMs, signal)
      }
    }
  }

  return {
    chains: () => [...chains],
    start() {
      if (running.length || controller.signal.aborted) return
      running = chains.map((chainId) => follow(chainId, controller.signal))
    },
    async stop() {
      controller.abort()
      await Promise.allSettled(running)
    },
    async sync(chainId) {
      const rpc = ChainRpc.create(options.upstreams, chainId)
      for (;;) {
        try {
          if ((await step(rpc)) === 'caught-up') return Store.cursor(orm, chainId)
        } catch (error) {
          if (!(error instanceof Store.CursorMoved)) throw error
        }
      }
    },
  }
}
