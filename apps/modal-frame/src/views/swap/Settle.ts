import * as BlockchainApi from '../../account/BlockchainApi.js'
import * as Queries from '../../account/Queries.js'
import * as Chain from '../../chain/Chain.js'

/** How often the history is asked again for the swap, and how long at most. */
const INTERVAL_MS = 1_000
const TIMEOUT_MS = 60_000

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Follows a swap that went out: waits for its receipt, then until the history lists it (as a trade),
 * then reads the balances of both tokens again (forceUpdate) and the history. Gives up quietly after
 * {@link TIMEOUT_MS}; the balances are read again either way.
 */
export async function settle(options: {
  queries: Queries.Queries
  scope: Queries.Scope
  hash: `0x${string}`
  /** CAIP-10 tokens whose balances the API must read again. */
  tokens: string[]
}): Promise<'indexed' | 'timeout'> {
  const { scope, hash } = options
  const deadline = Date.now() + TIMEOUT_MS
  let outcome: 'indexed' | 'timeout' = 'timeout'
  try {
    await Chain.client(scope.context, scope.chainId)
      .waitForTransactionReceipt({ hash, pollingInterval: INTERVAL_MS, timeout: TIMEOUT_MS })
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
      await sleep(INTERVAL_MS)
    }
  } finally {
    await options.queries.refresh(scope, options.tokens)
  }
  return outcome
}
