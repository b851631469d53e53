// @vitest-environment jsdom
import { Constants } from '@frontdoor/schemas'
import { ALERTS } from '@frontdoor/schemas/alerts'
import { afterEach, describe, expect, test, vi } from 'vitest'
import * as Router from '../../router/Router.js'
import * as SolanaAccount from '../solana/Account.js'
import * as AuthFrame from './AuthFrame.js'
import * as Embedded from './Embedded.js'
import * as TestPeer from './testPeer.js'

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const context = {
  networks: [
    {
      id: 31337,
      caipNetworkId: 'eip155:31337',
      chainNamespace: 'eip155',
      name: 'Devnet',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
    },
  ] as never,
  chainId: 31337,
}

function setup(handlers: Partial<TestPeer.AuthHandlers> = {}, hostOrigin?: string) {
  const router = Router.create('Account')
  const ui = { router, open: vi.fn(), close: vi.fn(), toast: vi.fn() }
  const calls: string[] = []
  const traced = Object.fromEntries(
    Object.entries({ ...TestPeer.defaultHandlers(), ...handlers }).map(([name, handler]) => [
      name,
      (...args: unknown[]) => {
        calls.push(name)
        return (handler as (...a: unknown[]) => unknown)(...args)
      },
    ]),
  ) as TestPeer.AuthHandlers
  const embedded = Embedded.create({
    settings: () => ({
      authUrl: 'http://127.0.0.2:5181',
      apiUrl: 'http://127.0.0.1:4000',
      projectId: 'demo',
      metadata: { name: 'Demo' },
      hostOrigin,
      sdkVersion: '0.0.0',
      theme: { themeMode: 'dark' },
    }),
    ui,
    createFrame: (options) =>
      AuthFrame.create({ ...options, connect: TestPeer.connect(traced), readyDelayMs: 0 }),
  })
  return { embedded, ui, router, calls }
}

afterEach(() => {
  document.body.replaceChildren()
  vi.useRealTimers()
})

describe('syncDappData', () => {
  test("tells the frame the page's origin the handshake attested (the confirmed origin)", async () => {
    const synced: unknown[] = []
    const { embedded } = setup(
      { syncDappData: (data: unknown) => void synced.push(data) } as never,
      'http://localhost:5173',
    )
    await embedded.preload()
    expect(synced).toEqual([
      expect.objectContaining({ metadata: { name: 'Demo' }, hostOrigin: 'http://localhost:5173' }),
    ])
  })
})

describe('connect', () => {
  test('email: the OTP is sent, then connect with the code gives the session on the page chain', async () => {
    const { embedded, calls } = setup()
    expect(await embedded.sendEmailOtp('ada@example.com')).toEqual({ action: 'VERIFY_OTP' })
    const session = await embedded.connect(context, { data: { email: 'ada@example.com', otp: '123456' } })
    expect(session).toEqual({
      accounts: [address],
      chainId: 31337,
      wallet: { id: 'embedded', name: 'ada@example.com' },
    })
    expect(calls).toEqual([
      'syncDappData',
      'syncTheme',
      'connectEmail',
      'connectOtp',
      'switchNetwork',
      'getUser',
    ])
    expect(embedded.state.get().user?.email).toBe('ada@example.com')
  })

  test("on one of the page's networks, never on an unlisted chain another wallet left the page on", async () => {
    const { embedded } = setup()
    const session = await embedded.connect(
      { ...context, chainId: 1 },
      { data: { email: 'ada@example.com', otp: '123456' } },
    )
    expect(session.chainId).toBe(31337)
  })

  test("email from a browser the account has not approved: the right code is VERIFY_DEVICE, the view is told, and connect waits for the frame's approval", async () => {
    let approve = () => {}
    const approved = new Promise<void>((resolve) => {
      approve = resolve
    })
    const { embedded, calls } = setup({
      connectOtp: () => ({ action: 'VERIFY_DEVICE' }),
      connectDevice: () => approved,
    })
    await embedded.sendEmailOtp('ada@example.com')
    const onDeviceApproval = vi.fn()
    const connecting = embedded.connect(context, {
      data: { email: 'ada@example.com', otp: '123456' },
      onDeviceApproval,
    })
    await vi.waitFor(() => expect(calls).toContain('connectDevice'))
    expect(onDeviceApproval).toHaveBeenCalledTimes(1)
    // Still waiting for the link: no user yet.
    expect(calls).not.toContain('getUser')
    expect(embedded.state.get().user).toBeUndefined()
    approve()
    expect((await connecting).accounts).toEqual([address])
    expect(calls.slice(-4)).toEqual(['connectOtp', 'connectDevice', 'switchNetwork', 'getUser'])
  })

  test('email from an approved browser: the code alone connects, no approval asked', async () => {
    const { embedded, calls } = setup()
    const onDeviceApproval = vi.fn()
    await embedded.connect(context, { data: { email: 'ada@example.com', otp: '123456' }, onDeviceApproval })
    expect(onDeviceApproval).not.toHaveBeenCalled()
    expect(calls).not.toContain('connectDevice')
  })

  test('social with the redeem code; farcaster; nothing to connect with', async () => {
    const { embedded, calls } = setup()
    const social = await embedded.connect(context, { data: { social: 'google', code: 'r3deem' } })
    expect(social.wallet.name).toBe('google')
    expect(calls).toContain('connectSocial')
    const farcaster = await embedded.connect(context, { data: { farcaster: true } })
    expect(farcaster.wallet.name).toBe('Farcaster')
    await expect(embedded.connect(context, { data: {} })).rejects.toThrow('No auth connector found')
  })

  test('a wrong code keeps the frame error', async () => {
    const { embedded } = setup({
      connectOtp: () => {
        throw Object.assign(new Error('Invalid code'), { data: { code: 'invalid_otp' } })
      },
    })
    await expect(
      embedded.connect(context, { data: { email: 'a@b.co', otp: '000000' } }),
    ).rejects.toMatchObject({
      message: 'Invalid code',
      data: { code: 'invalid_otp' },
    })
  })
})

describe('reconnect', () => {
  test('no session in the frame: nothing to restore; a session: the user', async () => {
    expect(await setup().embedded.reconnect(context)).toBeUndefined()
    const { embedded } = setup({ isConnected: () => ({ isConnected: true }) })
    expect((await embedded.reconnect(context))?.accounts).toEqual([address])
  })

  test('after a reload, how the user logged in comes back from the stored connection: the social provider, Farcaster or email', async () => {
    const loggedIn = { isConnected: () => ({ isConnected: true }) }
    const google = setup(loggedIn).embedded
    // Before the reconnect the connector knows no login.
    expect(google.state.get().login).toBeUndefined()
    const session = await google.reconnect({ ...context, stored: { name: 'google' } })
    expect(google.state.get().login).toEqual({ method: 'social', provider: 'google' })
    // The stored connection keeps the same name again.
    expect(session?.wallet.name).toBe('google')
    const farcaster = setup(loggedIn).embedded
    await farcaster.reconnect({ ...context, stored: { name: 'Farcaster' } })
    expect(farcaster.state.get().login).toEqual({ method: 'farcaster' })
    const email = setup(loggedIn).embedded
    await email.reconnect({ ...context, stored: { name: 'alice@example.com' } })
    expect(email.state.get().login).toEqual({ method: 'email' })
    const unknown = setup(loggedIn).embedded
    await unknown.reconnect(context)
    expect(unknown.state.get().login).toBeUndefined()
  })
})

describe('loginOf', () => {
  test('a stored name reads back as the login that gave it', () => {
    expect(Embedded.loginOf('discord')).toEqual({ method: 'social', provider: 'discord' })
    expect(Embedded.loginOf('Farcaster')).toEqual({ method: 'farcaster' })
    expect(Embedded.loginOf('bob@example.com')).toEqual({ method: 'email' })
    expect(Embedded.loginOf(undefined)).toBeUndefined()
  })
})

describe('request', () => {
  test('a safe method goes straight to the frame', async () => {
    const { embedded, ui } = setup({
      rpcRequest: ({ method }) => (method === 'eth_blockNumber' ? '0x10' : null),
    })
    expect(await embedded.request('eth_blockNumber', [])).toBe('0x10')
    expect(ui.open).not.toHaveBeenCalled()
  })

  test('an unsafe one opens ApproveTransaction; its answer pops the stack and closes the modal', async () => {
    let approve: ((value: string) => void) | undefined
    const { embedded, ui, router } = setup({
      rpcRequest: () =>
        new Promise<string>((resolve) => {
          approve = resolve
        }),
    })
    const signature = embedded.request('personal_sign', ['0x68656c6c6f', address])
    expect(router.get().view).toBe('ApproveTransaction')
    expect(ui.open).toHaveBeenCalled()
    await vi.waitFor(() => expect(approve).toBeDefined())
    if (!approve) throw new Error('the frame was not asked')
    approve('0xsig')
    expect(await signature).toBe('0xsig')
    expect(router.get().transactionStack).toEqual([])
    expect(ui.close).toHaveBeenCalledTimes(1)
  })

  test('ERC-7715 permissions and eth_sendUserOperation: 4200 at once, ApproveTransaction never opens, the frame is not asked', async () => {
    const { embedded, ui, router, calls } = setup()
    await embedded.preload()
    for (const method of ['wallet_grantPermissions', 'wallet_revokePermissions', 'eth_sendUserOperation']) {
      await expect(embedded.request(method, [{}])).rejects.toMatchObject({
        code: 4200,
        message: 'The Provider does not support the requested method.',
      })
    }
    expect(router.get().view).toBe('Account')
    expect(ui.open).not.toHaveBeenCalled()
    expect(calls).not.toContain('rpcRequest')
  })

  test('EIP-5792: wallet_sendCalls is approved in the auth frame like a send; status and capabilities go straight to it', async () => {
    const asked: { method: string; params?: unknown }[] = []
    let approve: ((value: unknown) => void) | undefined
    const { embedded, ui, router } = setup({
      rpcRequest: (request: { method: string; params?: unknown }) => {
        asked.push(request)
        if (request.method !== 'wallet_sendCalls') return { '0x7a69': { atomic: { status: 'supported' } } }
        return new Promise((resolve) => {
          approve = resolve
        })
      },
    })
    expect(await embedded.request('wallet_getCapabilities', [address])).toEqual({
      '0x7a69': { atomic: { status: 'supported' } },
    })
    expect(ui.open).not.toHaveBeenCalled()
    const batch = {
      version: '2.0.0',
      chainId: '0x7a69',
      from: address,
      atomicRequired: true,
      calls: [{ to: address, value: '0x1' }],
    }
    const sent = embedded.request('wallet_sendCalls', [batch])
    expect(router.get().view).toBe('ApproveTransaction')
    expect(ui.open).toHaveBeenCalled()
    await vi.waitFor(() => expect(approve).toBeDefined())
    expect(asked.at(-1)).toMatchObject({ method: 'wallet_sendCalls', params: [batch] })
    approve?.({ id: '0xba7c4' })
    expect(await sent).toEqual({ id: '0xba7c4' })
    expect(router.get().transactionStack).toEqual([])
  })

  test('EIP-5792: wallet_showCallsStatus opens CallsStatus on the batch (read from the frame first); an unknown id opens nothing', async () => {
    const asked: { method: string; params?: unknown }[] = []
    const { embedded, ui, router } = setup({
      rpcRequest: (request: { method: string; params?: unknown }) => {
        asked.push(request)
        if ((request.params as string[])[0] === '0xfeed')
          throw Object.assign(new Error('Unknown bundle id'), { code: 5730 })
        return { status: 200, receipts: [] }
      },
    })
    await expect(embedded.request('wallet_showCallsStatus', ['0xfeed'])).rejects.toMatchObject({ code: 5730 })
    expect(router.get().view).toBe('Account')
    expect(ui.open).not.toHaveBeenCalled()
    await expect(embedded.request('wallet_showCallsStatus', [])).rejects.toMatchObject({ code: -32602 })
    expect(await embedded.request('wallet_showCallsStatus', ['0xba7c4'])).toBeNull()
    expect(asked.at(-1)).toMatchObject({ method: 'wallet_getCallsStatus', params: ['0xba7c4'] })
    expect(router.get()).toMatchObject({ view: 'CallsStatus', data: { id: '0xba7c4' }, transactionStack: [] })
    expect(ui.open).toHaveBeenCalledTimes(1)
    expect(ui.close).not.toHaveBeenCalled()
  })

  test('a declined one pops the stack with the error', async () => {
    const { embedded, ui } = setup({
      rpcRequest: () => {
        throw Object.assign(new Error('Signature declined'), { code: 4001 })
      },
    })
    await expect(embedded.request('eth_sendTransaction', [{ from: address }])).rejects.toMatchObject({
      code: 4001,
      message: 'Signature declined',
    })
    expect(ui.close).toHaveBeenCalledTimes(1)
  })

  test('a disallowed method: modal opens, console, toast after 300 ms, pending requests rejected', async () => {
    vi.useFakeTimers()
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const { embedded, ui, calls, router } = setup({ rpcRequest: () => new Promise(() => {}) })
    const pending = embedded.request('personal_sign', ['0x00', address]).catch((e: Error) => e)
    await vi.advanceTimersByTimeAsync(0)
    await expect(embedded.request('eth_sign', [address, '0x00'])).rejects.toMatchObject({
      message: 'Action not allowed',
      code: 4200,
    })
    expect(error).toHaveBeenCalledWith('Requested RPC call is not allowed')
    expect(ui.open).toHaveBeenCalled()
    expect(ui.toast).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(Constants.DISALLOWED_METHOD_MESSAGE_DELAY_MS)
    expect(ui.toast).toHaveBeenCalledWith('Action not allowed')
    expect(((await pending) as Error).message).toBe('Action not allowed')
    expect(calls).toContain('rpcAbort')
    // The modal stays open (on the view before ApproveTransaction) for the toast.
    expect(ui.close).not.toHaveBeenCalled()
    expect(router.get().view).toBe('Account')
    error.mockRestore()
  })

  test("abort (the user left ApproveTransaction) rejects with 'Request was aborted'", async () => {
    const { embedded, calls } = setup({ rpcRequest: () => new Promise(() => {}) })
    const pending = embedded.request('personal_sign', ['0x00', address]).catch((e: Error) => e)
    await vi.waitFor(() => expect(calls).toContain('rpcRequest'))
    embedded.abort()
    expect(((await pending) as Error).message).toBe('Request was aborted')
    await vi.waitFor(() => expect(calls).toContain('rpcAbort'))
  })
})

describe('solanaAccount', () => {
  const solanaAddress = 'GfLS5iLcgW6tC1J2m2AZm1pZKD5hJ2cDqV6VPr8LmW5a'
  const withSolana = {
    getUser: () => ({ address, chainId: 31337, email: 'ada@example.com', solanaAddress }),
  }

  test("the user's vault Solana account on the local cluster, once logged in; none before, or without one", async () => {
    const { embedded } = setup(withSolana)
    expect(await SolanaAccount.of(embedded)).toBeNull()
    await embedded.connect(context, { data: { otp: '123456' } })
    // connectors/solana/Account.ts answers HostMessages.solanaAccount with it.
    expect(await SolanaAccount.of(embedded)).toEqual({ address: solanaAddress, chains: ['solana:localnet'] })
    await embedded.disconnect()
    expect(await SolanaAccount.of(embedded)).toBeNull()

    const { embedded: evmOnly } = setup()
    await evmOnly.connect(context, { data: { otp: '123456' } })
    expect(await SolanaAccount.of(evmOnly)).toBeNull()
    const { embedded: malformed } = setup({
      getUser: () => ({ address, chainId: 1, solanaAddress: '0xnot' }),
    })
    await malformed.connect(context, { data: { otp: '123456' } })
    expect(await SolanaAccount.of(malformed)).toBeNull()
  })

  test("the Wallet Standard wallet's solana_* requests reach the frame on the solana namespace, after ApproveTransaction", async () => {
    const asked: unknown[] = []
    const { embedded, router, ui } = setup({
      ...withSolana,
      rpcRequest: (request) => {
        asked.push(request)
        return { signature: 'S1g' }
      },
    })
    await embedded.connect(context, { data: { otp: '123456' } })
    const params = { message: '3yZe7d', pubkey: solanaAddress }
    const signing = embedded.request('solana_signMessage', params)
    expect(router.get().view).toBe('ApproveTransaction')
    expect(await signing).toEqual({ signature: 'S1g' })
    const transaction = { transaction: 'AQ==', pubkey: solanaAddress, chain: 'solana:localnet' }
    await embedded.request('solana_signTransaction', transaction)
    await embedded.request('solana_signAndSendTransaction', transaction)
    expect(asked).toEqual([
      { method: 'solana_signMessage', params, chainNamespace: 'solana' },
      { method: 'solana_signTransaction', params: transaction, chainNamespace: 'solana' },
      { method: 'solana_signAndSendTransaction', params: transaction, chainNamespace: 'solana' },
    ])
    expect(ui.close).toHaveBeenCalledTimes(3)
  })
})

describe('setPreferredAccount', () => {
  test('switching to the EOA and back changes the address: accountsChanged each time, the user follows', async () => {
    const smart = '0x3adBFC5C33a9E132eedD2c6A9A0ac7e13037f9E5'
    const { embedded } = setup({
      setPreferredAccount: ({ type }: { type: 'eoa' | 'smartAccount' }) => ({
        type,
        address: type === 'eoa' ? address : smart,
      }),
    } as never)
    await embedded.connect(context, { data: { email: 'ada@example.com', otp: '123456' } })
    const events: unknown[] = []
    embedded.subscribe((event) => void events.push(event))
    expect(events).toEqual([])
    await embedded.setPreferredAccount('eoa')
    expect(events).toEqual([{ type: 'accountsChanged', accounts: [address] }])
    expect(embedded.state.get().user).toMatchObject({ preferredAccountType: 'eoa', address })
    await embedded.setPreferredAccount('smartAccount')
    expect(events.at(-1)).toEqual({ type: 'accountsChanged', accounts: [smart] })
    expect(embedded.state.get().user).toMatchObject({ preferredAccountType: 'smartAccount', address: smart })
  })
})

describe('the accounts and namespaces of the connection (stored with it, spec section 3)', () => {
  test("the smart account is typed smartAccount, the EOA eoa; the user's auth namespaces", async () => {
    const smart = '0x3adBFC5C33a9E132eedD2c6A9A0ac7e13037f9E5'
    const user = {
      address: smart,
      chainId: 31337,
      email: 'ada@example.com',
      preferredAccountType: 'smartAccount',
      accounts: [
        { address, type: 'eoa' },
        { address: smart, type: 'smartAccount' },
      ],
      solanaAddress: 'GfLSfEHzBvx3qYWzXYUeFKpQUGj6iCG3xEqr4Bm6eYUK',
      caipAccounts: [
        { address: 'bip122:000000000019d6689c085ae165831e93:bc1qexample', type: 'payment' },
        { address: 'polkadot:91b171bb158e2d3848fa23a9f1c25182:1example', type: 'eoa' },
        { address: 'cosmos:cosmoshub-4:cosmos1example', type: 'eoa' },
      ],
    }
    const { embedded } = setup({ getUser: () => user } as never)
    // Before a login: nothing known, an EOA.
    expect(embedded.accountType(smart)).toBe('eoa')
    expect(embedded.namespaces()).toEqual(['eip155'])
    const session = await embedded.connect(context, { data: { email: 'ada@example.com', otp: '123456' } })
    expect(session.accounts).toEqual([smart])
    expect(embedded.accountType(smart)).toBe('smartAccount')
    expect(embedded.accountType(smart.toLowerCase())).toBe('smartAccount')
    expect(embedded.accountType(address)).toBe('eoa')
    expect(embedded.namespaces()).toEqual(['eip155', 'solana', 'bip122', 'polkadot', 'cosmos'])
  })
})

describe('disconnect', () => {
  test('signs out, and resolves after 3 s at most when the frame does not answer', async () => {
    const { embedded, calls } = setup({ signOut: () => new Promise(() => {}) })
    await embedded.connect(context, { data: { farcaster: true } })
    vi.useFakeTimers()
    let done = false
    embedded.disconnect().then(() => {
      done = true
    })
    await vi.advanceTimersByTimeAsync(Constants.SIGN_OUT_WAIT_S * 1000 - 1)
    expect(done).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(done).toBe(true)
    expect(calls).toContain('signOut')
    expect(embedded.state.get().user).toBeUndefined()
  })

  test('a sign-out the frame refuses is reported (the controller turns it into "Failed to disconnect chains")', async () => {
    const { embedded } = setup({
      signOut: async () => {
        throw new Error('Sign-out failed')
      },
    })
    await embedded.connect(context, { data: { farcaster: true } })
    await expect(embedded.disconnect()).rejects.toThrow('Sign-out failed')
    expect(embedded.state.get().user).toBeUndefined()
  })

  test('a kept login is signed out even before this page opened the frame (Delete after a reload)', async () => {
    const { embedded, calls } = setup()
    await embedded.disconnect()
    expect(calls).toContain('signOut')
  })
})

describe('alertOf (the alert of a failure of the auth frame, spec section 8)', () => {
  test('names the load failure and the request timeout apart', () => {
    expect(ALERTS[Embedded.alertOf('iframe_load_failed')].shortMessage).toBe(
      'Network Error - Could not load embedded wallet',
    )
    expect(ALERTS[Embedded.alertOf('iframe_request_timeout')].shortMessage).toBe(
      'Embedded Wallet Request Timed Out',
    )
  })

  test('an unverified domain: its own alert', () => {
    expect(Embedded.alertOf('unverified_domain')).toBe('UNVERIFIED_DOMAIN')
    expect(ALERTS.UNVERIFIED_DOMAIN.longMessage).toBe(
      'The embedded wallet could not verify this domain - make sure it is on the allowlist',
    )
  })
})
