import * as Devnet from '@frontdoor/devnet/devnet'
import * as Errors from '@frontdoor/protocol/errors'
import type * as HostModal from '@frontdoor/protocol/host-modal'
import type * as Pay from '@frontdoor/protocol/pay'
import * as SchemaErrors from '@frontdoor/schemas/errors'
import { createPublicClient, http } from 'viem'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import * as State from '../controller/State.js'
import * as Features from '../features/Features.js'
import * as Modal from '../modal/Modal.js'
import * as Router from '../router/Router.js'
import * as Payment from './Payment.js'
import * as Rules from './Rules.js'

// A real devnet (seeded: FUSD, DOOR at their deterministic addresses); the chain client reaches it
// directly instead of through the API's RPC proxy.
const node = vi.hoisted(() => ({ url: '' }))
vi.mock('../chain/Chain.js', () => ({
  client: () => createPublicClient({ transport: http(node.url) }),
}))
let devnet: Devnet.Node
beforeAll(async () => {
  devnet = await Devnet.start({ chainId: 31337 })
  node.url = devnet.url
}, 60_000)
afterAll(() => devnet?.stop())

const FUSD = '0x86963C0Be1Ef7dF4273e5c86E918759a97486169'
const RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const network: HostModal.HostInfo['networks'][number] = {
  id: 31337,
  caipNetworkId: 'eip155:31337',
  chainNamespace: 'eip155',
  name: 'Devnet 31337',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
}
const context = { apiUrl: 'http://api.test', projectId: 'demo' }
const check = (request: Pay.PayRequest) => Payment.check(request, network, context)

/** What a refused request rejects with: its EIP-1193 code and message. */
async function refusal(work: Promise<unknown>) {
  const error = (await work.then(
    () => undefined,
    (e: unknown) => e,
  )) as Errors.ProviderRpcError
  expect(error).toBeInstanceOf(Errors.ProviderRpcError)
  return { code: error.code, message: error.message }
}

describe('check', () => {
  test('an ERC-20 of the chain: what its contract says, the amount in base units, the recipient checksummed', async () => {
    const payment = await check({
      asset: FUSD.toLowerCase(),
      amount: '5',
      recipient: RECIPIENT.toLowerCase(),
    })
    expect(payment).toEqual({
      chainId: 31337,
      network: 'Devnet 31337',
      native: { symbol: 'ETH', decimals: 18 },
      asset: { address: FUSD, symbol: 'FUSD', name: 'Frontdoor USD', decimals: 6 },
      amount: '5',
      units: 5_000_000n,
      recipient: RECIPIENT,
    })
  })

  test("native: the network's coin", async () => {
    const payment = await check({ asset: 'native', amount: '0.25', recipient: RECIPIENT })
    expect(payment.asset).toEqual({ name: 'Ether', symbol: 'ETH', decimals: 18 })
    expect(payment.units).toBe(25n * 10n ** 16n)
  })

  test("native: in wei whatever decimals the page's network declares (the amount shown is the amount sent)", async () => {
    const declared = { ...network, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 21 } }
    const payment = await Payment.check(
      { asset: 'native', amount: '0.005', recipient: RECIPIENT },
      declared,
      context,
    )
    expect(payment.asset.decimals).toBe(18)
    expect(payment.native.decimals).toBe(18)
    expect(payment.units).toBe(5n * 10n ** 15n)
  })

  test('an address that is no token on the chain: -32602 naming the asset and the network', async () => {
    // An account (no code), and a contract that is no ERC-20 (the Uniswap factory).
    for (const asset of [RECIPIENT, '0x8d3bE67D539661B2e13De38c08B12C41De9815b7'])
      expect(await refusal(check({ asset, amount: '5', recipient: RECIPIENT }))).toEqual({
        code: -32602,
        message: `Invalid params for "pay": params.asset: ${asset} is not a token on Devnet 31337`,
      })
  })

  test("more decimals than the asset's, or zero: -32602", async () => {
    expect(await refusal(check({ asset: FUSD, amount: '5.0000001', recipient: RECIPIENT }))).toEqual({
      code: -32602,
      message: 'Invalid params for "pay": params.amount: FUSD has 6 decimals',
    })
    expect(await refusal(check({ asset: FUSD, amount: '0.000000', recipient: RECIPIENT }))).toEqual({
      code: -32602,
      message: Rules.AMOUNT_NOT_POSITIVE,
    })
  })

  test('a mixed-case recipient with a wrong checksum: -32602', async () => {
    const wrong = RECIPIENT.replace('C51812dc3A', 'c51812DC3a')
    expect(await refusal(check({ asset: FUSD, amount: '5', recipient: wrong }))).toEqual({
      code: -32602,
      message: Rules.RECIPIENT_CHECKSUM,
    })
  })
})

/** The modal's stores around one payment, with the page's network and the features given. */
function modalWith(options: { payments: boolean; connected: boolean }) {
  const state = State.create({ projectId: 'demo' }, [])
  state.set((s) => ({
    ...s,
    host: {
      origin: 'http://localhost:5173',
      info: {
        projectId: 'demo',
        metadata: { name: 'Demo' },
        networks: [network],
        mode: 'modal',
        sdkVersion: '1',
      },
    },
    features: { ...Features.DEFAULTS, payments: options.payments },
    featuresReady: true,
    restored: true,
    chainId: 31337,
    ...(options.connected ? { status: 'connected' as const, address: RECIPIENT } : {}),
  }))
  const router = Router.create()
  const modal = Modal.create()
  const continued: (string | undefined)[] = []
  const connections = { continueWith: (view: Router.View | undefined) => void continued.push(view) }
  const deps = { env: context, state, router, modal, connections }
  return { state, router, modal, continued, deps }
}

const request = { asset: FUSD, amount: '5', recipient: RECIPIENT }
const HASH = `0x${'ab'.repeat(32)}` as const

describe('request', () => {
  test('payments off: refused with a clear error, nothing shown', async () => {
    const { modal, deps } = modalWith({ payments: false, connected: true })
    expect(await refusal(Payment.request(request, deps, () => undefined))).toEqual({
      code: 4200,
      message: Rules.PAYMENTS_OFF,
    })
    expect(modal.get().open).toBe(false)
  })

  test('connected: the Pay view shows the checked payment; paid resolves with the hash', async () => {
    const { router, modal, deps } = modalWith({ payments: true, connected: true })
    expect(Payment.current.get()).toBeUndefined()
    const paid = Payment.request(request, deps, () => undefined)
    await vi.waitFor(() => expect(Payment.current.get()).toBeDefined())
    expect(router.get().view).toBe('Pay')
    expect(modal.get().open).toBe(true)
    expect(Payment.current.get()?.payment.units).toBe(5_000_000n)
    // One payment at a time.
    expect(await refusal(Payment.request(request, deps, () => undefined))).toEqual({
      code: -32002,
      message: Rules.PAYMENT_PENDING,
    })
    Payment.current.get()!.paid(HASH)
    await expect(paid).resolves.toBe(HASH)
    expect(Payment.current.get()).toBeUndefined()
  })

  test('closing the modal before paying declines (4001); after Pay was clicked it does not', async () => {
    const { modal, deps } = modalWith({ payments: true, connected: true })
    const declined = Payment.request(request, deps, () => undefined)
    await vi.waitFor(() => expect(Payment.current.get()).toBeDefined())
    modal.close()
    expect(await refusal(declined)).toEqual({
      code: 4001,
      message: Errors.PROVIDER_ERRORS.userRejectedRequest.message,
    })
    expect(Payment.current.get()).toBeUndefined()

    modal.open()
    const paying = Payment.request(request, deps, () => undefined)
    await vi.waitFor(() => expect(Payment.current.get()).toBeDefined())
    Payment.current.get()!.paying()
    modal.close()
    expect(Payment.current.get()).toBeDefined()
    Payment.current.get()!.paid(HASH)
    await expect(paying).resolves.toBe(HASH)
  })

  test('after the wallet failed (not a decline) and the review shows again, closing the modal declines', async () => {
    const { modal, deps } = modalWith({ payments: true, connected: true })
    const failed = Payment.request(request, deps, () => undefined)
    await vi.waitFor(() => expect(Payment.current.get()).toBeDefined())
    Payment.current.get()!.paying()
    Payment.current.get()!.reviewing()
    modal.close()
    expect(await refusal(failed)).toEqual({
      code: 4001,
      message: Errors.PROVIDER_ERRORS.userRejectedRequest.message,
    })
    expect(Payment.current.get()).toBeUndefined()
  })

  test('not connected: Connect first, and the connection continues on Pay', async () => {
    const { router, continued, deps } = modalWith({ payments: true, connected: false })
    const paid = Payment.request(request, deps, () => undefined)
    await vi.waitFor(() => expect(Payment.current.get()).toBeDefined())
    expect(router.get().view).toBe('Connect')
    expect(continued).toEqual(['Pay'])
    Payment.current.get()!.fail(Errors.providerError('userRejectedRequest'))
    await expect(paid).rejects.toMatchObject({ code: 4001 })
    // Settled: the next connection closes the modal again.
    expect(continued).toEqual(['Pay', undefined])
  })

  test('an invalid request is refused before anything shows', async () => {
    const { modal, deps } = modalWith({ payments: true, connected: true })
    expect(await refusal(Payment.request({ ...request, amount: '0' }, deps, () => undefined))).toMatchObject({
      code: -32602,
    })
    expect(modal.get().open).toBe(false)
    expect(Payment.current.get()).toBeUndefined()
  })
})

describe('outcome', () => {
  test('mined: none; reverted: Execution reverted; no receipt in time: not confirmed; both with the hash', () => {
    expect(Payment.outcome('success', HASH)).toBeUndefined()
    expect(Payment.outcome('reverted', HASH)).toMatchObject({
      code: -32603,
      message: SchemaErrors.EXECUTION_REVERTED,
      data: { hash: HASH },
    })
    expect(Payment.outcome(undefined, HASH)).toMatchObject({
      code: -32603,
      message: Rules.NOT_CONFIRMED,
      data: { hash: HASH },
    })
  })
})
