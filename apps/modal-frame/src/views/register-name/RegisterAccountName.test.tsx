// @vitest-environment jsdom

import * as Errors from '@frontdoor/schemas/errors'
import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, describe, expect, test, vi } from 'vitest'
import * as Queries from '../../account/Queries.js'
import type * as Controller from '../../controller/Controller.js'
import { ControllerContext } from '../../controller/context.js'
import * as Router from '../../router/Router.js'
import * as Store from '../../store/Store.js'
import { useStore } from '../../store/useStore.js'
import RegisterAccountName from './RegisterAccountName.js'
import * as RegisterStore from './RegisterStore.js'

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true

const ALICE = '0x00000000000000000000000000000000000a11ce'

/** Lets timers (the field's debounce) and fetches run inside act. */
const tick = (ms: number) => act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)))
const NAME = 'alice.frontdoor.id'

/** The modal's body: the view the router shows (another view unmounts this one). */
function Shell({ router }: { router: Router.Router }) {
  const { view } = useStore(router)
  return view === 'RegisterAccountName' ? <RegisterAccountName /> : <p data-view={view} />
}

/**
 * The API: `alice` is free, the account has no name yet, a registration is recorded; `fail` makes a
 * route answer an error instead.
 */
function stubApi(fail: { suggestions?: boolean; reverse?: boolean; register?: string } = {}) {
  const registered: unknown[] = []
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (url.includes('/v1/profile/suggestions/'))
      return fail.suggestions
        ? Response.json({ error: { message: 'down' } }, { status: 503 })
        : Response.json({ suggestions: [{ name: NAME, registered: false }] })
    if (url.includes('/v1/profile/reverse/'))
      return fail.reverse ? Response.json({ error: { message: 'down' } }, { status: 503 }) : Response.json([])
    if (url.includes('/v1/profile/account') && init?.method === 'POST') {
      if (fail.register) return Response.json({ error: { message: fail.register } }, { status: 409 })
      registered.push(JSON.parse(String(init.body)))
      return Response.json({ name: NAME, registered_at: '2026-01-01', addresses: {} }, { status: 201 })
    }
    return Response.json({ name: null, avatar: null })
  })
  return registered
}

/**
 * The modal with the embedded wallet: its personal_sign pushes ApproveTransaction over the view (which
 * unmounts it) and pops it once the visitor answers, closing the modal when no transaction is left
 * (connectors/embedded/Embedded.ts). `answer` settles the pending approval.
 */
async function setup(account: { address?: string | undefined; chainId?: number } = {}) {
  const router = Router.create('Account')
  router.push('RegisterAccountName')
  let closed = 0
  let answer: { approve: (signature: string) => void; decline: (error: Error) => void } | undefined
  const connection = Object.assign(Store.create({ connectorId: 'embedded' }), {
    current: () => ({ kind: 'embedded' }),
    request: async (method: string) => {
      router.pushTransaction('ApproveTransaction', { method })
      try {
        return await new Promise((approve, decline) => {
          answer = { approve, decline }
        })
      } finally {
        if (router.popTransaction() === 'close') closed++
      }
    },
  })
  const state = Store.create({
    address: 'address' in account ? account.address : ALICE,
    chainId: account.chainId ?? 31337,
    host: { info: { networks: [{ caipNetworkId: 'eip155:31337' }] } },
  })
  const controller = {
    state,
    connection,
    router,
    env: { apiUrl: 'http://api.test', projectId: 'demo' },
  } as unknown as Controller.Controller
  const container = document.createElement('div')
  document.body.append(container)
  const root = createRoot(container)
  await act(async () =>
    root.render(
      <ControllerContext value={controller}>
        <Shell router={router} />
      </ControllerContext>,
    ),
  )
  mounted.push({ root, container })
  const field = () => container.querySelector('input') as HTMLInputElement | null
  const button = () => container.querySelector('button[type="submit"]') as HTMLButtonElement | null
  return {
    router,
    container,
    closed: () => closed,
    field,
    alert: () => container.querySelector('[role="alert"]')?.textContent,
    async type(value: string) {
      await act(async () => {
        const input = field()!
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value)
        input.dispatchEvent(new Event('input', { bubbles: true }))
      })
      await tick(400)
      await vi.waitFor(() => expect(container.textContent).toContain(`${NAME} is available`))
      await vi.waitFor(() => expect(button()!.disabled).toBe(false))
    },
    async register() {
      await act(async () => button()!.click())
    },
    async settle(outcome: { signature: string } | { error: Error }) {
      await act(async () => {
        if ('signature' in outcome) answer!.approve(outcome.signature)
        else answer!.decline(outcome.error)
      })
      await tick(50)
    },
  }
}

const mounted: { root: Root; container: HTMLElement }[] = []
afterEach(() => {
  for (const { root, container } of mounted.splice(0)) {
    act(() => root.unmount())
    container.remove()
  }
  RegisterStore.frame.reset()
  Queries.frame().client.clear()
  vi.unstubAllGlobals()
})

describe('RegisterAccountName with the embedded wallet (approved in the auth frame)', () => {
  test('declined in the approval view: the modal stays open and the view comes back with the name typed and the error', async () => {
    const registered = stubApi()
    const t = await setup()
    await t.type('alice')
    await t.register()
    expect(t.router.get().view).toBe('ApproveTransaction')
    expect(t.field()).toBeNull()

    await t.settle({ error: Object.assign(new Error('Signature declined'), { code: 4001 }) })
    expect(t.closed()).toBe(0)
    expect(t.router.get().view).toBe('RegisterAccountName')
    expect(t.field()?.value).toBe('alice')
    expect(t.container.querySelector('[role="alert"]')?.textContent).toBe('Signature declined')
    expect(registered).toEqual([])
    // Back goes to Account, as before the attempt.
    expect(t.router.get().history.map((entry) => entry.view)).toEqual(['Account'])
  })

  test('approved: the name is registered with the signature and RegisterAccountNameSuccess shows, the modal still open', async () => {
    const registered = stubApi()
    const t = await setup()
    await t.type('alice')
    await t.register()
    await t.settle({ signature: '0x5167' })
    await vi.waitFor(() => expect(t.router.get().view).toBe('RegisterAccountNameSuccess'))
    expect(t.router.get().data).toEqual({ name: NAME })
    expect(t.closed()).toBe(0)
    expect(registered).toEqual([
      expect.objectContaining({ coin_type: 60, address: ALICE, signature: '0x5167' }),
    ])
    // The next registration starts afresh.
    expect(RegisterStore.frame.get()).toEqual({ typed: '', step: 'edit', error: undefined })
  })
})

describe('the names errors of spec section 8, where their condition happens', () => {
  test("no account: 'Address or auth connector not found'", async () => {
    stubApi()
    const t = await setup({ address: undefined })
    expect(t.field()).toBeNull()
    expect(t.alert()).toBe(Errors.NAMES.ADDRESS_OR_CONNECTOR_NOT_FOUND)
  })

  test("an account on a network the page did not list: 'Network not found'", async () => {
    stubApi()
    const t = await setup({ chainId: 10 })
    expect(t.field()).toBeNull()
    expect(t.alert()).toBe(Errors.NAMES.NETWORK_NOT_FOUND)
  })

  test("the suggestions cannot be had: 'Error fetching name suggestions'", async () => {
    stubApi({ suggestions: true })
    const t = await setup()
    await act(async () => {
      const input = t.field()!
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, 'alice')
      input.dispatchEvent(new Event('input', { bubbles: true }))
    })
    await tick(400)
    await vi.waitFor(() => expect(t.alert()).toBe(Errors.NAMES.SUGGESTIONS))
  })

  test("the account's names cannot be had: 'Error fetching names for address' (registering still works)", async () => {
    stubApi({ reverse: true })
    const t = await setup()
    await tick(50)
    await vi.waitFor(() => expect(t.alert()).toBe(Errors.NAMES.NAMES_FOR_ADDRESS))
    await t.type('alice')
  })

  test('the names the account has are shown', async () => {
    stubApi()
    vi.stubGlobal('fetch', async (url: string) =>
      url.includes('/v1/profile/reverse/')
        ? Response.json([{ name: 'old1.frontdoor.id', registered_at: '2026-01-01', addresses: {} }])
        : Response.json({ suggestions: [] }),
    )
    const t = await setup()
    await vi.waitFor(() => expect(t.container.textContent).toContain('This account has old1.frontdoor.id'))
  })

  test("the API refuses the registration: back to the view with 'Error registering name' and its reason", async () => {
    stubApi({ register: 'The name is taken' })
    const t = await setup()
    await t.type('alice')
    await t.register()
    await t.settle({ signature: '0x5167' })
    await vi.waitFor(() => expect(t.alert()).toBe(`${Errors.NAMES.REGISTER}: The name is taken`))
    expect(t.router.get().view).toBe('RegisterAccountName')
    expect(t.field()?.value).toBe('alice')
    expect(t.closed()).toBe(0)
  })
})
