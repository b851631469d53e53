import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type * as HostModal from '@frontdoor/protocol/host-modal'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type * as HostBridge from '../bridge/HostBridge.js'
import * as ConnectionStorage from '../connection/Storage.js'
import type * as Connector from '../connectors/Connector.js'
import type * as Env from '../env/Env.js'
import * as Modal from '../modal/Modal.js'
import * as Router from '../router/Router.js'
import * as Connections from './Connections.js'
import * as HostLink from './HostLink.js'
import * as State from './State.js'

const PAGE = 'http://page.test'
const network = (id: number) => ({
  id,
  caipNetworkId: `eip155:${id}`,
  chainNamespace: 'eip155' as const,
  name: `Chain ${id}`,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
})
const INFO = {
  projectId: 'p1',
  metadata: { name: 'Page', description: 'A page', url: PAGE, icons: [] },
  networks: [network(31337), network(31338)],
  mode: 'modal',
  sdkVersion: '1.0.0',
} as unknown as HostModal.HostInfo

const WALLET_ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
/** 1.5 ETH, in wei. */
const BALANCE_WEI = '0x14d1120d7b160000'
const FUSD = 'eip155:31337:0x86963C0Be1Ef7dF4273e5c86E918759a97486169'
/** What the balance service answers for the wallet on 31337. */
const BALANCES = [
  {
    name: 'Ether',
    symbol: 'ETH',
    chainId: 'eip155:31337',
    value: 3000,
    price: 2000,
    quantity: { decimals: '18', numeric: '1.5' },
    iconUrl: '',
  },
  {
    name: 'Frontdoor USD',
    symbol: 'FUSD',
    chainId: 'eip155:31337',
    address: FUSD,
    value: 10,
    price: 1,
    quantity: { decimals: 6, numeric: '10' },
    iconUrl: 'http://127.0.0.1:4000/public/getTokenImage/fusd',
  },
  {
    name: 'Door Points',
    symbol: 'PTS',
    chainId: 'eip155:31337',
    address: 'eip155:31337:0xa5B0593B30Dd2f19005895c02aD586EBCe81D443',
    price: 0,
    quantity: { decimals: '0', numeric: '100' },
    iconUrl: '',
  },
]

/**
 * A wallet stand-in behind the WalletConnect (or the embedded) connector id: connects and reconnects on
 * `WALLET_ADDRESS` (on 31337 unless told), answers each request when the test says so, and tells of
 * the changes the test emits.
 */
function wallet(options: { kind?: 'walletConnect' | 'embedded'; chainId?: number } = {}) {
  const kind = options.kind ?? 'walletConnect'
  const answers: ((value: unknown) => void)[] = []
  const asked: string[] = []
  const listeners = new Set<(event: Connector.Event) => void>()
  const session: Connector.Session = {
    accounts: [WALLET_ADDRESS],
    chainId: options.chainId ?? 31337,
    wallet: { id: 'w1', name: 'Test Wallet' },
  }
  const connector: Connector.Connector = {
    id: kind,
    kind,
    connect: async () => session,
    reconnect: async () => session,
    request: (method) => {
      asked.push(method)
      return new Promise((resolve) => answers.push(resolve))
    },
    switchChain: async () => {},
    disconnect: async () => {},
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
  return {
    connector,
    answer: (value: unknown) => answers.shift()?.(value),
    waiting: () => answers.length,
    /** The methods the wallet was asked, in order. */
    asked,
    /** The wallet tells of a change (its user switched chain, disconnected ...). */
    emit: (event: Connector.Event) => {
      for (const listener of [...listeners]) listener(event)
    },
  }
}

/** A JSON-RPC node behind a stand-in of the API's RPC proxy. */
let node: Server
let apiUrl: string
beforeAll(async () => {
  node = createServer((request, response) => {
    let text = ''
    request.on('data', (chunk) => {
      text += chunk
    })
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'application/json' })
      // The network registry: a chain only it defines.
      if (request.url === '/v1/networks')
        return void response.end(
          JSON.stringify({ networks: [{ ...network(31339), name: 'Registry Devnet 31339' }] }),
        )
      // The identity service of the API: the account's name and avatar.
      if (request.url?.startsWith(`/v1/identity/${WALLET_ADDRESS}`))
        return void response.end(JSON.stringify({ name: 'alice.eth', avatar: null }))
      // The balance service: the coin, a token, and a 0-decimals one (left out, spec section 5).
      if (request.url?.startsWith(`/v1/account/${WALLET_ADDRESS}/balance`))
        return void response.end(JSON.stringify({ balances: BALANCES }))
      const { id, method } = JSON.parse(text)
      const results: Record<string, string> = { eth_blockNumber: '0x2a', eth_getBalance: BALANCE_WEI }
      response.end(JSON.stringify({ jsonrpc: '2.0', id, result: results[method] ?? null }))
    })
  })
  await new Promise<void>((resolve) => node.listen(0, '127.0.0.1', resolve))
  apiUrl = `http://127.0.0.1:${(node.address() as AddressInfo).port}`
})
afterAll(() => node.close())

/**
 * The host link with a stand-in of the page's end of the bridge: it hands the link's handlers to the
 * test and records the state the link pushes. (The real bridge between real pages: e2e/protocol.)
 */
async function setup(
  allowedOrigins: string[],
  page: {
    info?: Partial<HostModal.HostInfo>
    stored?: Record<string, string>
    wallet?: Connector.Connector
  } = {},
) {
  const env: Env.Env = {
    projectId: 'p1',
    mode: 'modal',
    apiUrl,
    relayUrl: 'ws://127.0.0.1:9',
    authUrl: 'http://127.0.0.1:9',
    allowedOrigins,
    originsError: undefined,
    embedder: PAGE,
  }
  const state = State.create(env, [])
  const router = Router.create()
  const modal = Modal.create()
  const backend = ConnectionStorage.switchable()
  const pushed: HostModal.State[] = []
  let handlers: HostBridge.Handlers | undefined
  const remote = {
    hostInfo: async () => ({ ...INFO, ...page.info }),
    state: async (snapshot: HostModal.State) => void pushed.push(snapshot),
    storageRead: async () => page.stored ?? {},
    storageWrite: async () => {},
    open: async () => {},
    requestClose: async () => {},
  }
  let link: HostLink.HostLink | undefined
  const close = () => {
    modal.close()
    router.reset(connections.home())
    return true
  }
  const connections = Connections.create({
    env,
    state,
    router,
    storage: ConnectionStorage.create(backend),
    backend,
    host: () => link?.host(),
    ui: { show: () => modal.open(), isOpen: () => modal.get().open, close, requestClose: close },
  })
  const stub = page.wallet
  if (stub) connections.registerResolver(stub.kind, async () => stub)
  link = HostLink.create({
    env,
    state,
    router,
    modal,
    connections,
    backend,
    close,
    loadProject: async (_projectId, local) => {
      const Features = await import('../features/Features.js')
      state.set((s) => ({ ...s, features: Features.resolve(undefined, local).features, featuresReady: true }))
    },
    connectHost: async (_origins, given) => {
      handlers = given
      return { origin: PAGE, remote, destroy: () => {} } as unknown as HostBridge.Host
    },
  })
  await link.start()
  // The bridge passes the caller's origin; here it is always the page's.
  const given = handlers!
  const call = {
    request: (params: Omit<HostModal.RpcRequest, 'id'>) =>
      given.request({ id: 1, ...params }, { origin: PAGE }),
    open: (params: { view?: Router.View } | undefined) => given.open(params, { origin: PAGE }),
    close: () => given.close(undefined, { origin: PAGE }),
    shake: () => given.shake(undefined, { origin: PAGE }),
    switchNetwork: (params: { caipNetworkId: string }) => given.switchNetwork(params, { origin: PAGE }),
    injectedWallets: (wallets: HostModal.InjectedWallet[]) =>
      given.injectedWallets({ wallets }, { origin: PAGE }),
  }
  return { state, router, modal, pushed, call, connections }
}

describe('a page whose origin is not allowed', () => {
  test("gets 'Invalid App Configuration', and none of its calls is acted on", async () => {
    const { state, router, call } = await setup(['http://other.test'])
    expect(state.get().alert).toBe('INVALID_APP_CONFIGURATION')
    await expect(call.request({ method: 'eth_chainId' })).rejects.toMatchObject({ code: 4100 })
    await call.open({ view: 'AllWallets' })
    expect(router.get().view).toBe('Connect')
  })
})

describe('an allowed page', () => {
  test('learns the chain and the (absent) account from the modal itself', async () => {
    const { state, call } = await setup([PAGE])
    expect(state.get()).toMatchObject({ alert: undefined, chainId: 31337, restored: true })
    expect(await call.request({ method: 'eth_chainId' })).toBe('0x7a69')
    expect(await call.request({ method: 'eth_accounts' })).toEqual([])
  })

  test("a network it names only by id takes the registry's definition, with the RPC proxy as its RPC URL", async () => {
    const byId = { ...network(31339), rpcUrls: { default: { http: [] } } }
    const { state, pushed, call } = await setup([PAGE], { info: { networks: [byId, network(31337)] } })
    const [resolved, own] = state.get().host?.info.networks ?? []
    expect(resolved).toMatchObject({ caipNetworkId: 'eip155:31339', name: 'Registry Devnet 31339' })
    expect(resolved?.rpcUrls.default.http).toEqual([`${apiUrl}/v1/?chainId=eip155%3A31339&projectId=p1`])
    expect(own).toEqual(network(31337))
    expect(await call.request({ method: 'eth_chainId' })).toBe('0x7a6b')
    expect(pushed.at(-1)?.network?.name).toBe('Registry Devnet 31339')
  })

  test('its safe reads go to the chain through the RPC proxy; other methods get their EIP-1193 error', async () => {
    const { call } = await setup([PAGE])
    expect(await call.request({ method: 'eth_blockNumber', params: [] })).toBe('0x2a')
    await expect(call.request({ method: 'eth_sendTransaction', params: [{}] })).rejects.toMatchObject({
      code: 4100,
    })
    await expect(call.request({ method: 'eth_sign', params: [] })).rejects.toMatchObject({ code: 4200 })
    await expect(
      call.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: 'x' }] }),
    ).rejects.toMatchObject({ code: -32602 })
  })

  test('opens the view it names and is told the new state', async () => {
    const { modal, router, pushed, call } = await setup([PAGE])
    expect(modal.get().open).toBe(false)
    await call.open({ view: 'AllWallets' })
    expect(router.get().view).toBe('AllWallets')
    expect(pushed.at(-1)).toMatchObject({ open: true, view: 'AllWallets', status: 'disconnected' })
    await call.close()
    expect(pushed.at(-1)).toMatchObject({ open: false, view: 'Connect' })
  })

  test('an open and a close each send the page one state, not one per store they change', async () => {
    const { pushed, call } = await setup([PAGE])
    const before = pushed.length
    await call.open({ view: 'AllWallets' })
    expect(pushed.slice(before)).toEqual([expect.objectContaining({ open: true, view: 'AllWallets' })])
    await call.close()
    expect(pushed.slice(before + 1)).toEqual([expect.objectContaining({ open: false, view: 'Connect' })])
  })

  test('a wallet the page lists by EIP-6963 and by the Wallet Standard is listed once; the latest list wins', async () => {
    const { state, call } = await setup([PAGE])
    const icon = 'data:image/svg+xml;base64,PHN2Zy8+'
    const evm = { uuid: '00000000-0000-4000-8000-000000000001', name: 'Phantom', icon, rdns: 'app.phantom' }
    const solana = {
      uuid: '00000000-0000-4000-8000-000000000002',
      name: 'Phantom',
      icon,
      rdns: 'wallet-standard.phantom',
      chains: ['solana:localnet'],
    }
    await call.injectedWallets([evm])
    expect(state.get().injected).toEqual([evm])
    await call.injectedWallets([evm, solana])
    expect(state.get().injected).toEqual([{ ...evm, standard: solana }])
    // A list that lands while the previous one's merge still loads replaces it.
    const first = call.injectedWallets([evm, solana])
    const second = call.injectedWallets([])
    await Promise.all([first, second])
    expect(state.get().injected).toEqual([])
  })

  test('switches the page network to a listed chain only', async () => {
    const { state, call } = await setup([PAGE])
    await call.switchNetwork({ caipNetworkId: 'eip155:31338' })
    expect(state.get().chainId).toBe(31338)
    await expect(call.switchNetwork({ caipNetworkId: 'eip155:5' })).rejects.toMatchObject({ code: 4902 })
  })
})

describe('open({ view })', () => {
  test('refuses a view whose feature is off, with a message the page reads; the modal stays closed', async () => {
    const { modal, router, pushed, call } = await setup([PAGE], {
      info: { features: { send: false } },
      wallet: wallet().connector,
      stored: {
        [ConnectionStorage.CONNECTIONS_KEY]: JSON.stringify([
          { connectorId: 'walletConnect', status: 'active', usedAt: 1 },
        ]),
      },
    })
    await expect(call.open({ view: 'Send' })).rejects.toThrow('Cannot open Send: the send feature is off')
    expect(modal.get().open).toBe(false)
    expect(pushed.some((p) => p.open)).toBe(false)
    // Receive is on, and the restored wallet is connected: it opens.
    await call.open({ view: 'Receive' })
    expect(router.get().view).toBe('Receive')
    expect(modal.get().open).toBe(true)
  })

  test('refuses an account view while no wallet is connected', async () => {
    const { modal, call } = await setup([PAGE])
    await expect(call.open({ view: 'Account' })).rejects.toThrow(
      'Cannot open Account: no wallet is connected',
    )
    expect(modal.get().open).toBe(false)
    await call.open({ view: 'AllWallets' })
    expect(modal.get().open).toBe(true)
  })
})

describe('the state the page sees', () => {
  const stored = {
    [ConnectionStorage.CONNECTIONS_KEY]: JSON.stringify([
      { connectorId: 'walletConnect', status: 'active', usedAt: 1 },
    ]),
  }

  test('loading while the stored connection restores, then the account with its caipAddress, type, profile, balances and wallet', async () => {
    const { pushed } = await setup([PAGE], { stored, wallet: wallet().connector })
    const loading = pushed.findIndex((p) => p.loading)
    const connected = pushed.findIndex((p) => p.status === 'connected')
    expect(loading).toBeGreaterThanOrEqual(0)
    expect(connected).toBeGreaterThan(loading)
    await expect
      .poll(() => pushed.at(-1)?.account)
      .toEqual({
        address: WALLET_ADDRESS,
        caipAddress: `eip155:31337:${WALLET_ADDRESS}`,
        status: 'connected',
        preferredAccountType: 'eoa',
        profileName: 'alice.eth',
        profileImage: null,
        balance: '1.5',
        balanceSymbol: 'ETH',
        connectedWalletInfo: { name: 'Test Wallet', type: 'walletConnect' },
        tokenBalance: [
          { ...BALANCES[0], quantity: { decimals: '18', numeric: '1.5' } },
          { ...BALANCES[1], quantity: { decimals: '6', numeric: '10' } },
        ],
      })
    expect(pushed.at(-1)?.loading).toBe(false)
  })

  test('loading while a wallet request waits for the wallet, not after', async () => {
    const stub = wallet()
    const { pushed, call } = await setup([PAGE], { stored, wallet: stub.connector })
    await expect.poll(() => pushed.at(-1)?.status).toBe('connected')
    expect(pushed.at(-1)?.loading).toBe(false)
    const signed = call.request({ method: 'personal_sign', params: ['0x68656c6c6f', WALLET_ADDRESS] })
    await expect.poll(() => stub.waiting()).toBe(1)
    expect(pushed.at(-1)?.loading).toBe(true)
    stub.answer('0xsignature')
    expect(await signed).toBe('0xsignature')
    expect(pushed.at(-1)?.loading).toBe(false)
  })

  test('enableReconnect: false leaves the stored connection unrestored', async () => {
    const on = await setup([PAGE], { stored, wallet: wallet().connector })
    expect(on.state.get().status).toBe('connected')
    const off = await setup([PAGE], { stored, wallet: wallet().connector, info: { enableReconnect: false } })
    expect(off.state.get()).toMatchObject({ status: 'disconnected', restored: true })
    expect(off.pushed.at(-1)).toMatchObject({ status: 'disconnected', restored: true })
    expect(off.pushed.at(-1)?.account).toBeUndefined()
  })
})

describe('the chain the page is told is the chain the wallet is on (issues 33, 35)', () => {
  const storedAs = (connectorId: string) => ({
    [ConnectionStorage.CONNECTIONS_KEY]: JSON.stringify([{ connectorId, status: 'active', usedAt: 1 }]),
  })
  const tx = { from: WALLET_ADDRESS, to: WALLET_ADDRESS, value: '0x1' }
  const chainDisconnected = {
    code: 4901,
    message: 'The Provider is not connected to the requested chain.',
  }

  test.each([
    ['a WalletConnect', 'walletConnect'],
    ['the embedded', 'embedded'],
  ] as const)(
    '%s wallet on chain 1, which the page does not list: eth_chainId 0x1, the account on eip155:1; UnsupportedChain; sends and typed data 4901, never asked of the wallet',
    async (_, kind) => {
      const stub = wallet({ kind, chainId: 1 })
      const { state, router, pushed, call } = await setup([PAGE], {
        stored: storedAs(kind),
        wallet: stub.connector,
      })
      expect(state.get()).toMatchObject({ status: 'connected', chainId: 1 })
      expect(await call.request({ method: 'eth_chainId' })).toBe('0x1')
      await expect.poll(() => pushed.at(-1)?.account?.caipAddress).toBe(`eip155:1:${WALLET_ADDRESS}`)
      expect(pushed.at(-1)?.network).toBeUndefined()
      expect(router.get().view).toBe('UnsupportedChain')
      for (const [method, params] of [
        ['eth_sendTransaction', [tx]],
        ['eth_signTypedData_v4', [WALLET_ADDRESS, '{}']],
        ['wallet_sendCalls', [{ version: '2.0.0', chainId: '0x1', calls: [] }]],
        ['eth_sendUserOperation', [{}, WALLET_ADDRESS]],
      ] as const)
        await expect(call.request({ method, params: [...params] })).rejects.toMatchObject(chainDisconnected)
      expect(stub.asked).toEqual([])
      // A message is for no chain: the wallet is asked.
      const signed = call.request({ method: 'personal_sign', params: ['0x68656c6c6f', WALLET_ADDRESS] })
      await expect.poll(() => stub.asked).toEqual(['personal_sign'])
      stub.answer('0xsignature')
      expect(await signed).toBe('0xsignature')
    },
  )

  test.each([
    ['a WalletConnect', 'walletConnect'],
    ['the embedded', 'embedded'],
  ] as const)(
    '%s wallet on 31337: a request naming another chain is -32602 before the wallet; one naming 31337 reaches it',
    async (_, kind) => {
      const stub = wallet({ kind })
      const { modal, call } = await setup([PAGE], { stored: storedAs(kind), wallet: stub.connector })
      const refused = (named: string) =>
        `Invalid method parameter(s). params.0.chainId: ${named} is not the active chain 31337`
      await expect(
        call.request({ method: 'eth_sendTransaction', params: [{ ...tx, chainId: '0x7a6a' }] }),
      ).rejects.toMatchObject({ code: -32602, message: refused('31338') })
      await expect(
        call.request({ method: 'eth_sendTransaction', params: [{ ...tx, chainId: 'mainnet' }] }),
      ).rejects.toMatchObject({ code: -32602, message: refused('mainnet') })
      await expect(
        call.request({
          method: 'wallet_sendCalls',
          params: [{ version: '2.0.0', chainId: '0x1', calls: [] }],
        }),
      ).rejects.toMatchObject({ code: -32602, message: refused('1') })
      expect(stub.asked).toEqual([])
      expect(modal.get().open).toBe(false)
      const sent = call.request({ method: 'eth_sendTransaction', params: [{ ...tx, chainId: '0x7a69' }] })
      await expect.poll(() => stub.asked).toEqual(['eth_sendTransaction'])
      stub.answer('0xhash')
      expect(await sent).toBe('0xhash')
    },
  )

  test("the wallet's chainChanged to an unlisted chain reaches the page; disconnected, the page is on its first network again", async () => {
    const stub = wallet()
    const { state, pushed, call, connections } = await setup([PAGE], {
      stored: storedAs('walletConnect'),
      wallet: stub.connector,
    })
    await call.switchNetwork({ caipNetworkId: 'eip155:31338' })
    stub.emit({ type: 'chainChanged', chainId: 10 })
    expect(await call.request({ method: 'eth_chainId' })).toBe('0xa')
    await expect.poll(() => pushed.at(-1)?.account?.caipAddress).toBe(`eip155:10:${WALLET_ADDRESS}`)
    await connections.connection.disconnect()
    expect(state.get()).toMatchObject({ status: 'disconnected', chainId: 31337 })
    expect(await call.request({ method: 'eth_chainId' })).toBe('0x7a69')
    await expect.poll(() => pushed.at(-1)?.network?.caipNetworkId).toBe('eip155:31337')
  })
})

describe('shake', () => {
  test('the page shakes the modal; the shake flag clears after 500 ms', async () => {
    const { modal, call } = await setup([PAGE])
    expect(modal.get().shake).toBe(false)
    await call.shake()
    expect(modal.get().shake).toBe(true)
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(modal.get().shake).toBe(true)
    await expect.poll(() => modal.get().shake, { timeout: 400, interval: 20 }).toBe(false)
  })
})
