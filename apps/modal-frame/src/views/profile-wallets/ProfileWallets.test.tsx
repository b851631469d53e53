// @vitest-environment jsdom
import * as Alerts from '@frontdoor/schemas/alerts'
import * as Format from '@frontdoor/schemas/presentation/format'
import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, describe, expect, test, vi } from 'vitest'
import * as Connection from '../../connection/Connection.js'
import * as Storage from '../../connection/Storage.js'
import type * as Connector from '../../connectors/Connector.js'
import type * as Controller from '../../controller/Controller.js'
import { ControllerContext } from '../../controller/context.js'
import * as Features from '../../features/Features.js'
import * as Router from '../../router/Router.js'
import * as Store from '../../store/Store.js'
import * as Toast from '../../ui/Toast.js'
import ProfileWallets from './ProfileWallets.js'

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true

const ALICE = '0x00000000000000000000000000000000000a11ce'
const BOB = '0x0000000000000000000000000000000000000b0b'

/** A connector that answers at once (the view and the connection controller are what is tested). */
function scripted(rdns: string, name: string, account: `0x${string}`): Connector.Connector {
  const session = { accounts: [account], chainId: 31337, wallet: { id: rdns, name } }
  return {
    id: `injected:${rdns}`,
    kind: 'injected',
    connect: async () => session,
    reconnect: async () => session,
    request: async () => null,
    switchChain: async () => {},
    disconnect: vi.fn(async () => {}),
    subscribe: () => () => {},
  }
}

/** The parts of the controller the view reads: real stores, a real connection controller. */
async function setup(multiWallet: boolean) {
  const a = scripted('a.wallet', 'Wallet A', ALICE)
  const b = scripted('b.wallet', 'Wallet B', BOB)
  const storage = Storage.create(Storage.memory())
  const connection = Connection.create({
    storage,
    resolve: async (id) => [a, b].find((c) => c.id === id),
    context: () => ({ networks: [], chainId: 31337 }),
  })
  await connection.connect(b)
  await connection.connect(a)
  const state = Store.create({
    features: { ...Features.DEFAULTS, multiWallet },
    address: connection.get().session?.accounts[0],
    injected: [
      { uuid: '1', rdns: 'a.wallet', name: 'Wallet A', icon: '' },
      { uuid: '2', rdns: 'b.wallet', name: 'Wallet B', icon: '' },
    ],
  })
  const router = Router.create('ProfileWallets')
  const controller = { state, connection, router } as unknown as Controller.Controller
  const container = document.createElement('div')
  document.body.append(container)
  const root = createRoot(container)
  await act(async () =>
    root.render(
      <ControllerContext value={controller}>
        <ProfileWallets />
      </ControllerContext>,
    ),
  )
  mounted.push({ root, container })
  return { container, connection, storage, router, a, b }
}

const mounted: { root: Root; container: HTMLElement }[] = []
afterEach(() => {
  for (const { root, container } of mounted.splice(0)) {
    act(() => root.unmount())
    container.remove()
  }
})

const button = (container: HTMLElement, name: string) =>
  [...container.querySelectorAll('button')].find(
    (b) => (b.getAttribute('aria-label') ?? b.textContent) === name,
  )!

describe('ProfileWallets', () => {
  test("without the multi-wallet feature: the 'multi-wallet not enabled' info and the current wallet only", async () => {
    const { container } = await setup(false)
    const info = container.querySelector('[role="status"]')!
    expect(info.textContent).toContain(Alerts.ALERTS.MULTI_WALLET_NOT_ENABLED.shortMessage)
    expect(info.textContent).toContain(Alerts.ALERTS.MULTI_WALLET_NOT_ENABLED.longMessage)
    const rows = container.querySelectorAll('li')
    expect(rows).toHaveLength(1)
    expect(rows[0]?.textContent).toContain('Wallet A')
    expect(rows[0]?.getAttribute('aria-current')).toBe('true')
    expect(container.textContent).not.toContain('Switch')
  })

  test("a wallet that fails to disconnect on delete shows 'Failed to disconnect chains: …' and is forgotten", async () => {
    const { container, a, storage } = await setup(true)
    ;(a.disconnect as ReturnType<typeof vi.fn>).mockRejectedValueOnce(new Error('The wallet is locked'))
    const toasts: string[] = []
    const show = vi.spyOn(Toast.frame, 'show').mockImplementation((message) => void toasts.push(message))
    // Wallet A is current: switch to B first, so A is a kept (not current) connection.
    await act(async () => button(container, `Switch to Wallet B ${Format.truncateAddress(BOB)}`).click())
    await vi.waitFor(() =>
      expect(button(container, `Delete Wallet A ${Format.truncateAddress(ALICE)}`)).toBeDefined(),
    )
    await act(async () => button(container, `Delete Wallet A ${Format.truncateAddress(ALICE)}`).click())
    await vi.waitFor(() => expect(toasts).toHaveLength(1))
    expect(toasts).toEqual(['Failed to disconnect chains: The wallet is locked'])
    expect(storage.connections().map((e) => e.connectorId)).toEqual(['injected:b.wallet'])
    show.mockRestore()
  })

  test('with it: the stored connections with their addresses; switch makes another current, delete forgets one', async () => {
    const { container, connection, storage, router } = await setup(true)
    const rows = () => [...container.querySelectorAll('li')].map((li) => li.textContent)
    expect(rows()).toEqual([expect.stringContaining('Wallet A'), expect.stringContaining('Wallet B')])
    expect(rows()[0]).toContain('Current')
    // The other wallet shows its own address, kept with its connection.
    expect(rows()[1]).toContain(Format.truncateAddress(BOB))

    await act(async () => button(container, `Switch to Wallet B ${Format.truncateAddress(BOB)}`).click())
    await vi.waitFor(() => expect(connection.get().session?.accounts).toEqual([BOB]))
    expect(router.get().view).toBe('Account')
    expect(rows()[1]).toContain(Format.truncateAddress(ALICE))

    router.reset('ProfileWallets')
    await vi.waitFor(() =>
      expect(button(container, `Delete Wallet A ${Format.truncateAddress(ALICE)}`)).toBeDefined(),
    )
    await act(async () => button(container, `Delete Wallet A ${Format.truncateAddress(ALICE)}`).click())
    await vi.waitFor(() => expect(storage.connections()).toHaveLength(1))
    expect(storage.connections().map((e) => e.connectorId)).toEqual(['injected:b.wallet'])
    expect(rows()).toEqual([expect.stringContaining('Wallet B')])
  })
})
