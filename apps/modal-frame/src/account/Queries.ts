import * as Caip from '@frontdoor/schemas/caip'
import * as Constants from '@frontdoor/schemas/constants'
import * as Errors from '@frontdoor/schemas/errors'
import * as Retry from '@frontdoor/schemas/retry'
import { infiniteQueryOptions, QueryCache, QueryClient, queryOptions } from '@tanstack/react-query'
import * as Api from '../api/Api.js'
import * as Toast from '../ui/Toast.js'
import * as BalanceLock from './BalanceLock.js'
import * as BlockchainApi from './BlockchainApi.js'

/**
 * The account views' server state (TanStack Query): balances, history, identity, names and NFTs, with
 * the caches of spec section 9, the client retry policy of spec section 4, the 'Token Balance
 * Unavailable' toast with its 30 s retry lock and the 'Failed to fetch transactions' toast.
 */

/** Whose data, on which chain, from which API. */
export type Scope = { context: BlockchainApi.Context; address: string; chainId: number }

/** The CAIP-2 id of an EVM chain. */
export const caip2 = (chainId: number) => Caip.formatCaip2('eip155', chainId)

/** What a failed query of this kind does once its retries are spent. */
type Meta = { kind: 'balance' | 'history' }

/**
 * Whether a failed request is worth another try: network failures, 429 and 5xx are; a blocked
 * balance, another 4xx or an answer of the wrong shape are not.
 */
function retriable(error: unknown): boolean {
  if (error instanceof BalanceLock.Locked) return false
  if (error instanceof Api.HttpError) return error.status === 429 || error.status >= 500
  return error instanceof TypeError
}

/** Query keys, so a view and the Send flow name the same data. */
const keys = {
  balance: (scope: Scope) => ['balance', scope.address.toLowerCase(), caip2(scope.chainId)] as const,
  history: (scope: Scope) => ['history', scope.address.toLowerCase(), caip2(scope.chainId)] as const,
  identity: (address: string) => ['identity', address.toLowerCase()] as const,
  profile: (name: string) => ['profile', name.toLowerCase()] as const,
  nfts: (scope: Scope) => ['nfts', scope.address.toLowerCase(), caip2(scope.chainId)] as const,
}

/** Options of {@link create}. */
export type Options = { toasts?: Toast.Toasts; lock?: BalanceLock.BalanceLock }

/**
 * Creates the query client and the query definitions of the account views.
 *
 * @example
 * const queries = Queries.create()
 * useQuery(queries.balance(scope))
 */
export function create(options: Options = {}) {
  const toasts = options.toasts ?? Toast.frame
  const lock = options.lock ?? BalanceLock.create()
  /** CAIP-10 tokens the next balance read of a key must ask the API to read again (after a send). */
  const forced = new Map<string, Set<string>>()
  const lockKey = (key: readonly unknown[]) => JSON.stringify(key)

  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError(error, query) {
        const meta = query.meta as Meta | undefined
        if (error instanceof BalanceLock.Locked) return
        if (meta?.kind === 'balance') {
          lock.lock(lockKey(query.queryKey))
          toasts.show(Errors.TOKEN_BALANCE_UNAVAILABLE, 'error')
        } else if (meta?.kind === 'history') toasts.show(Errors.FAILED_TO_FETCH_TRANSACTIONS, 'error')
      },
    }),
    defaultOptions: {
      queries: {
        // Spec section 4: 3 retries on the client, 1 s doubled up to 30 s, paused while offline.
        retry: (failures, error) => failures < Retry.retryCount('client') && retriable(error),
        retryDelay: (attempt) => Retry.retryDelayMs(attempt),
        networkMode: 'online',
        refetchOnWindowFocus: false,
      },
    },
  })

  return {
    client,
    lock,
    /** Native coin and token balances (portfolio cache: 30 s). 0-decimals tokens are dropped by the view. */
    balance(scope: Scope) {
      const key = keys.balance(scope)
      return queryOptions({
        queryKey: key,
        meta: { kind: 'balance' } satisfies Meta,
        staleTime: Constants.PORTFOLIO_CACHE_S * 1000,
        queryFn: async () => {
          lock.assertOpen(lockKey(key))
          const force = forced.get(lockKey(key))
          forced.delete(lockKey(key))
          const answer = await BlockchainApi.balance(
            scope.context,
            scope.address,
            caip2(scope.chainId),
            force ? [...force] : undefined,
          )
          return answer.balances
        },
      })
    },
    /** The transaction history, page by page (history cache: 15 s). */
    history(scope: Scope) {
      return infiniteQueryOptions({
        queryKey: keys.history(scope),
        meta: { kind: 'history' } satisfies Meta,
        staleTime: Constants.TRANSACTION_HISTORY_CACHE_S * 1000,
        initialPageParam: undefined as string | undefined,
        queryFn: ({ pageParam }) =>
          BlockchainApi.history(scope.context, scope.address, caip2(scope.chainId), pageParam),
        getNextPageParam: (page) => page.next ?? undefined,
      })
    },
    /** The NFTs the account owns on its chain (portfolio cache: 30 s). */
    nfts(scope: Scope) {
      return queryOptions({
        queryKey: keys.nfts(scope),
        staleTime: Constants.PORTFOLIO_CACHE_S * 1000,
        queryFn: async () =>
          (await BlockchainApi.nfts(scope.context, scope.address, caip2(scope.chainId))).nfts,
      })
    },
    /** Name and avatar of an address (identity cache: 5 min). */
    identity(context: BlockchainApi.Context, address: string) {
      return queryOptions({
        queryKey: keys.identity(address),
        staleTime: Constants.IDENTITY_CACHE_S * 1000,
        queryFn: () => BlockchainApi.identity(context, address),
      })
    },
    /** A registered account name and its addresses (names cache: 5 min). */
    profile(context: BlockchainApi.Context, name: string) {
      return queryOptions({
        queryKey: keys.profile(name),
        staleTime: Constants.ENS_CACHE_S * 1000,
        queryFn: () => BlockchainApi.profile(context, name),
      })
    },
    /**
     * After a send: reads the balances again, asking the API to skip its cache for `tokens` (CAIP-10),
     * and the history.
     */
    async refresh(scope: Scope, tokens: string[] = []) {
      const key = lockKey(keys.balance(scope))
      if (tokens.length) forced.set(key, new Set([...(forced.get(key) ?? []), ...tokens]))
      await Promise.all([
        client.invalidateQueries({ queryKey: keys.balance(scope) }),
        client.invalidateQueries({ queryKey: keys.history(scope) }),
        client.invalidateQueries({ queryKey: keys.nfts(scope) }),
      ])
    },
  }
}

export type Queries = ReturnType<typeof create>

let shared: Queries | undefined
/** The frame's queries (one cache for every account view). */
export function frame(): Queries {
  shared ??= create()
  return shared
}
