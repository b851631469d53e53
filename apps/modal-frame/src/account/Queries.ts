import * as Identity from '@frontdoor/schemas/api/identity'
import * as Profile from '@frontdoor/schemas/api/profile'
import * as Caip from '@frontdoor/schemas/caip'
import * as Constants from '@frontdoor/schemas/constants'
import * as Token from '@frontdoor/schemas/entities/token'
import * as Errors from '@frontdoor/schemas/errors'
import * as Retry from '@frontdoor/schemas/retry'
import * as Storage from '@frontdoor/schemas/storage'
import {
  infiniteQueryOptions,
  onlineManager,
  QueryCache,
  QueryClient,
  queryOptions,
} from '@tanstack/react-query'
import * as z from 'zod/mini'
import * as Api from '../api/Api.js'
import * as Online from '../api/Online.js'
import * as Toast from '../ui/Toast.js'
import * as Assets from './Assets.js'
import * as BalanceLock from './BalanceLock.js'
import * as BlockchainApi from './BlockchainApi.js'
import * as Cache from './Cache.js'

/**
 * The account views' server state (TanStack Query): balances, history, identity, names and NFTs, with
 * the caches of spec section 9, the client retry policy of spec section 4, the 'Token Balance
 * Unavailable' toast with its 30 s retry lock and the 'Failed to fetch transactions' toast. Balances,
 * identities and names are also kept in storage (Cache.ts) with their time, so a reload shows them at once.
 */

/**
 * Whose data, on which chain, from which API. `wallet` is set for an embedded wallet: its balances come
 * from its own asset discovery (`wallet_getAssets`), the blockchain API when that fails.
 */
export type Scope = {
  context: BlockchainApi.Context
  address: string
  chainId: number
  wallet?: { request: Assets.Request } | undefined
}

/** The CAIP-2 id of an EVM chain. */
export const caip2 = (chainId: number) => Caip.formatCaip2('eip155', chainId)

/** The native coin's pseudo-address in CAIP-10 token lists (a common convention). */
const NATIVE_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

/** The CAIP-10 id a token goes by in the balance API's `forceUpdate` (the native coin's pseudo-address). */
export function tokenId(token: Pick<Token.TokenBalance, 'address' | 'chainId'>): string {
  return token.address ?? `${token.chainId}:${NATIVE_ADDRESS}`
}

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
  /** A Solana address is case-sensitive: kept as it is. */
  solanaBalance: (address: string, network: string) => ['balance', address, network] as const,
}

/** Where a scope's records are kept: `eip155:<chain>:<address>`, the address in lower case. */
const cacheId = (scope: Scope) => `${caip2(scope.chainId)}:${scope.address.toLowerCase()}`

/** Options of {@link create}. */
export type Options = { toasts?: Toast.Toasts; lock?: BalanceLock.BalanceLock; cache?: Cache.Cache }

/**
 * TanStack Query's online flag follows the browser's from the start (it assumes online until an event
 * otherwise), so queries pause while offline and resume on `online` (spec section 4).
 */
function followBrowserOnline() {
  onlineManager.setEventListener((setOnline) => {
    if (typeof window === 'undefined') return
    setOnline(!Online.isOffline())
    const on = () => setOnline(true)
    const off = () => setOnline(false)
    window.addEventListener('online', on)
    window.addEventListener('offline', off)
    return () => {
      window.removeEventListener('online', on)
      window.removeEventListener('offline', off)
    }
  })
}

/**
 * The stored record of a query, as its initial data with the time it was read (nothing when absent,
 * expired or not of the schema's shape).
 */
function stored<T>(
  cache: Cache.Cache | undefined,
  kind: Storage.CacheKind,
  id: string,
  schema: z.ZodMiniType<T>,
) {
  const entry = () => cache?.read(kind, id, schema)
  return { initialData: () => entry()?.value, initialDataUpdatedAt: () => entry()?.timestamp }
}

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
  const { cache } = options
  followBrowserOnline()
  /** CAIP-10 tokens the next balance read of a key must ask the API to read again (after a send). */
  const forced = new Map<string, Set<string>>()
  const lockKey = (key: readonly unknown[]) => JSON.stringify(key)
  /** The latest head (block number) seen of each chain (CAIP-2), and the head each balance key was read at. */
  const heads = new Map<string, bigint>()
  const readAt = new Map<string, bigint>()

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
        ...stored(cache, Storage.PORTFOLIO_CACHE, cacheId(scope), z.array(Token.TokenBalance)),
        queryFn: async () => {
          lock.assertOpen(lockKey(key))
          const force = forced.get(lockKey(key))
          forced.delete(lockKey(key))
          const head = heads.get(caip2(scope.chainId))
          // After a send the API is asked to read the sent tokens again (forceUpdate), which asset
          // discovery cannot be told: that read goes to the API, later ones to the wallet again.
          const fromWallet =
            scope.wallet && !force
              ? await Assets.fromWallet(scope.wallet.request, scope.address, scope.chainId).catch(
                  () => undefined,
                )
              : undefined
          const balances =
            fromWallet ??
            (
              await BlockchainApi.balance(
                scope.context,
                scope.address,
                caip2(scope.chainId),
                force ? [...force] : undefined,
              )
            ).balances
          cache?.write(Storage.PORTFOLIO_CACHE, cacheId(scope), balances)
          const native = balances.find((balance) => balance.address === undefined)
          if (native) cache?.write(Storage.NATIVE_BALANCE_CACHE, cacheId(scope), native)
          if (head !== undefined) readAt.set(lockKey(key), head)
          return balances
        },
      })
    },
    /**
     * The SOL and SPL balances of a Solana account on cluster `network` (CAIP-2), from the balance API
     * (portfolio cache: 30 s); after a send, {@link refreshSolana} has the API read them again.
     */
    solanaBalance(context: BlockchainApi.Context, address: string, network: string) {
      const key = keys.solanaBalance(address, network)
      return queryOptions({
        queryKey: key,
        meta: { kind: 'balance' } satisfies Meta,
        staleTime: Constants.PORTFOLIO_CACHE_S * 1000,
        queryFn: async () => {
          lock.assertOpen(lockKey(key))
          const force = forced.get(lockKey(key))
          forced.delete(lockKey(key))
          const answer = await BlockchainApi.balance(
            context,
            address,
            network,
            force ? [...force] : undefined,
          )
          return answer.balances
        },
      })
    },
    /** After a Solana send: reads the balances again, the API told to skip its cache for `tokens` (CAIP-10). */
    async refreshSolana(address: string, network: string, tokens: string[]) {
      const queryKey = keys.solanaBalance(address, network)
      if (tokens.length) forced.set(lockKey(queryKey), new Set(tokens))
      await client.invalidateQueries({ queryKey })
    },
    /** The transaction history, page by page (history cache: 15 s); with `onramp`, the purchases too. */
    history(scope: Scope, onramp?: string) {
      return infiniteQueryOptions({
        queryKey: keys.history(scope),
        meta: { kind: 'history' } satisfies Meta,
        staleTime: Constants.TRANSACTION_HISTORY_CACHE_S * 1000,
        initialPageParam: undefined as string | undefined,
        queryFn: ({ pageParam }) =>
          BlockchainApi.history(scope.context, scope.address, caip2(scope.chainId), pageParam, onramp),
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
        ...stored(cache, Storage.IDENTITY_CACHE, address.toLowerCase(), Identity.IdentityResponse),
        queryFn: async () => {
          const identity = await BlockchainApi.identity(context, address)
          cache?.write(Storage.IDENTITY_CACHE, address.toLowerCase(), identity)
          return identity
        },
      })
    },
    /** A registered account name and its addresses (names cache: 5 min). */
    profile(context: BlockchainApi.Context, name: string) {
      return queryOptions({
        queryKey: keys.profile(name),
        staleTime: Constants.ENS_CACHE_S * 1000,
        ...stored(cache, Storage.ENS_CACHE, name.toLowerCase(), Profile.NameProfile),
        queryFn: async () => {
          const profile = await BlockchainApi.profile(context, name)
          cache?.write(Storage.ENS_CACHE, name.toLowerCase(), profile)
          return profile
        },
      })
    },
    /**
     * A head (block number) of `scope`'s chain, seen while a balance view is open (Heads.ts): a new
     * block may have moved the balances, so unless they were read at that head already they are read
     * again, the API told to skip its cache (`forceUpdate` names the native coin: any list has the API
     * read every token again). The portfolio cache (30 s, spec section 9) thus holds only while the
     * chain stands still; the retry lock (30 s) holds as it is: nothing is asked while it does, and the
     * next head seen after it asks. Answers whether a read went out.
     */
    onHead(scope: Scope, head: bigint): boolean {
      const chain = caip2(scope.chainId)
      const queryKey = keys.balance(scope)
      const key = lockKey(queryKey)
      // The latest seen, not the highest: a devnet reset or a reorg goes back.
      heads.set(chain, head)
      if (readAt.get(key) === head || lock.isLocked(key)) return false
      forced.set(key, new Set([...(forced.get(key) ?? []), tokenId({ chainId: chain })]))
      // The read that goes out now is the one of this head.
      readAt.delete(key)
      void client.invalidateQueries({ queryKey })
      return true
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
/**
 * The frame's queries (one cache for every account view), keeping their records in `backend` (the
 * modal's storage) the first time one is given.
 */
export function frame(backend?: Cache.Backend): Queries {
  shared ??= create(backend ? { cache: Cache.create({ backend }) } : {})
  return shared
}
