import * as BlockchainApi from '../../account/BlockchainApi.js'
import type * as Pending from '../../account/Pending.js'
import * as Queries from '../../account/Queries.js'
import * as Chain from '../../chain/Chain.js'

/** Options of {@link settle}. */
export type Options = {
  queries: Queries.Queries
  scope: Queries.Scope
  hash: string
  /** CAIP-10 tokens whose balances the API must read again. */
  tokens: string[]
  pending: Pending.Pending
  /** How often the chain and the history are asked again. */
  intervalMs?: number
  /** How long to wait for the transaction to be mined, then to be indexed. */
  timeoutMs?: number
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Follows a sent transaction: waits for its receipt, then until the history lists it, then reads the
 * balances again (forceUpdate) and drops it from the pending sends. Gives up quietly after the timeout
 * (the pending entry goes; the next read shows what the API knows).
 */
export async function settle(options: Options): Promise<'indexed' | 'timeout'> {
  const { queries, scope, hash, pending } = options
  const interval = options.intervalMs ?? 1000
  const deadline = Date.now() + (options.timeoutMs ?? 120_000)
  let outcome: 'indexed' | 'timeout' = 'timeout'
  try {
    // Mined (or the wait ran out: the history is then not asked for either).
    await Chain.client(scope.context, scope.chainId)
      .waitForTransactionReceipt({
        hash: hash as `0x${string}`,
        pollingInterval: interval,
        timeout: Math.max(0, deadline - Date.now()),
      })
      .catch(() => null)
    while (Date.now() < deadline) {
      const page = await BlockchainApi.history(
        scope.context,
        scope.address,
        Queries.caip2(scope.chainId),
      ).catch(() => undefined)
      if (page?.data.some((tx) => tx.metadata.hash.toLowerCase() === hash.toLowerCase())) {
        outcome = 'indexed'
        break
      }
      await sleep(interval)
    }
  } finally {
    pending.remove(hash)
    await queries.refresh(scope, options.tokens)
  }
  return outcome
}
