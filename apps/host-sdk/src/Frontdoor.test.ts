// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import type * as Transport from './Transport.js'

// The modal's end of the bridge, faked: a real modal frame needs a real browser (e2e/modal covers it).
// `wire` records, in order, each message the page sends and each dialog.showModal() it runs.
const wire: string[] = []
const modalCall: Transport.Call = async (name) => {
  wire.push(name)
  return name === 'close' ? { closed: true } : undefined
}
// What the page answers the modal (its `state` handler ...), kept from the last connectModal.
let pageHandlers: Transport.Handlers | undefined
vi.mock('./Transport.js', async (importOriginal) => ({
  ...(await importOriginal<typeof Transport>()),
  connectModal: (_frame: unknown, _origin: string, handlers: Transport.Handlers) => {
    pageHandlers = handlers
    return { call: Promise.resolve(modalCall), destroy: () => {} }
  },
}))

const { createFrontdoor } = await import('./Frontdoor.js')

beforeAll(() => {
  // jsdom has no constructed style sheets; the dialog's showModal()/close() are recorded on the wire.
  globalThis.CSSStyleSheet.prototype.replaceSync ??= () => {}
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    wire.push('showModal')
    this.setAttribute('open', '')
  }
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.removeAttribute('open')
  }
})
afterEach(() => {
  wire.length = 0
})

async function connectedFrontdoor() {
  const frontdoor = createFrontdoor({ projectId: 'demo', networks: [31339], metadata: { name: 'Test' } })
  // connected: the SDK sends at once from here on; each test starts with the modal closed
  await new Promise((resolve) => setTimeout(resolve, 0))
  await frontdoor.close()
  wire.length = 0
  return frontdoor
}

describe('open() and close() once the modal is connected', () => {
  test('open sends `open` before the dialog shows (showModal)', async () => {
    const frontdoor = await connectedFrontdoor()
    expect(wire).toEqual([])
    const opened = frontdoor.open()
    expect(wire).toEqual(['open', 'showModal'])
    await opened
    expect(frontdoor.getState().open).toBe(true)
    await frontdoor.close()
  })

  test('close(); open() reaches the modal in that order, and the dialog stays shown', async () => {
    const frontdoor = await connectedFrontdoor()
    await frontdoor.open()
    wire.length = 0
    const element = frontdoor.element as HTMLDialogElement
    expect(element.open).toBe(true)
    const closed = frontdoor.close()
    const opened = frontdoor.open()
    await Promise.all([closed, opened])
    expect(wire).toEqual(['close', 'open', 'showModal'])
    expect(element.open).toBe(true)
    expect(frontdoor.getState().open).toBe(true)
    await frontdoor.close()
  })

  test('open(); close() reaches the modal in that order, and the dialog ends hidden', async () => {
    const frontdoor = await connectedFrontdoor()
    const element = frontdoor.element as HTMLDialogElement
    expect(element.open).toBe(false)
    const opened = frontdoor.open()
    const closed = frontdoor.close()
    await Promise.all([opened, closed])
    expect(wire).toEqual(['open', 'showModal', 'close'])
    expect(element.open).toBe(false)
    expect(frontdoor.getState().open).toBe(false)
  })

  test('close(); open({ view }) reaches the modal in that order', async () => {
    const frontdoor = await connectedFrontdoor()
    await frontdoor.open()
    wire.length = 0
    const closed = frontdoor.close()
    const opened = frontdoor.open({ view: 'AllWallets' })
    await Promise.all([closed, opened])
    expect(wire).toEqual(['close', 'open', 'showModal'])
    expect((frontdoor.element as HTMLDialogElement).open).toBe(true)
    await frontdoor.close()
  })
})

describe('the chain the page is told', () => {
  test("is the connected wallet's, on a chain the page does not list too (chainChanged); disconnected, the page's network", async () => {
    const frontdoor = await connectedFrontdoor()
    const heard: unknown[] = []
    frontdoor.provider.on('chainChanged', (chainId) => heard.push(chainId))
    const network = {
      id: 31339,
      caipNetworkId: 'eip155:31339',
      chainNamespace: 'eip155' as const,
      name: 'Devnet 31339',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: ['http://127.0.0.1:8547'] } },
    }
    const snapshot = { open: false, loading: false, view: 'Connect', status: 'connected' } as const
    const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
    const state = (value: Parameters<Transport.Handlers['state']>[0]) =>
      (pageHandlers!.state as (v: unknown, c: unknown) => unknown)(value, {})
    expect(await frontdoor.provider.request({ method: 'eth_chainId' })).toBe('0x7a6b')
    // The wallet sits on chain 1, which the page does not list: the modal sends no network for it.
    state({ ...snapshot, account: { address, caipAddress: `eip155:1:${address}`, status: 'connected' } })
    expect(await frontdoor.provider.request({ method: 'eth_chainId' })).toBe('0x1')
    expect(heard).toEqual(['0x1'])
    // Disconnected: the page's network again.
    state({ ...snapshot, status: 'disconnected', network })
    expect(await frontdoor.provider.request({ method: 'eth_chainId' })).toBe('0x7a6b')
    expect(heard).toEqual(['0x1', '0x7a6b'])
  })
})

// Last: it imports the module afresh, and the transport stub then holds that instance's handlers.
describe('createFrontdoor() before <body> exists (a script tag in <head>)', () => {
  test('the SDK is there at once; its dialog joins <body> once the document is parsed', async () => {
    vi.resetModules()
    const fresh = await import('./Frontdoor.js')
    const body = document.body
    body.remove()
    expect(document.body).toBeNull()
    try {
      const frontdoor = fresh.createFrontdoor({
        projectId: 'demo',
        networks: [31339],
        metadata: { name: 'Head' },
      })
      expect(frontdoor.element.isConnected).toBe(false)
      expect(frontdoor.getState().status).toBe('disconnected')
      document.documentElement.append(body)
      document.dispatchEvent(new Event('DOMContentLoaded', { bubbles: true }))
      expect(frontdoor.element.parentElement).toBe(document.body)
    } finally {
      if (!body.isConnected) document.documentElement.append(body)
    }
  })
})
