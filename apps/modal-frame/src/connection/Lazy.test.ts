import { describe, expect, it, vi } from 'vitest'
import type * as Connector from '../connectors/Connector.js'
import * as Lazy from './Lazy.js'
import * as Storage from './Storage.js'

const ALICE = '0x00000000000000000000000000000000000a11ce'

function connector(id: string) {
  const session: Connector.Session = { accounts: [ALICE], chainId: 31337, wallet: { id, name: id } }
  return {
    id,
    kind: 'walletConnect' as Connector.Kind,
    connect: vi.fn(async () => session),
    reconnect: vi.fn(async () => session),
    request: vi.fn(async (method: string) => `${id}:${method}`),
    switchChain: vi.fn(async () => {}),
    disconnect: vi.fn(async () => {}),
    subscribe: () => () => {},
  } satisfies Connector.Connector
}

describe('Lazy', () => {
  it('reads as disconnected (with the stored recent wallets) at once, then follows the loaded controller', async () => {
    const storage = Storage.create(Storage.memory())
    storage.addRecent({ id: 'w1', name: 'Wallet One' })
    const wallet = connector('walletConnect')
    const connection = Lazy.create({
      storage,
      resolve: async () => wallet,
      context: () => ({ networks: [], chainId: 31337 }),
    })
    // Before the code arrived: the initial state, and no connector.
    expect(connection.get()).toMatchObject({ status: 'disconnected', session: undefined })
    expect(connection.get().recent.map((w) => w.id)).toEqual(['w1'])
    expect(connection.current()).toBeUndefined()
    expect(connection.connections()).toEqual([])
    const statuses: string[] = []
    connection.subscribe(() => statuses.push(connection.get().status))

    // A call made now waits for the code, then goes to the controller; the state follows it.
    const session = await connection.connect(wallet)
    expect(session.accounts).toEqual([ALICE])
    expect(wallet.connect).toHaveBeenCalledOnce()
    expect(connection.get()).toMatchObject({ status: 'connected', connectorId: 'walletConnect' })
    expect(statuses).toContain('connecting')
    expect(statuses.at(-1)).toBe('connected')
    expect(connection.current()).toBe(wallet)
    expect(await connection.request('eth_chainId', [])).toBe('walletConnect:eth_chainId')
    await connection.disconnect()
    expect(connection.get().status).toBe('disconnected')
  })

  it('a failed fetch of its code is not kept: the waiting call fails, the next call fetches again and works', async () => {
    const storage = Storage.create(Storage.memory())
    const wallet = connector('walletConnect')
    let fetches = 0
    const connection = Lazy.create(
      { storage, resolve: async () => wallet, context: () => ({ networks: [], chainId: 31337 }) },
      async () => {
        fetches++
        if (fetches <= 2) throw new TypeError('Failed to fetch dynamically imported module')
        return import('./Connection.js')
      },
    )
    // The fetch at start failed (let it settle); a call now fetches again, and that fails too.
    await new Promise((resolve) => setTimeout(resolve))
    expect(fetches).toBe(1)
    await expect(connection.connect(wallet)).rejects.toThrow('Failed to fetch dynamically imported module')
    expect(connection.get().status).toBe('disconnected')
    // The next call fetches once more, and this time connects.
    expect((await connection.connect(wallet)).accounts).toEqual([ALICE])
    expect(fetches).toBe(3)
    expect(connection.get().status).toBe('connected')
  })
})
