import * as EoaSignatures from '@frontdoor/protocol/eoa-signatures'
import { describe, expect, test } from 'vitest'
import * as Api from '../api/Api.js'
import * as Approval from '../approval/Approval.js'
import * as Summary from '../approval/Summary.js'
import * as Backends from '../session/Backends.js'
import * as Session from '../session/Session.js'
import * as Wallet from './Wallet.js'

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const user = {
  id: 'u1',
  email: 'ada@example.com',
  address,
  solanaAddress: 'So1',
  accounts: [{ address, type: 'eoa' }],
  preferredAccountType: 'eoa',
  smartAccountDeployed: false,
  caipAccounts: [
    {
      address: 'bip122:000000000019d6689c085ae165831e93:bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
      type: 'payment',
    },
    { address: 'polkadot:91b171bb158e2d3848fa23a9f1c25182:1Dot', type: 'eoa' },
    { address: 'cosmos:cosmoshub-4:cosmos1hub', type: 'eoa' },
  ],
}

const SMART_ACCOUNT = '0x5a0000000000000000000000000000000000000A'
/** The same user on its smart account, as the API answers it where a bundler serves the chain. */
const smartAccountUser = {
  ...user,
  address: SMART_ACCOUNT,
  accounts: [
    { address: SMART_ACCOUNT, type: 'smartAccount' },
    { address, type: 'eoa' },
  ],
  preferredAccountType: 'smartAccount',
}

/**
 * The wallet's decisions (policy, approval, session) over a recorded `fetch` answering as the auth
 * contract says; the real API behind a real browser is tested in e2e/embedded.
 */
function setup(
  options: {
    loggedIn?: boolean
    newDevice?: { approvedAfterPolls: number }
    /** The API down: this many login polls fail to connect, then this many answer 503. */
    outage?: { failedPolls: number; unavailablePolls: number }
    /** What GET /v1/smart-account/networks answers (default: both devnets and the Solana cluster). */
    smartAccountNetworks?: unknown
    /** The user's account: its EOA (the default) or its smart account (the API's EVM default). */
    account?: 'eoa' | 'smartAccount'
  } = {},
) {
  const shownUser = options.account === 'smartAccount' ? smartAccountUser : user
  const calls: { path: string; search?: string; body: unknown; auth: string | null }[] = []
  let failedPolls = options.outage?.failedPolls ?? 0
  let unavailablePolls = options.outage?.unavailablePolls ?? 0
  // An existing account on a browser it has not approved: a right code gets a pending login, which
  // completes once the link approved the browser (after this many polls).
  let polls = 0
  const pendingLogin = 'p'.repeat(43)
  const fetchFn = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input))
    const body = init?.body ? JSON.parse(String(init.body)) : undefined
    calls.push({
      path: url.pathname,
      ...(url.search ? { search: url.search } : {}),
      body,
      auth: new Headers(init?.headers).get('authorization'),
    })
    const json = (status: number, value: unknown) =>
      new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } })
    const session = () => json(200, { token: 't0k', expiresAt: '2099-01-01T00:00:00Z', user })
    if (url.pathname === '/v1/auth/device/login' && failedPolls > 0) {
      failedPolls--
      throw new TypeError('Failed to fetch')
    }
    if (url.pathname === '/v1/auth/device/login' && unavailablePolls > 0) {
      unavailablePolls--
      return json(503, {
        error: {
          code: 'starting',
          message: 'The service is briefly unavailable; try again shortly',
          retryAfterS: 1,
        },
      })
    }
    switch (url.pathname) {
      case '/v1/auth/email/otp':
        return json(200, { sent: true, cooldownS: 30 })
      case '/v1/auth/email/verify':
        if (body.otp !== '123456')
          return json(400, { error: { code: 'invalid_otp', message: 'The code is not valid' } })
        return options.newDevice ? json(202, { action: 'VERIFY_DEVICE', pendingLogin }) : session()
      case '/v1/auth/device/login':
        if (body.pendingLogin !== pendingLogin)
          return json(400, { error: { code: 'invalid_login', message: 'This login no longer works' } })
        return ++polls > (options.newDevice?.approvedAfterPolls ?? 0)
          ? session()
          : json(202, { approved: false })
      case '/v1/auth/user':
        return json(200, { user: shownUser })
      case '/v1/vault/rpc':
        return json(200, { result: '0xsig' })
      case '/v1/auth/signout':
        return json(200, { ok: true })
      case '/v1/smart-account/networks':
        return json(200, options.smartAccountNetworks ?? { networks: ['eip155:31337', 'eip155:31338'] })
      case '/v1/':
        // A token's decimals(): 6, as the devnet's FUSD; 0x10 to everything else.
        return json(200, {
          jsonrpc: '2.0',
          id: 1,
          result: body.params?.[0]?.data === '0x313ce567' ? `0x${'6'.padStart(64, '0')}` : '0x10',
        })
      default:
        return json(404, { error: { code: 'not_found', message: 'Not found' } })
    }
  }) as typeof fetch
  const session = Session.create(Backends.memory())
  if (options.loggedIn) session.set({ token: 't0k', expiresAtMs: Date.now() + 60_000 })
  const approval = Approval.create()
  const wallet = Wallet.create({
    apiUrl: 'http://127.0.0.1:4000',
    modalOrigin: 'http://127.0.0.1:5180',
    api: Api.create('http://127.0.0.1:4000', fetchFn),
    session,
    approval,
    deviceId: () => 'this-browser-device-id',
    sleep: async () => {},
  })
  wallet.handlers.syncDappData(
    { metadata: { name: 'Demo' }, projectId: 'demo', sdkVersion: '0', sdkType: 'frontdoor' },
    { origin: '' },
  )
  const call = <K extends keyof Wallet.Handlers>(name: K, params: Parameters<Wallet.Handlers[K]>[0]) =>
    (wallet.handlers[name] as (p: unknown, c: { origin: string }) => unknown)(params, { origin: '' })
  return { wallet, call, calls, session, approval }
}

describe('login', () => {
  test('email OTP: the session token is kept in the frame, the modal gets the user only', async () => {
    const { call, calls, session } = setup()
    expect(await call('connectEmail', { email: 'ada@example.com' })).toEqual({ action: 'VERIFY_OTP' })
    await expect(call('connectOtp', { otp: '000000' })).rejects.toMatchObject({
      message: 'The code is not valid',
      data: { code: 'invalid_otp' },
    })
    expect(await call('connectOtp', { otp: '123456' })).toBeUndefined()
    expect(session.get()?.token).toBe('t0k')
    const shown = await call('getUser', { chainId: 31337 })
    expect(shown).toEqual({
      address,
      chainId: 31337,
      accounts: user.accounts,
      preferredAccountType: 'eoa',
      smartAccountDeployed: false,
      email: 'ada@example.com',
      // The Solana account: the host SDK's Wallet Standard wallet reads it through the modal.
      solanaAddress: 'So1',
      caipAccounts: user.caipAccounts,
    })
    expect(JSON.stringify(shown)).not.toContain('t0k')
    expect(calls.at(-1)).toMatchObject({ path: '/v1/auth/user', auth: 'Bearer t0k' })
  })
})

describe('device approval', () => {
  test('a new browser: the code step as for any address; a right code is VERIFY_DEVICE, and connectDevice waits for the approval that completes the login', async () => {
    const { call, calls, session } = setup({ newDevice: { approvedAfterPolls: 2 } })
    expect(await call('connectEmail', { email: 'ada@example.com' })).toEqual({ action: 'VERIFY_OTP' })
    expect(calls.at(-1)).toMatchObject({
      path: '/v1/auth/email/otp',
      body: { projectId: 'demo', email: 'ada@example.com', deviceId: 'this-browser-device-id' },
    })
    expect(await call('connectOtp', { otp: '123456' })).toEqual({ action: 'VERIFY_DEVICE' })
    expect(calls.at(-1)).toMatchObject({
      path: '/v1/auth/email/verify',
      body: { email: 'ada@example.com', otp: '123456', deviceId: 'this-browser-device-id' },
    })
    // Not logged in yet: the link has not approved this browser.
    expect(session.get()).toBeUndefined()
    expect(await call('connectDevice', undefined)).toBeUndefined()
    const polls = calls.filter((c) => c.path === '/v1/auth/device/login')
    expect(polls).toHaveLength(3)
    expect(polls[0]?.body).toEqual({ projectId: 'demo', pendingLogin: 'p'.repeat(43) })
    expect(session.get()?.token).toBe('t0k')
    expect(await call('getUser', { chainId: 31337 })).toMatchObject({ address })
  })

  test('the API down while the frame waits for the approval (no connection, then 503): it waits it out and the login completes', async () => {
    const { call, calls, session } = setup({
      newDevice: { approvedAfterPolls: 1 },
      outage: { failedPolls: 3, unavailablePolls: 2 },
    })
    await call('connectEmail', { email: 'ada@example.com' })
    expect(await call('connectOtp', { otp: '123456' })).toEqual({ action: 'VERIFY_DEVICE' })
    expect(await call('connectDevice', undefined)).toBeUndefined()
    // 3 polls met no API, 2 met the 503, 1 was still waiting for the approval, the next logged in.
    expect(calls.filter((c) => c.path === '/v1/auth/device/login')).toHaveLength(7)
    expect(session.get()?.token).toBe('t0k')
  })

  test('a known browser is logged in by the code alone; connectDevice without a pending login fails', async () => {
    const { call, calls, session } = setup()
    await expect(call('connectDevice', undefined)).rejects.toMatchObject({ message: 'Failed to connect' })
    await call('connectEmail', { email: 'ada@example.com' })
    expect(await call('connectOtp', { otp: '123456' })).toBeUndefined()
    expect(session.get()?.token).toBe('t0k')
    expect(calls.some((c) => c.path === '/v1/auth/device/login')).toBe(false)
    await expect(call('connectDevice', undefined)).rejects.toMatchObject({ message: 'Failed to connect' })
  })
})

describe('rpcRequest', () => {
  test("a method outside the policy: 'Action not allowed' (4200), nothing asked", async () => {
    const { call, calls } = setup({ loggedIn: true })
    const before = calls.length
    await expect(call('rpcRequest', { method: 'eth_sign', params: [] })).rejects.toMatchObject({
      code: 4200,
      message: 'Action not allowed',
    })
    expect(calls.length).toBe(before)
  })

  test('ERC-7715 permissions and eth_sendUserOperation: 4200 at once, no approval screen, nothing sent to the vault', async () => {
    const { call, calls, approval } = setup({ loggedIn: true })
    await call('switchNetwork', { chainId: 31337 })
    const before = calls.length
    for (const method of ['wallet_grantPermissions', 'wallet_revokePermissions', 'eth_sendUserOperation']) {
      await expect(call('rpcRequest', { method, params: [{}] })).rejects.toMatchObject({
        code: 4200,
        message: 'The Provider does not support the requested method.',
        data: { method },
      })
    }
    expect(approval.get().current).toBeUndefined()
    expect(calls.length).toBe(before)
  })

  test("without a session: 4100 'Not connected to email or social'", async () => {
    const { call } = setup()
    await expect(call('rpcRequest', { method: 'eth_blockNumber' })).rejects.toMatchObject({
      code: 4100,
      message: 'Not connected to email or social',
    })
  })

  test('a safe method goes to the RPC proxy without approval', async () => {
    const { call, calls, approval } = setup({ loggedIn: true })
    await call('switchNetwork', { chainId: 31337 })
    expect(await call('rpcRequest', { method: 'eth_blockNumber', params: [] })).toBe('0x10')
    expect(calls.at(-1)?.path).toBe('/v1/')
    expect(approval.get().current).toBeUndefined()
    expect(await call('rpcRequest', { method: 'eth_chainId' })).toBe('0x7a69')
  })

  test('wallet_getAssets (EIP-7811) is answered by the vault, without approval, never by a node', async () => {
    const { call, calls, approval } = setup({ loggedIn: true })
    await call('switchNetwork', { chainId: 31337 })
    const params = [{ account: address }]
    expect(await call('rpcRequest', { method: 'wallet_getAssets', params })).toBe('0xsig')
    expect(calls.at(-1)).toMatchObject({
      path: '/v1/vault/rpc',
      body: { method: 'wallet_getAssets', params, chainId: 31337 },
      auth: 'Bearer t0k',
    })
    expect(calls.some((c) => c.path === '/v1/')).toBe(false)
    expect(approval.get().current).toBeUndefined()
  })

  test('EIP-5792: capabilities and batch status go to the vault without approval; wallet_sendCalls after Approve', async () => {
    const { call, calls, approval } = setup({ loggedIn: true })
    await call('switchNetwork', { chainId: 31337 })
    const reads: [string, unknown[]][] = [
      ['wallet_getCapabilities', [address, ['0x7a69']]],
      ['wallet_getCallsStatus', [`0x${'ab'.repeat(32)}`]],
    ]
    for (const [method, params] of reads) {
      expect(await call('rpcRequest', { method, params })).toBe('0xsig')
      expect(calls.at(-1)).toMatchObject({ path: '/v1/vault/rpc', body: { method, params, chainId: 31337 } })
    }
    expect(approval.get().current).toBeUndefined()
    // The user here is an EOA: a batch that requires atomicity is 5760 before any screen; one that
    // allows call by call is shown and sent.
    const atomic = {
      version: '2.0.0',
      chainId: '0x7a69',
      from: address,
      atomicRequired: true,
      calls: [{ to: address }],
    }
    await expect(call('rpcRequest', { method: 'wallet_sendCalls', params: [atomic] })).rejects.toMatchObject({
      code: 5760,
    })
    expect(approval.get().current).toBeUndefined()
    expect(calls.some((c) => (c.body as { method?: string })?.method === 'wallet_sendCalls')).toBe(false)
    const batch = [{ ...atomic, atomicRequired: false }]
    const sending = call('rpcRequest', { method: 'wallet_sendCalls', params: batch })
    await expect.poll(() => approval.get().current?.method).toBe('wallet_sendCalls')
    expect(calls.some((c) => (c.body as { method?: string })?.method === 'wallet_sendCalls')).toBe(false)
    approval.approve(approval.get().current!.id)
    expect(await sending).toBe('0xsig')
    expect(calls.at(-1)).toMatchObject({
      path: '/v1/vault/rpc',
      body: { method: 'wallet_sendCalls', params: batch },
    })
    expect(calls.some((c) => c.path === '/v1/')).toBe(false)
  })

  test('an unsafe method waits for the user: the vault is asked only after Approve; Decline is 4001', async () => {
    const { call, calls, approval } = setup({ loggedIn: true })
    await call('switchNetwork', { chainId: 31337 })
    const signing = call('rpcRequest', { method: 'personal_sign', params: ['0x68656c6c6f', address] })
    await expect.poll(() => approval.get().current?.method).toBe('personal_sign')
    expect(calls.some((c) => c.path === '/v1/vault/rpc')).toBe(false)
    approval.approve(approval.get().current!.id)
    expect(await signing).toBe('0xsig')
    expect(calls.find((c) => c.path === '/v1/vault/rpc')).toMatchObject({
      body: { chainId: 31337, method: 'personal_sign', params: ['0x68656c6c6f', address] },
      auth: 'Bearer t0k',
    })
    const declined = call('rpcRequest', { method: 'personal_sign', params: ['0x00', address] })
    await expect.poll(() => approval.get().current).toBeDefined()
    approval.decline(approval.get().current!.id)
    await expect(declined).rejects.toMatchObject({ code: 4001, message: 'Signature declined' })
  })

  test("Bitcoin, Polkadot and Cosmos messages: approved, then signed by the vault on the account's own chain; another address is 4100, a bad request -32602, neither shown", async () => {
    const { call, calls, approval } = setup({ loggedIn: true })
    await call('switchNetwork', { chainId: 31337 })
    const BTC = 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu'
    const requests = [
      [
        'signMessage',
        { account: BTC, address: BTC, message: 'hello' },
        'bip122:000000000019d6689c085ae165831e93',
        BTC,
      ],
      [
        'polkadot_signMessage',
        { address: '1Dot', message: '0x68656c6c6f' },
        'polkadot:91b171bb158e2d3848fa23a9f1c25182',
        '1Dot',
      ],
      [
        'cosmos_signArbitrary',
        { signerAddress: 'cosmos1hub', data: 'hello' },
        'cosmos:cosmoshub-4',
        'cosmos1hub',
      ],
    ] as const
    for (const [method, params, chainId, signer] of requests) {
      const asked = calls.filter((c) => c.path === '/v1/vault/rpc').length
      const signing = call('rpcRequest', { method, params })
      await expect.poll(() => approval.get().current?.method).toBe(method)
      expect(calls.filter((c) => c.path === '/v1/vault/rpc').length).toBe(asked)
      expect(approval.get().current).toMatchObject({ address: signer })
      approval.approve(approval.get().current!.id)
      expect(await signing).toBe('0xsig')
      expect(calls.at(-1)).toMatchObject({ path: '/v1/vault/rpc', body: { chainId, method, params } })
    }
    const before = calls.length
    await expect(
      call('rpcRequest', { method: 'signMessage', params: { account: 'bc1qother', message: 'hi' } }),
    ).rejects.toMatchObject({ code: 4100 })
    await expect(
      call('rpcRequest', {
        method: 'cosmos_signArbitrary',
        params: { signerAddress: 'cosmos1hub', data: '' },
      }),
    ).rejects.toMatchObject({ code: -32602, message: expect.stringContaining('params.data') })
    await expect(
      call('rpcRequest', {
        method: 'signMessage',
        params: { account: BTC, message: 'hi', protocol: 'bip322' },
      }),
    ).rejects.toMatchObject({ code: -32602, message: expect.stringContaining('not bip322') })
    expect(approval.get().current).toBeUndefined()
    expect(calls.length).toBe(before)
  })

  test("another account's request is refused (4100); rpcAbort rejects 'Request was aborted'", async () => {
    const { call, approval } = setup({ loggedIn: true })
    await expect(
      call('rpcRequest', {
        method: 'personal_sign',
        params: ['0x00', '0x0000000000000000000000000000000000000001'],
      }),
    ).rejects.toMatchObject({ code: 4100 })
    const pending = call('rpcRequest', { method: 'personal_sign', params: ['0x00', address] })
    await expect.poll(() => approval.get().current).toBeDefined()
    await call('rpcAbort', undefined)
    await expect(pending).rejects.toMatchObject({ message: 'Request was aborted' })
  })
})

describe('rpcRequest: what the visitor sees is what is signed', () => {
  const TOKEN = '0x86963C0Be1Ef7dF4273e5c86E918759a97486169'
  const SPENDER = '0x00000000000000000000000000000000000a77ac'
  const approveMax = `0x095ea7b3${SPENDER.slice(2).padStart(64, '0')}${'f'.repeat(64)}`

  test('data and input that differ: refused (-32602) without a screen, the vault is not asked', async () => {
    const { call, calls, approval } = setup({ loggedIn: true })
    await call('switchNetwork', { chainId: 31337 })
    const sending = call('rpcRequest', {
      method: 'eth_sendTransaction',
      params: [{ from: address, to: TOKEN, data: '0x', input: approveMax }],
    })
    await expect(sending).rejects.toMatchObject({
      code: -32602,
      message: expect.stringMatching(/data and input differ/),
    })
    expect(approval.get().current).toBeUndefined()
    expect(calls.some((c) => c.path === '/v1/vault/rpc')).toBe(false)
  })

  test.each([
    ['the EOA', 'eoa', address],
    ['the smart account', 'smartAccount', SMART_ACCOUNT],
  ] as const)(
    'a send naming another chain than the active one, from %s: refused (-32602) before any screen, the vault is not asked',
    async (_, account, from) => {
      const { call, calls, approval } = setup({ loggedIn: true, account })
      await call('switchNetwork', { chainId: 31337 })
      const sending = call('rpcRequest', {
        method: 'eth_sendTransaction',
        params: [{ from, to: TOKEN, value: '0x1', chainId: '0x1' }],
      })
      await expect(sending).rejects.toMatchObject({
        code: -32602,
        message: 'Invalid method parameter(s). params.0.chainId: 1 is not the active chain 31337',
      })
      expect(approval.get().current).toBeUndefined()
      expect(calls.some((c) => c.path === '/v1/vault/rpc' || c.path === '/v1/')).toBe(false)
      // Naming the active chain: shown.
      const shown = call('rpcRequest', {
        method: 'eth_sendTransaction',
        params: [{ from, to: TOKEN, value: '0x1', chainId: '0x7a69' }],
      })
      await expect.poll(() => approval.get().current?.address).toBe(from)
      approval.decline(approval.get().current!.id)
      await expect(shown).rejects.toMatchObject({ code: 4001 })
    },
  )

  test('an approve as input: the screen gets the filled transaction; the vault gets it with gas and fees as shown', async () => {
    const { call, calls, approval } = setup({ loggedIn: true })
    await call('switchNetwork', { chainId: 31337 })
    const sending = call('rpcRequest', {
      method: 'eth_sendTransaction',
      params: [{ from: address, to: TOKEN, input: approveMax }],
    })
    await expect.poll(() => approval.get().current?.method).toBe('eth_sendTransaction')
    const shown = approval.get().current!.transaction!
    // The fake proxy answers 0x10 to everything: no base fee, so a legacy transaction.
    expect(shown).toMatchObject({ data: approveMax, gas: 16n, nonce: 16, type: 'legacy', gasPrice: 16n })
    expect(shown.estimated).toEqual(['nonce', 'gas', 'fees'])
    approval.approve(approval.get().current!.id)
    await sending
    expect(calls.find((c) => c.path === '/v1/vault/rpc')?.body).toEqual({
      chainId: 31337,
      method: 'eth_sendTransaction',
      params: [
        {
          from: address,
          to: TOKEN,
          value: '0x0',
          data: approveMax,
          gas: '0x10',
          type: '0x0',
          gasPrice: '0x10',
        },
      ],
    })
  })

  test("a batch's token amounts in the token's units: each token's decimals read once through the RPC proxy", async () => {
    const { call, calls, approval } = setup({ loggedIn: true, account: 'smartAccount' })
    await call('switchNetwork', { chainId: 31337 })
    const word = (amount: bigint) => amount.toString(16).padStart(64, '0')
    // A token no other test reads (the frame keeps decimals for its lifetime).
    const FUSD = `0x${'f5'.repeat(20)}`
    const batch = {
      version: '2.0.0',
      chainId: '0x7a69',
      from: SMART_ACCOUNT,
      atomicRequired: true,
      calls: [
        { to: FUSD, data: `0x095ea7b3${SPENDER.slice(2).padStart(64, '0')}${word(2_500_000n)}` },
        { to: FUSD, data: `0xa9059cbb${SPENDER.slice(2).padStart(64, '0')}${word(1_000_000n)}` },
      ],
    }
    const sending = call('rpcRequest', { method: 'wallet_sendCalls', params: [batch] })
    await expect.poll(() => approval.get().current?.method).toBe('wallet_sendCalls')
    const item = approval.get().current!
    const rows = Object.fromEntries(
      Summary.describe(item.method, item.params, item).rows.map((row) => [row.label, row.value]),
    )
    expect(rows).toMatchObject({
      'Call 1 amount': '2.5 (2500000 base units)',
      'Call 2 amount': '1 (1000000 base units)',
    })
    expect(calls.filter((c) => c.path === '/v1/').map((c) => (c.body as { params: unknown }).params)).toEqual(
      [[{ to: FUSD, data: '0x313ce567' }, 'latest']],
    )
    approval.decline(item.id)
    await expect(sending).rejects.toMatchObject({ code: 4001 })
  })

  test('typed data with fields outside its types: refused without a screen', async () => {
    const { call, approval } = setup({ loggedIn: true })
    await call('switchNetwork', { chainId: 31337 })
    const typed = {
      types: { Mail: [{ name: 'to', type: 'string' }] },
      primaryType: 'Mail',
      domain: {},
      message: { to: 'Bob', amount: '1000' },
    }
    await expect(
      call('rpcRequest', { method: 'eth_signTypedData_v4', params: [address, typed] }),
    ).rejects.toMatchObject({ code: -32602 })
    expect(approval.get().current).toBeUndefined()
  })
})

describe('signOut', () => {
  test('revokes the session at the API and forgets it', async () => {
    const { call, calls, session } = setup({ loggedIn: true })
    await call('signOut', undefined)
    expect(session.get()).toBeUndefined()
    expect(calls.at(-1)).toMatchObject({ path: '/v1/auth/signout', auth: 'Bearer t0k' })
    expect(await call('isConnected', undefined)).toEqual({ isConnected: false })
  })
})

describe('syncDappData', () => {
  test("hands the screen the page's claim and the origin the modal attested", () => {
    const seen: unknown[] = []
    const wallet = Wallet.create({
      apiUrl: 'http://127.0.0.1:4000',
      modalOrigin: 'http://127.0.0.1:5180',
      api: Api.create('http://127.0.0.1:4000', (async () => new Response('{}')) as typeof fetch),
      session: Session.create(Backends.memory()),
      approval: Approval.create(),
      onDapp: (metadata, hostOrigin) => seen.push({ metadata, hostOrigin }),
    })
    wallet.handlers.syncDappData(
      {
        metadata: { name: 'Demo' },
        hostOrigin: 'http://localhost:5173',
        projectId: 'demo',
        sdkVersion: '0',
        sdkType: 'frontdoor',
      },
      { origin: '' },
    )
    expect(seen).toEqual([{ metadata: { name: 'Demo' }, hostOrigin: 'http://localhost:5173' }])
  })
})

describe("rpcRequest: the EOA's requests (issue 15 review)", () => {
  test('wallet_sendCalls without from goes to the vault from the account the screen shows', async () => {
    const { call, calls, approval } = setup({ loggedIn: true })
    await call('switchNetwork', { chainId: 31337 })
    const batch = { version: '2.0.0', chainId: '0x7a69', atomicRequired: false, calls: [{ to: address }] }
    const sending = call('rpcRequest', { method: 'wallet_sendCalls', params: [batch] })
    await expect.poll(() => approval.get().current?.address).toBe(address)
    approval.approve(approval.get().current!.id)
    expect(await sending).toBe('0xsig')
    expect(calls.at(-1)).toMatchObject({
      path: '/v1/vault/rpc',
      body: { method: 'wallet_sendCalls', params: [{ ...batch, from: address }] },
    })
  })

  test("a bare 32-byte hash, or typed data in the smart account's domain: -32602 before any screen", async () => {
    const { call, calls, approval } = setup({ loggedIn: true })
    await call('switchNetwork', { chainId: 31337 })
    const typedData = {
      types: {
        EIP712Domain: [{ name: 'name', type: 'string' }],
        FrontdoorAccountMessage: [{ name: 'hash', type: 'bytes32' }],
      },
      primaryType: 'FrontdoorAccountMessage',
      domain: { name: EoaSignatures.ACCOUNT_DOMAIN_NAME },
      message: { hash: `0x${'ab'.repeat(32)}` },
    }
    const refused: [string, unknown[], string][] = [
      ['personal_sign', [`0x${'ab'.repeat(32)}`, address], EoaSignatures.REFUSALS.bareHash],
      ['eth_signTypedData_v4', [address, JSON.stringify(typedData)], EoaSignatures.REFUSALS.accountDomain],
    ]
    for (const [method, params, detail] of refused)
      await expect(call('rpcRequest', { method, params })).rejects.toMatchObject({
        code: -32602,
        message: `Invalid method parameter(s). ${detail}`,
      })
    expect(approval.get().current).toBeUndefined()
    expect(calls.some((c) => c.path === '/v1/vault/rpc')).toBe(false)
    // A message of another length is shown as before.
    void call('rpcRequest', { method: 'personal_sign', params: [`0x${'ab'.repeat(33)}`, address] })
    await expect.poll(() => approval.get().current?.method).toBe('personal_sign')
  })

  test("the user is read on the page's chain (the smart account only where the API has one), again after a switch", async () => {
    const { call, calls } = setup({ loggedIn: true })
    await call('getUser', {})
    expect(calls.at(-1)).toMatchObject({ path: '/v1/auth/user' })
    expect(calls.at(-1)?.search).toBeUndefined()
    await call('switchNetwork', { chainId: 1 })
    expect(await call('rpcRequest', { method: 'eth_accounts', params: [] })).toEqual([address])
    expect(calls.at(-1)).toMatchObject({ path: '/v1/auth/user', search: '?chainId=eip155:1' })
    await call('getUser', { chainId: 31337 })
    expect(calls.at(-1)).toMatchObject({ path: '/v1/auth/user', search: '?chainId=eip155:31337' })
  })
})

describe('getSmartAccountEnabledNetworks', () => {
  test("answers the EVM chain ids of the API's smart-account networks (its chains with a bundler), before any login", async () => {
    const { call, calls } = setup()
    expect(await call('getSmartAccountEnabledNetworks', undefined)).toEqual({
      smartAccountEnabledNetworks: [31337, 31338],
    })
    expect(calls.at(-1)).toMatchObject({ path: '/v1/smart-account/networks', auth: null })
    const none = setup({ smartAccountNetworks: { networks: [] } })
    expect(await none.call('getSmartAccountEnabledNetworks', undefined)).toEqual({
      smartAccountEnabledNetworks: [],
    })
  })

  test('keeps only EVM chains, and refuses an answer that is not a list of CAIP-2 ids', async () => {
    const mixed = setup({
      smartAccountNetworks: { networks: ['eip155:1', 'solana:FxwCwhiscJPbAuFKVEq7mmzfCkcEoFth'] },
    })
    expect(await mixed.call('getSmartAccountEnabledNetworks', undefined)).toEqual({
      smartAccountEnabledNetworks: [1],
    })
    const broken = setup({ smartAccountNetworks: { networks: [31337] } })
    await expect(broken.call('getSmartAccountEnabledNetworks', undefined)).rejects.toMatchObject({
      data: { code: 'invalid_response' },
    })
  })
})
