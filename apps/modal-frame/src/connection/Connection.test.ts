import { Errors } from '@frontdoor/schemas'
import { describe, expect, it, vi } from 'vitest'
import type * as Connector from '../connectors/Connector.js'
import * as Injected from '../connectors/injected/Injected.js'
import * as Connection from './Connection.js'
import * as Storage from './Storage.js'

const ALICE = '0x00000000000000000000000000000000000a11ce'
const BOB = '0x0000000000000000000000000000000000000b0b'
const CAROL = '0x000000000000000000000000000000000000ca01'

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

  it("stores each account with its type as the connector says (the embedded wallet's smart account), also after accountsChanged", async () => {
    const types: Record<string, 'eoa' | 'smartAccount'> = { [ALICE]: 'smartAccount', [BOB]: 'eoa' }
    const embedded = {
      ...scripted('embedded'),
      accountType: (address: string) => types[address],
    }
    const { connection, storage } = setup([embedded])
    await connection.connect(embedded)
    expect(storage.connections()[0]).toMatchObject({
      connectorId: 'embedded',
      accounts: [{ address: ALICE, type: 'smartAccount' }],
    })
    // The user switches to the EOA.
    embedded.emit({ type: 'accountsChanged', accounts: [BOB] })
    expect(storage.connections()[0]?.accounts).toEqual([{ address: BOB, type: 'eoa' }])
    // A connector that says nothing: EOAs.
    const injected = scripted('injected:io.metamask')
    const other = setup([injected])
    await other.connection.connect(injected)
    expect(other.storage.connections()[0]?.accounts).toEqual([{ address: ALICE, type: 'eoa' }])
  })

  it("gives the connector the wallet its stored connection kept (the embedded wallet's login comes back from it)", async () => {
    const embedded = scripted('embedded')
    const backend = Storage.memory()
    Storage.create(backend).setActive('embedded', 1, {
      namespace: 'eip155',
      accounts: [{ address: BOB, type: 'eoa' }],
      chainId: 31337,
      wallet: { id: 'embedded', name: 'google' },
    })
    const { connection } = setup([embedded], backend)
    await connection.reconnect()
    expect(embedded.reconnect).toHaveBeenCalledWith(
      expect.objectContaining({ stored: { id: 'embedded', name: 'google' } }),
    )
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

  it('a kept connection restored after a reload keeps its accounts typed as its connector says', async () => {
    const injected = scripted('injected:a.wallet')
    const embedded = {
      ...scripted('embedded', {
        session: { accounts: [BOB], chainId: 31337, wallet: { id: 'e', name: 'E' } },
      }),
      accountType: (address: string) => (address === BOB ? ('smartAccount' as const) : undefined),
    }
    const backend = Storage.memory()
    Storage.create(backend).setActive(embedded.id, 1)
    Storage.create(backend).setActive(injected.id, 2)
    const { connection, storage } = setup([injected, embedded], backend)
    await connection.reconnect()
    expect(connection.get().connectorId).toBe(injected.id)
    await vi.waitFor(() =>
      expect(storage.connections().find((e) => e.connectorId === embedded.id)?.accounts).toEqual([
        { address: BOB, type: 'smartAccount' },
      ]),
    )
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

/**
 * A page's extension wallet behind the real injected connector: it asks its user on
 * eth_requestAccounts (counted), answers eth_accounts while the page is authorized, and forgets the
 * permission on wallet_revokePermissions (or refuses it, for a wallet that fails to).
 */
function extension(rdns: string, account: `0x${string}`, options: { revokeFails?: boolean } = {}) {
  const wallet = { uuid: `uuid-${rdns}`, rdns, name: `Wallet ${rdns}`, icon: '' }
  const seen = { prompts: 0, authorized: false, revoked: 0 }
  const connector = Injected.create(wallet, {
    request: async (_uuid, { method }) => {
      switch (method) {
        case 'eth_requestAccounts':
          seen.prompts++
          seen.authorized = true
          return [account]
        case 'eth_accounts':
          return seen.authorized ? [account] : []
        case 'eth_chainId':
          return '0x7a69'
        case 'wallet_revokePermissions':
          if (options.revokeFails) throw Object.assign(new Error('The wallet is locked'), { code: -32603 })
          seen.revoked++
          seen.authorized = false
          return null
        default:
          if (!seen.authorized) throw Object.assign(new Error('Unauthorized'), { code: 4100 })
          return `${rdns}:${method}`
      }
    },
  })
  return { connector, seen }
}

function setupReal(connectors: Connector.Connector[], backend = Storage.memory()) {
  const storage = Storage.create(backend)
  const connection = Connection.create({
    storage,
    resolve: async (id) => connectors.find((c) => c.id === id),
    context: () => ({ networks: [], chainId: 31337 }),
  })
  return { storage, connection, backend }
}

describe('Connection multi-wallet with real connectors (injected)', () => {
  it('adding a wallet keeps the first connected; switching back asks nothing; each keeps its accounts', async () => {
    const a = extension('a.wallet', ALICE)
    const b = extension('b.wallet', BOB)
    const { connection, storage } = setupReal([a.connector, b.connector])
    await connection.connect(a.connector)
    await connection.connect(b.connector)
    // The first wallet kept its permission: adding the second did not revoke it.
    expect(a.seen).toMatchObject({ authorized: true, revoked: 0 })
    expect(connection.get().session?.accounts).toEqual([BOB])
    expect(storage.connections().map((e) => [e.connectorId, e.status, e.accounts?.[0]?.address])).toEqual([
      ['injected:b.wallet', 'active', BOB],
      ['injected:a.wallet', 'connected', ALICE],
    ])
    expect(storage.connections()[1]).toMatchObject({ namespace: 'eip155', chainId: 31337 })

    await connection.activate('injected:a.wallet')
    expect(connection.get()).toMatchObject({ status: 'connected', connectorId: 'injected:a.wallet' })
    expect(connection.get().session?.accounts).toEqual([ALICE])
    expect(await connection.request('personal_sign', [])).toBe('a.wallet:personal_sign')
    // No new approval: each wallet was asked once, when it was added.
    expect([a.seen.prompts, b.seen.prompts]).toEqual([1, 1])
    await connection.activate('injected:b.wallet')
    expect(await connection.request('personal_sign', [])).toBe('b.wallet:personal_sign')
    expect([a.seen.prompts, b.seen.prompts]).toEqual([1, 1])
  })

  it('a kept wallet that changes account updates its stored accounts, not the current session', async () => {
    const a = extension('a.wallet', ALICE)
    const b = extension('b.wallet', BOB)
    const { connection, storage } = setupReal([a.connector, b.connector])
    await connection.connect(a.connector)
    await connection.connect(b.connector)
    a.connector.emit({ event: 'accountsChanged', data: [CAROL] })
    expect(storage.connections().find((e) => e.connectorId === 'injected:a.wallet')?.accounts).toEqual([
      { address: CAROL, type: 'eoa' },
    ])
    expect(connection.get().session?.accounts).toEqual([BOB])
    // The kept wallet disconnecting the site drops it from the list; the current one stays.
    a.connector.emit({ event: 'accountsChanged', data: [] })
    expect(connection.connections().find((e) => e.connectorId === 'injected:a.wallet')?.status).toBe(
      'disconnected',
    )
    expect(connection.get()).toMatchObject({ status: 'connected', connectorId: 'injected:b.wallet' })
  })

  it('delete ends only that connection; the current one stays connected', async () => {
    const a = extension('a.wallet', ALICE)
    const b = extension('b.wallet', BOB)
    const { connection, storage } = setupReal([a.connector, b.connector])
    await connection.connect(a.connector)
    await connection.connect(b.connector)
    expect(a.seen.revoked).toBe(0)
    await connection.remove('injected:a.wallet')
    expect(a.seen).toMatchObject({ revoked: 1, authorized: false })
    expect(b.seen).toMatchObject({ revoked: 0, authorized: true })
    expect(storage.connections().map((e) => e.connectorId)).toEqual(['injected:b.wallet'])
    expect(connection.get()).toMatchObject({ status: 'connected', connectorId: 'injected:b.wallet' })
  })

  it('a reload restores every connection, the current one current, the others kept with their accounts', async () => {
    const a = extension('a.wallet', ALICE)
    const b = extension('b.wallet', BOB)
    const backend = Storage.memory()
    const before = setupReal([a.connector, b.connector], backend)
    await before.connection.connect(b.connector)
    await before.connection.connect(a.connector)
    const after = setupReal([a.connector, b.connector], backend)
    expect(after.connection.get().status).toBe('disconnected')
    await after.connection.reconnect()
    expect(after.connection.get()).toMatchObject({ status: 'connected', connectorId: 'injected:a.wallet' })
    await vi.waitFor(() =>
      expect(after.connection.connections().map((e) => [e.status, e.accounts?.[0]?.address])).toEqual([
        ['active', ALICE],
        ['connected', BOB],
      ]),
    )
    await after.connection.activate('injected:b.wallet')
    expect(after.connection.get().session?.accounts).toEqual([BOB])
    expect([a.seen.prompts, b.seen.prompts]).toEqual([1, 1])
  })

  it("a wallet that fails to disconnect: 'Failed to disconnect chains: …', the modal disconnected anyway", async () => {
    const a = extension('a.wallet', ALICE, { revokeFails: true })
    const { connection, storage } = setupReal([a.connector])
    await connection.connect(a.connector)
    await expect(connection.disconnect()).rejects.toThrow(
      Errors.failedToDisconnectChains('The wallet is locked'),
    )
    expect(connection.get()).toMatchObject({ status: 'disconnected', connectorId: undefined })
    expect(storage.connections()[0]).toEqual({
      connectorId: 'injected:a.wallet',
      status: 'disconnected',
      usedAt: expect.any(Number),
    })
  })

  it('a wallet without wallet_revokePermissions disconnects without an error', async () => {
    const connector = Injected.create(
      { uuid: 'u', rdns: 'old.wallet', name: 'Old', icon: '' },
      {
        request: async (_uuid, { method }) => {
          if (method === 'eth_requestAccounts') return [ALICE]
          if (method === 'eth_chainId') return '0x7a69'
          throw Object.assign(new Error('Method not found'), { code: -32601 })
        },
      },
    )
    const { connection } = setupReal([connector])
    await connection.connect(connector)
    await expect(connection.disconnect()).resolves.toBeUndefined()
  })
})

describe('Connection with a connector that keeps several connections (WalletConnect sessions)', () => {
  /** A bare connector whose sessions each get a connector of their own (`walletConnect:<topic>`). */
  function sessions() {
    let next = 0
    const own = new Map<string, ReturnType<typeof scripted>>()
    const bare = {
      ...scripted('walletConnect'),
      connect: vi.fn(async () => {
        const topic = `t${++next}`
        const account: `0x${string}` = next === 1 ? ALICE : BOB
        const session: Connector.Session = {
          accounts: [account],
          chainId: 31337,
          wallet: { id: topic, name: 'WC' },
          topic,
        }
        own.set(topic, scripted(`walletConnect:${topic}`, { session }))
        return session
      }),
      reconnect: vi.fn(async () => own.get('t1')?.reconnect()),
      keeper: (session: Connector.Session) => (session.topic ? own.get(session.topic) : undefined),
    }
    const resolve = async (id: string): Promise<Connector.Connector | undefined> =>
      id === 'walletConnect' ? bare : own.get(id.split(':')[1] ?? '')
    return { bare, own, resolve }
  }

  it('two WalletConnect wallets are kept side by side, each under its topic; switching asks neither', async () => {
    const { bare, own, resolve } = sessions()
    const storage = Storage.create(Storage.memory())
    const connection = Connection.create({
      storage,
      resolve,
      context: () => ({ networks: [], chainId: 31337 }),
    })
    await connection.connect(bare)
    await connection.connect(bare)
    expect(connection.get().connectorId).toBe('walletConnect:t2')
    expect(storage.connections().map((e) => [e.connectorId, e.accounts?.[0]?.address])).toEqual([
      ['walletConnect:t2', BOB],
      ['walletConnect:t1', ALICE],
    ])
    await connection.activate('walletConnect:t1')
    expect(await connection.request('personal_sign', [])).toBe('walletConnect:t1:personal_sign')
    expect(own.get('t1')?.disconnect).not.toHaveBeenCalled()
    await connection.remove('walletConnect:t2')
    expect(own.get('t2')?.disconnect).toHaveBeenCalledOnce()
    expect(own.get('t1')?.disconnect).not.toHaveBeenCalled()
  })

  it('a connection stored as the bare `walletConnect` (before sessions were kept apart) is restored under its topic', async () => {
    const { bare, resolve } = sessions()
    await bare.connect()
    const backend = Storage.memory()
    Storage.create(backend).setActive('walletConnect', 1)
    const storage = Storage.create(backend)
    const connection = Connection.create({
      storage,
      resolve,
      context: () => ({ networks: [], chainId: 31337 }),
    })
    await connection.reconnect()
    expect(connection.get().connectorId).toBe('walletConnect:t1')
    expect(storage.connections().map((e) => e.connectorId)).toEqual(['walletConnect:t1'])
  })
})

describe('Connection.disconnect while nothing is current', () => {
  it('a disconnect during a connect attempt goes back to disconnected', async () => {
    const slow = { ...scripted('injected:slow.wallet'), connect: vi.fn(() => new Promise<never>(() => {})) }
    const { connection } = setup([])
    void connection.connect(slow).catch(() => {})
    expect(connection.get().status).toBe('connecting')
    await connection.disconnect()
    expect(connection.get().status).toBe('disconnected')
  })
})
