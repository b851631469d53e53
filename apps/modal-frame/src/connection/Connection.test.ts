import { describe, expect, it, vi } from 'vitest'
import type * as Connector from '../connectors/Connector.js'
import * as Connection from './Connection.js'
import * as Storage from './Storage.js'

const ALICE = '0x00000000000000000000000000000000000a11ce'
const BOB = '0x0000000000000000000000000000000000000b0b'

/**
 * A scripted connector: the state machine is what is tested here; real connectors (injected,
 * WalletConnect, embedded) are exercised end to end in e2e/.
 */
function scripted(
  id: string,
  options: { session?: Connector.Session; fail?: Error; restore?: boolean } = {},
) {
  const listeners = new Set<(event: Connector.Event) => void>()
  const session = options.session ?? { accounts: [ALICE], chainId: 31337, wallet: { id, name: id } }
  return {
    id,
    kind: (id.startsWith('injected:') ? 'injected' : id) as Connector.Kind,
    connect: vi.fn(async () => {
      if (options.fail) throw options.fail
      return session
    }),
    reconnect: vi.fn(async () => (options.restore === false ? undefined : session)),
    request: vi.fn(async (method: string) => `${id}:${method}`),
    switchChain: vi.fn(async () => {}),
    disconnect: vi.fn(async () => {}),
    subscribe(listener: (event: Connector.Event) => void) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    emit: (event: Connector.Event) => {
      for (const l of listeners) l(event)
    },
  } satisfies Connector.Connector & { emit: unknown }
}

function setup(connectors: ReturnType<typeof scripted>[], backend = Storage.memory()) {
  const storage = Storage.create(backend)
  const connection = Connection.create({
    storage,
    resolve: async (id) => connectors.find((c) => c.id === id),
    context: () => ({ networks: [], chainId: 31337 }),
  })
  // The status changes, from the initial 'disconnected' on.
  const statuses: string[] = []
  let last = connection.get().status
  connection.subscribe(() => {
    const { status } = connection.get()
    if (status !== last) statuses.push(status)
    last = status
  })
  return { storage, connection, statuses, backend }
}

describe('Connection.connect', () => {
  it('goes connecting -> connected, stores the connector as active and the wallet as recent', async () => {
    const wc = scripted('walletConnect')
    const { connection, storage, statuses } = setup([wc])
    await connection.connect(wc)
    expect(statuses).toEqual(['connecting', 'connected'])
    expect(connection.get()).toMatchObject({ status: 'connected', connectorId: 'walletConnect' })
    expect(storage.connections()[0]).toMatchObject({ connectorId: 'walletConnect', status: 'active' })
    expect(connection.get().recent[0]).toMatchObject({ id: 'walletConnect' })
    expect(await connection.request('personal_sign', [])).toBe('walletConnect:personal_sign')
  })

  it('goes back to disconnected and rethrows when the wallet rejects', async () => {
    const rejected = Object.assign(new Error('Connection rejected'), { code: 4001 })
    const wc = scripted('walletConnect', { fail: rejected })
    const { connection, statuses } = setup([wc])
    await expect(connection.connect(wc)).rejects.toBe(rejected)
    expect(statuses).toEqual(['connecting', 'disconnected'])
  })

  it('answers 4100 to requests while nothing is connected', async () => {
    const { connection } = setup([])
    await expect(connection.request('personal_sign', [])).rejects.toMatchObject({ code: 4100 })
  })
})

describe('Connection.reconnect', () => {
  it('tries connectors most recently used first; only the first success becomes current', async () => {
    const older = scripted('injected:io.metamask')
    const newer = scripted('walletConnect', {
      session: { accounts: [BOB], chainId: 31338, wallet: { id: 'w', name: 'W' } },
    })
    const backend = Storage.memory()
    Storage.create(backend).setActive('injected:io.metamask', 1)
    Storage.create(backend).setActive('walletConnect', 2)
    const { connection, statuses } = setup([older, newer], backend)
    await connection.reconnect()
    expect(statuses).toEqual(['reconnecting', 'connected'])
    expect(connection.get().session?.accounts).toEqual([BOB])
    expect(newer.reconnect).toHaveBeenCalled()
    expect(older.reconnect).not.toHaveBeenCalled()
  })

  it('falls through to the next connector and ends disconnected when none is authorized', async () => {
    const a = scripted('walletConnect', { restore: false })
    const b = scripted('injected:io.metamask', { restore: false })
    const backend = Storage.memory()
    Storage.create(backend).setActive('injected:io.metamask', 1)
    Storage.create(backend).setActive('walletConnect', 2)
    const { connection, statuses, storage } = setup([a, b], backend)
    await connection.reconnect()
    expect(a.reconnect).toHaveBeenCalled()
    expect(b.reconnect).toHaveBeenCalled()
    expect(statuses).toEqual(['reconnecting', 'disconnected'])
    expect(storage.candidates()).toEqual([])
  })

  it('stays disconnected without a stored connection and clears an invalid one', async () => {
    const backend = Storage.memory()
    backend.setItem(
      Storage.CONNECTIONS_KEY,
      JSON.stringify([{ connectorId: 'walletConnect', status: 'weird' }]),
    )
    const onError = vi.fn()
    const storage = Storage.create(backend)
    const connection = Connection.create({
      storage,
      resolve: async () => undefined,
      context: () => ({ networks: [], chainId: 1 }),
      onError,
    })
    await connection.reconnect()
    expect(connection.get().status).toBe('disconnected')
    expect(onError).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'Invalid stored connection status: weird' }),
    )
    expect(backend.getItem(Storage.CONNECTIONS_KEY)).toBeNull()
  })
})

describe('Connection events and disconnect', () => {
  it('follows the wallet: accounts and chain changes, and a disconnect clears everything', async () => {
    const wallet = scripted('injected:io.metamask')
    const { connection, storage } = setup([wallet])
    await connection.connect(wallet)
    wallet.emit({ type: 'accountsChanged', accounts: [BOB] })
    wallet.emit({ type: 'chainChanged', chainId: 31338 })
    expect(connection.get().session).toMatchObject({ accounts: [BOB], chainId: 31338 })
    wallet.emit({ type: 'disconnect' })
    expect(connection.get()).toMatchObject({
      status: 'disconnected',
      connectorId: undefined,
      session: undefined,
    })
    expect(storage.candidates()).toEqual([])
  })

  it('disconnect() clears account, network, connector id and wallet info and tells the wallet', async () => {
    const wallet = scripted('walletConnect')
    const { connection } = setup([wallet])
    await connection.connect(wallet)
    await connection.disconnect()
    expect(wallet.disconnect).toHaveBeenCalled()
    expect(connection.get()).toMatchObject({
      status: 'disconnected',
      connectorId: undefined,
      session: undefined,
    })
  })

  it('switchChain asks the wallet, then the session follows', async () => {
    const wallet = scripted('walletConnect')
    const { connection } = setup([wallet])
    await connection.connect(wallet)
    await connection.switchChain(31338)
    expect(wallet.switchChain).toHaveBeenCalledWith(31338, expect.anything())
    expect(connection.get().session?.chainId).toBe(31338)
  })
})

describe('Connection multi-wallet (connections, activate, remove)', () => {
  it('lists the stored connections, switches to another without asking and keeps the first stored', async () => {
    const a = scripted('injected:a.wallet', {
      session: { accounts: [ALICE], chainId: 31337, wallet: { id: 'a', name: 'A' } },
    })
    const b = scripted('injected:b.wallet', {
      session: { accounts: [BOB], chainId: 31337, wallet: { id: 'b', name: 'B' } },
    })
    const { connection, storage } = setup([a, b])
    await connection.connect(a)
    storage.setActive(b.id, Date.now() + 1000)
    storage.setActive(a.id, Date.now() + 2000)
    expect(connection.connections().map((e) => [e.connectorId, e.status])).toEqual([
      [a.id, 'active'],
      [b.id, 'connected'],
    ])
    await connection.activate(b.id)
    expect(b.connect).not.toHaveBeenCalled()
    expect(b.reconnect).toHaveBeenCalled()
    expect(connection.get().session?.accounts).toEqual([BOB])
    expect(connection.get().connectorId).toBe(b.id)
    expect(storage.connections().find((e) => e.connectorId === a.id)?.status).toBe('connected')
  })

  it('activate fails (and marks it disconnected) when the stored wallet can no longer be restored', async () => {
    const a = scripted('injected:a.wallet')
    const gone = scripted('injected:gone.wallet', { restore: false })
    const { connection, storage } = setup([a, gone])
    await connection.connect(a)
    storage.setActive(gone.id, 1)
    storage.setActive(a.id, 2)
    await expect(connection.activate(gone.id)).rejects.toMatchObject({ code: 4100 })
    expect(connection.get().connectorId).toBe(a.id)
    expect(storage.connections().find((e) => e.connectorId === gone.id)?.status).toBe('disconnected')
  })

  it('remove forgets a stored connection, disconnecting it first when it is the current one', async () => {
    const a = scripted('injected:a.wallet')
    const b = scripted('injected:b.wallet')
    const { connection, storage } = setup([a, b])
    await connection.connect(b)
    await connection.connect(a)
    await connection.remove(b.id)
    expect(storage.connections().map((e) => e.connectorId)).toEqual([a.id])
    expect(connection.get().status).toBe('connected')
    await connection.remove(a.id)
    expect(a.disconnect).toHaveBeenCalled()
    expect(connection.get().status).toBe('disconnected')
    expect(storage.connections()).toEqual([])
  })
})
