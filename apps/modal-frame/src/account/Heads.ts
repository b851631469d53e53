import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useController } from '../controller/context.js'
import { useStore } from '../store/useStore.js'
import type * as BlockchainApi from './BlockchainApi.js'
import { useQueries } from './Context.js'
import * as Queries from './Queries.js'

/**
 * Fresh balances while a view that shows them is open (Account, Send, Swap): the chain's head is asked
 * through the RPC proxy every second, and at once when the modal opens or the view mounts; each head
 * not seen before has the balances read again (Queries.onHead). Funds that arrive show within about a
 * second of their block, and an Account view opened after a block shows what the chain holds, while
 * the portfolio cache (30 s) still spares the API whenever no block came.
 */

/** How often the head is asked while the view is open. */
const HEAD_POLL_MS = 1000

/** `eth_blockNumber` of `chainId` through the RPC proxy (viem loads with the first read). */
async function head(context: BlockchainApi.Context, chainId: number): Promise<string> {
  const Chain = await import('../chain/Chain.js')
  return Chain.client(context, chainId).request({ method: 'eth_blockNumber' })
}

/** Follows the head of `scope`'s chain while the modal is open; an EVM scope only. */
export function useFreshBalances(scope: Queries.Scope) {
  const controller = useController()
  const queries = useQueries()
  const { open } = useStore(controller.modal)
  const latest = useQuery({
    queryKey: ['head', Queries.caip2(scope.chainId), scope.context.apiUrl],
    queryFn: () => head(scope.context, scope.chainId),
    enabled: open,
    refetchInterval: HEAD_POLL_MS,
    staleTime: 0,
    retry: false,
  })
  useEffect(() => {
    if (latest.data !== undefined) queries.onHead(scope, BigInt(latest.data))
  }, [latest.data, scope, queries])
}
