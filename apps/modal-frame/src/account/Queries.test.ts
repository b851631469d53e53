import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import * as Constants from '@frontdoor/schemas/constants'
import * as Errors from '@frontdoor/schemas/errors'
import * as Storage from '@frontdoor/schemas/storage'
import { QueryObserver } from '@tanstack/react-query'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import * as Api from '../api/Api.js'
import * as ConnectionStorage from '../connection/Storage.js'
import * as Toast from '../ui/Toast.js'
import * as BalanceLock from './BalanceLock.js'
import * as Cache from './Cache.js'
import * as Nfts from './Nfts.js'
import * as Queries from './Queries.js'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const BALANCE = {
  name: 'Ether',
  symbol: 'ETH',
  chainId: 'eip155:31337',
  price: 2000,
  value: 2000,
  quantity: { decimals: '18', numeric: '1.0' },
  iconUrl: '',
}

/** A real HTTP server answering the blockchain API routes as `reply` says, recording each request. */
let reply: (url: URL) => { status: number; body: unknown }
const requests: URL[] = []
let apiUrl = ''
const server = createServer((request: IncomingMessage, response: ServerResponse) => {
  const url = new URL(request.url ?? '/', 'http://localhost')
  requests.push(url)
  const { status, body } = reply(url)
  response.writeHead(status, { 'content-type': 'application/json', 'access-control-allow-origin': '*' })
  response.end(JSON.stringify(body))
})
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))
beforeEach(() => {
  requests.length = 0
})

function setup(backend?: ConnectionStorage.Backend) {
  let now = 1_000_000
  const shown: string[] = []
  const toasts = Toast.create({ autoHideMs: 10, replacementDelayMs: 0 })
  toasts.subscribe(() => {
    const toast = toasts.get()
    if (toast) shown.push(toast.message)
  })
  const queries = Queries.create({
    toasts,
    lock: BalanceLock.create(() => now),
    ...(backend ? { cache: Cache.create({ backend }) } : {}),
  })
  const scope: Queries.Scope = { context: { apiUrl, projectId: 'demo' }, address: ADDRESS, chainId: 31337 }
  return { queries, scope, shown, advance: (ms: number) => (now += ms) }
}

describe('balance', () => {
  test('reads /v1/account/{address}/balance in USD on the chain, cached 30 s', async () => {
    reply = () => ({ status: 200, body: { balances: [BALANCE] } })
    const { queries, scope } = setup()
    expect(await queries.client.fetchQuery(queries.balance(scope))).toEqual([BALANCE])
    const url = requests.at(-1)!
    expect(url.pathname).toBe(`/v1/account/${ADDRESS}/balance`)
    expect(Object.fromEntries(url.searchParams)).toEqual({
      projectId: 'demo',
      currency: 'usd',
      chainId: 'eip155:31337',
    })
    expect(queries.balance(scope).staleTime).toBe(Constants.PORTFOLIO_CACHE_S * 1000)
  })

  test("a failure shows 'Token Balance Unavailable' and blocks new requests for 30 s", async () => {
    reply = () => ({ status: 400, body: { error: 'chainId: unsupported' } })
    const { queries, scope, shown, advance } = setup()
    await expect(queries.client.fetchQuery(queries.balance(scope))).rejects.toBeInstanceOf(Api.HttpError)
    expect(shown).toEqual([Errors.TOKEN_BALANCE_UNAVAILABLE])
    expect(requests).toHaveLength(1)

    reply = () => ({ status: 200, body: { balances: [BALANCE] } })
    await expect(
      queries.client.fetchQuery({ ...queries.balance(scope), staleTime: 0 }),
    ).rejects.toBeInstanceOf(BalanceLock.Locked)
    expect(requests).toHaveLength(1)
    expect(shown).toHaveLength(1)

    advance(Constants.BALANCE_RETRY_LOCK_S * 1000)
    expect(await queries.client.fetchQuery({ ...queries.balance(scope), staleTime: 0 })).toEqual([BALANCE])
    expect(requests).toHaveLength(2)
  })

  test('after a send, the next read asks the API to read the sent token again (forceUpdate)', async () => {
    reply = () => ({ status: 200, body: { balances: [BALANCE] } })
    const { queries, scope } = setup()
    await queries.client.fetchQuery(queries.balance(scope))
    const token = 'eip155:31337:0x86963C0Be1Ef7dF4273e5c86E918759a97486169'
    await queries.refresh(scope, [token])
    await queries.client.fetchQuery({ ...queries.balance(scope), staleTime: 0 })
    expect(requests.at(-1)?.searchParams.get('forceUpdate')).toBe(token)
    await queries.client.fetchQuery({ ...queries.balance(scope), staleTime: 0 })
    expect(requests.at(-1)?.searchParams.has('forceUpdate')).toBe(false)
  })
})

describe('balance on new heads (Heads.ts)', () => {
  const NATIVE = 'eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
  /** The balances as a mounted view observes them (an active query), and waits for its reads. */
  function observe(queries: Queries.Queries, scope: Queries.Scope) {
    const observer = new QueryObserver(queries.client, queries.balance(scope))
    const stop = observer.subscribe(() => {})
    const settled = () => vi.waitFor(() => expect(observer.getCurrentResult().fetchStatus).toBe('idle'))
    return { stop, settled }
  }
  const balanceReads = () => requests.filter((url) => url.pathname.endsWith('/balance'))

  test('a head not seen before reads the balances again past both caches (forceUpdate), within the 30 s portfolio cache; the same head again does not', async () => {
    reply = () => ({ status: 200, body: { balances: [BALANCE] } })
    const { queries, scope } = setup()
    const view = observe(queries, scope)
    await view.settled()
    expect(balanceReads()).toHaveLength(1)
    expect(balanceReads()[0]?.searchParams.has('forceUpdate')).toBe(false)

    // The first head seen: the balances may be older than it (a stored record, the API's 15 s cache).
    expect(queries.onHead(scope, 7n)).toBe(true)
    await view.settled()
    expect(balanceReads()).toHaveLength(2)
    expect(balanceReads()[1]?.searchParams.get('forceUpdate')).toBe(NATIVE)

    // The chain stands still: the portfolio cache holds (a second view, the modal opened again).
    expect(queries.onHead(scope, 7n)).toBe(false)
    await view.settled()
    expect(balanceReads()).toHaveLength(2)

    // A block: read again at once, well within the 30 s.
    expect(queries.onHead(scope, 8n)).toBe(true)
    await view.settled()
    expect(balanceReads()).toHaveLength(3)
    expect(balanceReads()[2]?.searchParams.get('forceUpdate')).toBe(NATIVE)
    // A devnet reset or a reorg goes back: that head is new too.
    expect(queries.onHead(scope, 3n)).toBe(true)
    await view.settled()
    expect(balanceReads()).toHaveLength(4)
    view.stop()
  })

  test('the 30 s retry lock holds against new heads; the first head after it reads again', async () => {
    reply = () => ({ status: 400, body: { error: 'chainId: unsupported' } })
    const { queries, scope, shown, advance } = setup()
    const view = observe(queries, scope)
    await view.settled()
    expect(shown).toEqual([Errors.TOKEN_BALANCE_UNAVAILABLE])
    expect(balanceReads()).toHaveLength(1)

    reply = () => ({ status: 200, body: { balances: [BALANCE] } })
    expect(queries.onHead(scope, 7n)).toBe(false)
    expect(queries.onHead(scope, 8n)).toBe(false)
    await view.settled()
    expect(balanceReads()).toHaveLength(1)

    advance(Constants.BALANCE_RETRY_LOCK_S * 1000)
    expect(queries.onHead(scope, 8n)).toBe(true)
    await view.settled()
    expect(balanceReads()).toHaveLength(2)
    expect(queries.client.getQueryData(queries.balance(scope).queryKey)).toEqual([BALANCE])
    view.stop()
  })
})

describe('history', () => {
  test('reads pages with the cursor, cached 15 s', async () => {
    reply = (url) => ({
      status: 200,
      body: { data: [], next: url.searchParams.get('cursor') ? null : 'page-2' },
    })
    const { queries, scope } = setup()
    const options = queries.history(scope)
    expect(options.staleTime).toBe(Constants.TRANSACTION_HISTORY_CACHE_S * 1000)
    const first = await queries.client.fetchInfiniteQuery(options)
    expect(first.pages[0]?.next).toBe('page-2')
    expect(requests.at(-1)?.pathname).toBe(`/v1/account/${ADDRESS}/history`)
    expect(requests.at(-1)?.searchParams.get('chainId')).toBe('eip155:31337')
  })

  test("a failure shows 'Failed to fetch transactions'", async () => {
    reply = () => ({ status: 404, body: {} })
    const { queries, scope, shown } = setup()
    await expect(queries.client.fetchInfiniteQuery(queries.history(scope))).rejects.toBeInstanceOf(
      Api.HttpError,
    )
    expect(shown).toEqual([Errors.FAILED_TO_FETCH_TRANSACTIONS])
  })

  test("without an address: 'Transactions can't be fetched without an accountAddress'", async () => {
    const { queries, scope } = setup()
    await expect(
      queries.client.fetchInfiniteQuery(queries.history({ ...scope, address: '' })),
    ).rejects.toThrow(Errors.TRANSACTIONS_NEED_ACCOUNT_ADDRESS)
  })
})

describe('nfts', () => {
  test('reads /v1/account/{address}/nfts on the chain; the tab hides spam collections', async () => {
    const nft = (id: string, is_spam: boolean) => ({
      id,
      chainId: 'eip155:31337',
      contract: 'eip155:31337:0xC4c08a54eA87fa85965ECd167e94EBaB3dC5e051',
      tokenId: id,
      name: `Key #${id}`,
      image: null,
      collection: { name: 'Frontdoor Keys', symbol: 'KEY' },
      is_spam,
    })
    reply = () => ({ status: 200, body: { nfts: [nft('1', false), nft('2', true)] } })
    const { queries, scope } = setup()
    const owned = await queries.client.fetchQuery(queries.nfts(scope))
    expect(requests.at(-1)?.pathname).toBe(`/v1/account/${ADDRESS}/nfts`)
    expect(requests.at(-1)?.searchParams.get('chainId')).toBe('eip155:31337')
    expect(Nfts.visible(owned).map((n) => n.name)).toEqual(['Key #1'])
  })
})

describe('identity', () => {
  test('name and avatar, cached 5 min', async () => {
    reply = () => ({ status: 200, body: { name: 'alice.frontdoor.id', avatar: null } })
    const { queries, scope } = setup()
    expect(await queries.client.fetchQuery(queries.identity(scope.context, ADDRESS))).toEqual({
      name: 'alice.frontdoor.id',
      avatar: null,
    })
    expect(queries.identity(scope.context, ADDRESS).staleTime).toBe(Constants.IDENTITY_CACHE_S * 1000)
  })
})

describe('the client retry policy (spec section 4)', () => {
  const { queries } = setup()
  const defaults = queries.client.getDefaultOptions().queries!
  const retry = defaults.retry as (failures: number, error: unknown) => boolean
  const delay = defaults.retryDelay as (attempt: number) => number

  test('3 retries of network failures, 429 and 5xx; none for other 4xx, wrong shapes or a blocked balance', () => {
    expect(retry(0, new TypeError('fetch failed'))).toBe(true)
    expect(retry(2, new Api.HttpError(503))).toBe(true)
    expect(retry(3, new Api.HttpError(503))).toBe(false)
    expect(retry(0, new Api.HttpError(429))).toBe(true)
    expect(retry(0, new Api.HttpError(404))).toBe(false)
    expect(retry(0, new Error('invalid shape'))).toBe(false)
    expect(retry(0, new BalanceLock.Locked(0))).toBe(false)
  })

  test('1 s doubled, capped at 30 s; paused while offline', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(delay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000])
    expect(defaults.networkMode).toBe('online')
  })
})

describe('records kept in storage (spec section 3)', () => {
  test('a reload shows the stored balances at once, without asking the API, for 30 s', async () => {
    reply = () => ({ status: 200, body: { balances: [BALANCE] } })
    const backend = ConnectionStorage.memory()
    const first = setup(backend)
    await first.queries.client.fetchQuery(first.queries.balance(first.scope))
    expect(requests).toHaveLength(1)
    const id = `eip155:31337:${ADDRESS.toLowerCase()}`
    const portfolio = JSON.parse(backend.getItem(Storage.PORTFOLIO_CACHE.key) ?? '{}')
    expect(portfolio[id].value).toEqual([BALANCE])
    expect(typeof portfolio[id].timestamp).toBe('number')
    // The native coin's balance is its own record.
    expect(JSON.parse(backend.getItem(Storage.NATIVE_BALANCE_CACHE.key) ?? '{}')[id].value).toEqual(BALANCE)

    // A reload: a new query client over the same storage.
    const reloaded = setup(backend)
    reply = () => ({ status: 200, body: { balances: [] } })
    const options = reloaded.queries.balance(reloaded.scope)
    expect(await reloaded.queries.client.ensureQueryData(options)).toEqual([BALANCE])
    expect(await reloaded.queries.client.fetchQuery(options)).toEqual([BALANCE])
    expect(requests).toHaveLength(1)
  })

  test('a stored record past its lifetime is not shown', async () => {
    const id = `eip155:31337:${ADDRESS.toLowerCase()}`
    const backend = ConnectionStorage.memory({
      [Storage.PORTFOLIO_CACHE.key]: JSON.stringify({
        [id]: { timestamp: Date.now() - Storage.PORTFOLIO_CACHE.lifetimeS * 1000 - 1, value: [BALANCE] },
      }),
    })
    reply = () => ({ status: 200, body: { balances: [] } })
    const { queries, scope } = setup(backend)
    expect(await queries.client.ensureQueryData(queries.balance(scope))).toEqual([])
    expect(requests).toHaveLength(1)
  })

  test('identity and names are stored too, and read back after a reload', async () => {
    reply = (url) =>
      url.pathname.startsWith('/v1/identity')
        ? { status: 200, body: { name: 'alice.frontdoor.id', avatar: null } }
        : { status: 200, body: { name: 'alice.frontdoor.id', addresses: {}, attributes: {} } }
    const backend = ConnectionStorage.memory()
    const first = setup(backend)
    await first.queries.client.fetchQuery(first.queries.identity(first.scope.context, ADDRESS))
    await first.queries.client
      .fetchQuery(first.queries.profile(first.scope.context, 'Alice.frontdoor.id'))
      .catch(() => {})
    expect(
      JSON.parse(backend.getItem(Storage.IDENTITY_CACHE.key) ?? '{}')[ADDRESS.toLowerCase()].value,
    ).toEqual({
      name: 'alice.frontdoor.id',
      avatar: null,
    })
    const count = requests.length
    const reloaded = setup(backend)
    expect(
      await reloaded.queries.client.fetchQuery(reloaded.queries.identity(reloaded.scope.context, ADDRESS)),
    ).toEqual({ name: 'alice.frontdoor.id', avatar: null })
    expect(requests).toHaveLength(count)
  })
})

describe('an embedded wallet: balances from its asset discovery (wallet_getAssets)', () => {
  const ANSWER = {
    '0x7a69': [
      {
        address: 'native',
        balance: '0x1bc16d674ec80000',
        type: 'native',
        metadata: { name: 'Ether', symbol: 'ETH', decimals: 18, price: 2000 },
      },
    ],
  }

  test("the wallet's answer, and no blockchain API request", async () => {
    reply = () => ({ status: 200, body: { balances: [] } })
    const { queries, scope } = setup()
    const asked: string[] = []
    const wallet = {
      request: async (method: string) => {
        asked.push(method)
        return ANSWER
      },
    }
    const balances = await queries.client.fetchQuery(queries.balance({ ...scope, wallet }))
    expect(asked).toEqual(['wallet_getAssets'])
    expect(balances.map((b) => [b.symbol, b.quantity.numeric, b.value])).toEqual([['ETH', '2', 4000]])
    expect(requests).toHaveLength(0)
  })

  test('after a send, the read that must refresh the sent token goes to the API (forceUpdate), then the wallet again', async () => {
    reply = () => ({ status: 200, body: { balances: [BALANCE] } })
    const { queries, scope } = setup()
    const asked: string[] = []
    const wallet = {
      request: async (method: string) => {
        asked.push(method)
        return ANSWER
      },
    }
    const embedded = { ...scope, wallet }
    await queries.client.fetchQuery(queries.balance(embedded))
    expect([asked.length, requests.length]).toEqual([1, 0])
    const token = 'eip155:31337:0x86963C0Be1Ef7dF4273e5c86E918759a97486169'
    await queries.refresh(embedded, [token])
    await queries.client.fetchQuery({ ...queries.balance(embedded), staleTime: 0 })
    expect(requests.at(-1)?.searchParams.get('forceUpdate')).toBe(token)
    expect(asked).toHaveLength(1)
    await queries.client.fetchQuery({ ...queries.balance(embedded), staleTime: 0 })
    expect(asked).toHaveLength(2)
    expect(requests).toHaveLength(1)
  })

  test('when the wallet cannot answer, the blockchain API', async () => {
    reply = () => ({ status: 200, body: { balances: [BALANCE] } })
    const { queries, scope } = setup()
    const wallet = {
      request: async () => {
        throw Object.assign(new Error('Method not supported'), { code: 4200 })
      },
    }
    expect(await queries.client.fetchQuery(queries.balance({ ...scope, wallet }))).toEqual([BALANCE])
    expect(requests).toHaveLength(1)
  })
})

describe('offline (spec section 4)', () => {
  let browser: { onLine: boolean }
  let win: EventTarget
  beforeEach(() => {
    browser = { onLine: false }
    win = new EventTarget()
    vi.stubGlobal('navigator', browser)
    vi.stubGlobal('window', win)
  })
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  test('a balance query waits while the browser is offline and runs on the online event', async () => {
    reply = () => ({ status: 200, body: { balances: [BALANCE] } })
    const { queries, scope } = setup()
    // As the frame's QueryClientProvider does: the client follows the online flag.
    queries.client.mount()
    let answer: unknown
    void queries.client.fetchQuery(queries.balance(scope)).then((a) => {
      answer = a
    })
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(requests).toHaveLength(0)
    expect(answer).toBeUndefined()
    browser.onLine = true
    win.dispatchEvent(new Event('online'))
    await vi.waitFor(() => expect(answer).toEqual([BALANCE]))
    expect(requests).toHaveLength(1)
    queries.client.unmount()
  })
})
