import * as Bridge from '@frontdoor/protocol/bridge'
import type * as Message from '@frontdoor/protocol/message'
import { SiwxMessage } from '@frontdoor/schemas'
import { type Hex, hexToString, verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, test } from 'vitest'
import * as Track from '../analytics/Track.js'
import type * as HostBridge from '../bridge/HostBridge.js'
import * as OpenView from '../controller/OpenView.js'
import * as State from '../controller/State.js'
import * as Modal from '../modal/Modal.js'
import * as Router from '../router/Router.js'
import * as Siwx from './Siwx.js'

/** The analytics events the sign-in records (analytics/Track.ts). */
const events: unknown[] = []
Track.attach({ track: (event, properties) => void events.push([event, properties]) })

// Hardhat's first dev key: a real signature from a real key.
const wallet = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
const address = wallet.address

const DATA = { domain: 'shop.example', uri: 'https://shop.example', version: '1', nonce: 'abcdefgh12' }

type Session = { data: Record<string, unknown> & { chainId: string }; message: string; signature: string }

/**
 * The page's side as the host answers it: an in-memory session store (the page's functions are the
 * page's; what is tested is the modal's use of them).
 */
type Created = { data: Record<string, unknown>; message?: string }

function page(
  options: {
    siwx?: boolean
    required?: boolean
    sessions?: Session[]
    /** The page's own createMessage: changes what the default answer would be. */
    create?: (created: { data: Session['data'] }) => Created
  } = {},
) {
  const sessions = options.sessions ?? []
  const calls: string[] = []
  const remote = {
    async siwxCreateMessage({ accountAddress, chainId }: { accountAddress: string; chainId: string }) {
      calls.push('create')
      const data = {
        domain: 'shop.example',
        uri: 'https://shop.example',
        version: '1',
        nonce: 'abcdefgh12',
        issuedAt: new Date().toISOString(),
        accountAddress,
        chainId,
      }
      return options.create ? options.create({ data }) : { data }
    },
    async siwxAddSession(session: Session) {
      calls.push('add')
      sessions.unshift(session)
    },
    async siwxGetRequired() {
      return options.required ?? false
    },
    async siwxGetSessions({ chainId, address: a }: { chainId: string; address: string }) {
      calls.push(`get ${chainId}`)
      return sessions.filter((s) => s.data.chainId === chainId && s.data.accountAddress === a)
    },
  }
  const host = {
    origin: 'https://shop.example',
    remote: {},
    // The modal's calls to the host's SIWX messages (Bridge.Connection.extend), validated both ways by
    // the protocol's definitions; the page answers.
    extend: (definitions: Message.Definitions) =>
      Bridge.remote(definitions, async (name, args) => {
        const call = remote[name as keyof typeof remote] as (params: unknown) => Promise<unknown>
        return { result: await call(args[0]) }
      }),
    destroy() {},
    info: {
      siwx: options.siwx ?? true,
      metadata: { name: 'Shop' },
      networks: [],
    },
  } as unknown as HostBridge.Connected
  return { host, sessions, calls }
}

function setup(options: Parameters<typeof page>[0] & { chainId?: number; decline?: boolean } = {}) {
  const { host, sessions, calls } = page(options)
  const state = State.create({ projectId: 'p' }, [])
  const router = Router.create()
  const ui = { shown: 0, closeAsked: 0 }
  const wallet_ = { signed: [] as string[], switched: [] as number[], disconnected: 0 }
  const connection = {
    get: () => ({ connectorId: 'injected:io.metamask' }),
    async request(method: string, params?: unknown) {
      expect(method).toBe('personal_sign')
      const [hex, from] = params as [Hex, string]
      expect(from).toBe(address)
      if (options.decline) throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
      wallet_.signed.push(hexToString(hex))
      return wallet.signMessage({ message: { raw: hex } })
    },
    async disconnect() {
      wallet_.disconnected++
      state.set((s) => ({ ...s, status: 'disconnected', address: undefined }))
    },
  }
  const modal = Modal.create()
  // The controller's parts sign-in uses: real stores, the wallet above, the page's close.
  const controller = {
    state,
    router,
    modal,
    env: { mode: 'modal' as const },
    connection: connection as unknown as Siwx.Options['connection'],
    onSupportedChain: () => true,
    async switchNetwork(chainId: number) {
      wallet_.switched.push(chainId)
      state.set((s) => ({ ...s, chainId }))
    },
    requestClose: () => {
      ui.closeAsked++
      modal.close()
    },
  }
  ;(host.remote as { open?: () => Promise<void> }).open = async () => {
    ui.shown++
  }
  const signIn = Siwx.create(controller, () => host)
  const connect = (chainId = options.chainId ?? 31337) =>
    state.set((s) => ({ ...s, status: 'connected', address, chainId }))
  return { signIn, state, router, modal, ui, wallet: wallet_, sessions, calls, connect }
}

describe('check', () => {
  test('connected with no session: SIWXSignMessage opens, and the modal with it', async () => {
    const t = setup()
    expect(await t.signIn.check()).toBe(false)
    expect(t.router.get().view).toBe('Connect')
    t.connect()
    expect(await t.signIn.check()).toBe(true)
    expect(t.router.get().view).toBe('SIWXSignMessage')
    expect(t.ui.shown).toBe(1)
    expect(t.signIn.hasSession()).toBe(false)
    // Once per account and network.
    await t.signIn.check()
    expect(t.calls).toEqual(['get eip155:31337'])
  })

  test('a stored session: nothing opens', async () => {
    const t = setup({
      sessions: [
        {
          data: { ...DATA, chainId: 'eip155:31337', accountAddress: address },
          message: 'm',
          signature: '0x1',
        },
      ],
    })
    t.connect()
    expect(await t.signIn.check()).toBe(false)
    expect(t.router.get().view).toBe('Connect')
    expect(t.signIn.hasSession()).toBe(true)
  })

  test('SIWX off: nothing is asked of the page', async () => {
    const t = setup({ siwx: false })
    t.connect()
    expect(await t.signIn.check()).toBe(false)
    expect(t.calls).toEqual([])
    await expect(t.signIn.signIn()).rejects.toThrow('SIWX is not enabled')
  })
})

describe('signIn', () => {
  test('the wallet signs the EIP-4361 message; the page gets a session that verifies; the modal closes', async () => {
    const t = setup()
    t.connect()
    await t.signIn.check()
    await t.signIn.signIn()
    expect(t.calls).toEqual(['get eip155:31337', 'create', 'add'])
    const [session] = t.sessions
    expect(t.wallet.signed).toEqual([session?.message])
    expect(SiwxMessage.parse(session?.message ?? '')).toEqual(session?.data)
    expect(session?.message.split('\n')[0]).toBe(
      'shop.example wants you to sign in with your Ethereum account:',
    )
    expect(
      await verifyMessage({ address, message: session?.message ?? '', signature: session?.signature as Hex }),
    ).toBe(true)
    expect(t.signIn.hasSession()).toBe(true)
    expect(t.ui.closeAsked).toBe(1)
    expect(t.router.get().transactionStack).toEqual([])
    expect(t.state.get().signInLock).toBe(false)
  })

  test("declined: 'Signature declined', the view stays, no session", async () => {
    const t = setup({ decline: true })
    t.connect()
    await t.signIn.check()
    const error = await t.signIn.signIn().catch((e: unknown) => e)
    expect(Siwx.errorOf(error)).toBe('Signature declined')
    // Kept for the view, which the embedded wallet's approval view unmounted meanwhile.
    expect(t.signIn.lastError()).toBe('Signature declined')
    expect(t.router.get().view).toBe('SIWXSignMessage')
    expect(t.sessions).toEqual([])
    expect(t.ui.closeAsked).toBe(0)
    expect(t.signIn.hasSession()).toBe(false)
  })
})

describe("the page's message is checked before the wallet signs it", () => {
  const other = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
  const format = (data: Session['data']) => SiwxMessage.format(data as never)
  test.each([
    [
      'another account',
      ({ data }: { data: Session['data'] }) => ({ data: { ...data, accountAddress: other.address } }),
    ],
    [
      'another network',
      ({ data }: { data: Session['data'] }) => ({ data: { ...data, chainId: 'eip155:1' } }),
    ],
    [
      'another domain',
      ({ data }: { data: Session['data'] }) => ({ data: { ...data, domain: 'evil.example' } }),
    ],
    [
      'another origin as URI',
      ({ data }: { data: Session['data'] }) => ({ data: { ...data, uri: 'https://evil.example/login' } }),
    ],
    [
      'a text for another site than its data',
      ({ data }: { data: Session['data'] }) => ({
        data,
        message: format({ ...data, domain: 'evil.example', uri: 'https://evil.example' }),
      }),
    ],
    [
      'a text for another account than its data',
      ({ data }: { data: Session['data'] }) => ({
        data,
        message: format({ ...data, accountAddress: other.address }),
      }),
    ],
    [
      'a text with another nonce than its data',
      ({ data }: { data: Session['data'] }) => ({ data, message: format({ ...data, nonce: 'zzzzzzzz99' }) }),
    ],
    [
      'a text with a statement its data lacks',
      ({ data }: { data: Session['data'] }) => ({
        data,
        message: format({ ...data, statement: 'Send all funds' }),
      }),
    ],
    [
      'a text that is no sign-in message',
      ({ data }: { data: Session['data'] }) => ({ data, message: 'Transfer 10 ETH' }),
    ],
  ])('%s: the view shows the mismatch, nothing is signed or stored', async (_, create) => {
    const t = setup({ create })
    t.connect()
    await t.signIn.check()
    const error = await t.signIn.signIn().catch((e: unknown) => e)
    expect(Siwx.errorOf(error)).toBe(Siwx.MESSAGE_MISMATCH)
    expect(t.wallet.signed).toEqual([])
    expect(t.calls).toEqual(['get eip155:31337', 'create'])
    expect(t.sessions).toEqual([])
    expect(t.router.get().view).toBe('SIWXSignMessage')
    expect(t.router.get().transactionStack).toEqual([])
    expect(t.ui.closeAsked).toBe(0)
  })

  test("the page's own text that says what its data says is signed as it is (a page's createMessage; the address in any case, a path in the URI)", async () => {
    const own = ({ data }: { data: Session['data'] }) => {
      const mine = { ...data, uri: 'https://shop.example/login', statement: 'Welcome back' }
      return { data: { ...mine, accountAddress: address.toLowerCase() }, message: format(mine) }
    }
    const t = setup({ create: own })
    t.connect()
    await t.signIn.check()
    await t.signIn.signIn()
    expect(t.wallet.signed).toHaveLength(1)
    expect(t.wallet.signed[0]).toContain('Welcome back')
    expect(t.sessions[0]?.message).toBe(t.wallet.signed[0])
    expect(t.ui.closeAsked).toBe(1)
  })

  test('matches: the host origin decides domain and URI', () => {
    const data = {
      ...DATA,
      chainId: 'eip155:31337',
      accountAddress: address,
      issuedAt: new Date().toISOString(),
    }
    const expected = { address, chainId: 'eip155:31337', origin: 'https://shop.example' }
    expect(Siwx.matches({ data }, expected)).toBe(true)
    expect(Siwx.matches({ data, message: format(data) }, expected)).toBe(true)
    expect(Siwx.matches({ data }, { ...expected, origin: 'https://shop.example:8443' })).toBe(false)
    expect(Siwx.matches({ data: { ...data, uri: 'http://shop.example' } }, expected)).toBe(false)
    expect(Siwx.matches({ data: { ...data, uri: 'not a url' } }, expected)).toBe(false)
  })
})

describe('analytics', () => {
  test('a sign-in records SIWX_SUCCESS, a declined one SIWX_ERROR: connector kind and chain, no address', async () => {
    events.length = 0
    const declined = setup({ decline: true })
    declined.connect()
    await declined.signIn.check()
    await declined.signIn.signIn().catch(() => {})
    expect(events).toEqual([['SIWX_ERROR', { kind: 'injected', chainId: 31337, declined: true }]])
    const t = setup()
    t.connect()
    await t.signIn.check()
    await t.signIn.signIn()
    expect(events).toEqual([
      ['SIWX_ERROR', { kind: 'injected', chainId: 31337, declined: true }],
      ['SIWX_SUCCESS', { kind: 'injected', chainId: 31337 }],
    ])
    expect(JSON.stringify(events).toLowerCase()).not.toContain(address.slice(2).toLowerCase())
  })
})

describe('cancel', () => {
  test('not required: the modal closes, the wallet stays connected', async () => {
    const t = setup()
    t.connect()
    await t.signIn.check()
    await t.signIn.cancel()
    expect(t.ui.closeAsked).toBe(1)
    expect(t.wallet.disconnected).toBe(0)
  })

  test('required, no session anywhere: the modal is locked (it may not close), cancel disconnects', async () => {
    const t = setup({ required: true })
    t.connect()
    await t.signIn.check()
    expect(t.state.get().signInLock).toBe(true)
    expect(t.signIn.required()).toBe(true)
    await t.signIn.cancel()
    expect(t.wallet.disconnected).toBe(1)
    expect(t.router.get().view).toBe('Connect')
  })

  test('required, signed in on the last network: switches back to it instead', async () => {
    const t = setup({ required: true })
    t.connect(31337)
    await t.signIn.check()
    await t.signIn.signIn()
    t.connect(31338)
    expect(await t.signIn.check()).toBe(true)
    await t.signIn.cancel()
    expect(t.wallet.switched).toEqual([31337])
    expect(t.wallet.disconnected).toBe(0)
    expect(t.signIn.hasSession()).toBe(true)
  })
})

describe('a session revoked by the page while the modal is closed', () => {
  /** Signed in on 31337, the modal closed, the page's Account view next time. */
  async function signedIn(required: boolean) {
    const t = setup({ required })
    t.connect()
    await t.signIn.check()
    await t.signIn.signIn()
    t.router.reset('Account')
    expect(t.modal.get().open).toBe(false)
    expect(t.state.get().signInLock).toBe(false)
    return t
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

  test('required: opening the modal reads the sessions again; none: SIWXSignMessage, locked', async () => {
    const t = await signedIn(true)
    // The page revokes (frontdoor.siwx.revokeSession, or its own server): its store is empty.
    t.sessions.length = 0
    t.modal.open()
    await settle()
    expect(t.calls.at(-1)).toBe('get eip155:31337')
    expect(t.router.get().view).toBe('SIWXSignMessage')
    expect(t.signIn.hasSession()).toBe(false)
    expect(t.state.get().signInLock).toBe(true)
    // Signing again unlocks it.
    await t.signIn.signIn()
    expect(t.state.get().signInLock).toBe(false)
    expect(t.signIn.hasSession()).toBe(true)
  })

  test('a session still there: the view the modal opened on stays', async () => {
    const t = await signedIn(true)
    t.modal.open()
    await settle()
    expect(t.calls.filter((c) => c.startsWith('get'))).toHaveLength(2)
    expect(t.router.get().view).toBe('Account')
    expect(t.state.get().signInLock).toBe(false)
  })

  test('optional, cancelled: opening again does not ask again (no session was seen)', async () => {
    const t = setup()
    t.connect()
    await t.signIn.check()
    await t.signIn.cancel()
    t.router.reset('Account')
    t.modal.open()
    await settle()
    expect(t.calls).toEqual(['get eip155:31337'])
    expect(t.router.get().view).toBe('Account')
  })
})

describe('OpenView', () => {
  test("the page may not open SIWXSignMessage without siwx: 'SIWX is not enabled'", () => {
    const features = {} as never
    expect(OpenView.refusal('SIWXSignMessage', { features, connected: true, siwx: false })).toBe(
      'SIWX is not enabled',
    )
    expect(OpenView.refusal('SIWXSignMessage', { features, connected: true, siwx: true })).toBeUndefined()
  })
})
