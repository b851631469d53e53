import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type * as HostModal from '@frontdoor/protocol/host-modal'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type * as HostBridge from '../bridge/HostBridge.js'
import * as ConnectionStorage from '../connection/Storage.js'
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
      const { id, method } = JSON.parse(text)
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(
        JSON.stringify({ jsonrpc: '2.0', id, result: method === 'eth_blockNumber' ? '0x2a' : null }),
      )
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
async function setup(allowedOrigins: string[]) {
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
    hostInfo: async () => INFO,
    state: async (snapshot: HostModal.State) => void pushed.push(snapshot),
    storageRead: async () => ({}),
    storageWrite: async () => {},
    open: async () => {},
    requestClose: async () => {},
  }
  let link: HostLink.HostLink | undefined
  const close = () => {
    modal.close()
    router.reset(connections.home())
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
  link = HostLink.create({
    env,
    state,
    router,
    modal,
    connections,
    backend,
    close,
    loadProject: async () => {},
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
    switchNetwork: (params: { caipNetworkId: string }) => given.switchNetwork(params, { origin: PAGE }),
  }
  return { state, router, modal, pushed, call }
}

describe('a page whose origin is not allowed', () => {
  test("gets 'Invalid App Configuration', and none of its calls is acted on", async () => {
    const { state, router, call } = await setup(['http://other.test'])
    expect(state.get().alert?.shortMessage).toBe('Invalid App Configuration')
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

  test('switches the page network to a listed chain only', async () => {
    const { state, call } = await setup([PAGE])
    await call.switchNetwork({ caipNetworkId: 'eip155:31338' })
    expect(state.get().chainId).toBe(31338)
    await expect(call.switchNetwork({ caipNetworkId: 'eip155:5' })).rejects.toMatchObject({ code: 4902 })
  })
})
