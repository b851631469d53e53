import * as Errors from '@frontdoor/schemas/errors'
import * as Chain from '../chain/Chain.js'
import * as Toast from '../ui/Toast.js'
import * as BlockchainApi from './BlockchainApi.js'
import type * as Pending from './Pending.js'
import * as Queries from './Queries.js'

/** Options of {@link settle}. */
export type Options = {
  queries: Queries.Queries
  scope: Queries.Scope
  hash: string
  /** CAIP-10 tokens whose balances the API must read again. */
  tokens: string[]
  /** The pending sends the transaction is dropped from once settled (a send; a swap has none). */
  pending?: Pending.Pending
  /** How often the chain and the history are asked again. */
  intervalMs?: number
  /** How long to wait for the transaction to be mined, then to be indexed. */
  timeoutMs?: number
  /** Told the receipt's status once mined, or undefined when none came in time (a payment's outcome). */
  onMined?: (status: 'success' | 'reverted' | undefined) => void
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Follows a transaction that went out (a send, a swap): waits for its receipt, then until the history
 * lists it, then reads the balances of `tokens` again (forceUpdate) and drops it from the pending sends.
 * A receipt that says reverted shows the 'Execution reverted' toast (the wallet took the transaction,
 * the chain did not); its history and balances are read again all the same (it cost gas). Gives up
 * quietly after the timeout (the pending entry goes; the next read shows what the API knows).
 */
export async function settle(options: Options): Promise<'indexed' | 'timeout'> {
  const { queries, scope, hash, pending } = options
  const interval = options.intervalMs ?? 1000
  const deadline = Date.now() + (options.timeoutMs ?? 120_000)
  let outcome: 'indexed' | 'timeout' = 'timeout'
  try {
    // Mined (or the wait ran out: the history is then not asked for either).
    const receipt = await Chain.client(scope.context, scope.chainId)
      .waitForTransactionReceipt({
        hash: hash as `0x${string}`,
        pollingInterval: interval,
        timeout: Math.max(0, deadline - Date.now()),
      })
      .catch(() => null)
    if (receipt?.status === 'reverted') Toast.frame.show(Errors.EXECUTION_REVERTED, 'error')
    options.onMined?.(receipt?.status)
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
    pending?.remove(hash)
    await queries.refresh(scope, options.tokens)
  }
  return outcome
}
