// @vitest-environment jsdom
import * as Errors from '@frontdoor/protocol/errors'
import type * as HostModal from '@frontdoor/protocol/host-modal'
import * as SolanaCluster from '@frontdoor/protocol/solana-cluster'
import { getWallets } from '@wallet-standard/app'
import type { Wallet as StandardWallet } from '@wallet-standard/base'
import { registerWallet } from '@wallet-standard/wallet'
import { describe, expect, test, vi } from 'vitest'
import type { Extension, Frontdoor, State } from '../Frontdoor.js'
import * as Bytes from './Bytes.js'
import { registerSolana } from './index.js'

// The Frontdoor instance stands in for the modal (createFrontdoor needs the modal frame; e2e/wallet-standard
// runs the whole path in Chromium): its state, open(), the provider's requests and the modal's calls.
const ADDRESS = 'GfLSF2ZbgX6VXkyCmkGNNHNJVjgf3Jz9G7ycWqv6SU6M'
const PAGE_ADDRESS = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'
const ICON = 'data:image/svg+xml;base64,PHN2Zy8+'

function frontdoor() {
  let state: State = { open: false, loading: false, view: 'Connect', status: 'disconnected' }
  const listeners = new Set<(s: State) => void>()
  const set = (next: Partial<State>) => {
    state = { ...state, ...next }
    for (const l of [...listeners]) l(state)
  }
  let solanaAccount: unknown = null
  let extension: Extension | undefined
  const walletsChanged = vi.fn()
  const requests: { method: string; params?: unknown }[] = []
  const instance = {
    getState: () => state,
    subscribe(listener: (s: State) => void) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    open: vi.fn(async () => set({ open: true })),
    disconnect: vi.fn(async () => set({ status: 'disconnected' })),
    provider: {
      request: async (args: { method: string; params?: unknown }) => {
        requests.push(args)
        return { signature: Bytes.toBase58(new Uint8Array(64).fill(7)), transaction: 'AQID' }
      },
    },
    extend(added: Extension) {
      extension = added
      return {
        walletsChanged,
        call: async (name: string) => (name === 'solanaAccount' ? solanaAccount : undefined),
      }
    },
  } as unknown as Frontdoor
  return {
    instance,
    set,
    requests,
    walletsChanged,
    extension: () => extension as Extension,
    connectSolana(account: unknown) {
      solanaAccount = account
    },
  }
}

const frontdoorWallet = () =>
  getWallets()
    .get()
    .find((w) => w.name === 'Frontdoor') as StandardWallet

describe('registerSolana', () => {
  test('registers Frontdoor as a Wallet Standard wallet with the Solana features and chains', () => {
    const fd = frontdoor()
    const { wallet } = registerSolana(fd.instance)
    expect(frontdoorWallet()).toBe(wallet)
    expect(wallet.version).toBe('1.0.0')
    expect(wallet.icon).toMatch(/^data:image\/svg\+xml;base64,/)
    expect(Object.keys(wallet.features).sort()).toEqual([
      'solana:signAndSendTransaction',
      'solana:signMessage',
      'solana:signTransaction',
      'standard:connect',
      'standard:disconnect',
      'standard:events',
    ])
    expect(wallet.chains).toEqual(['solana:mainnet', 'solana:devnet', 'solana:testnet', 'solana:localnet'])
    expect(wallet.accounts).toEqual([])
    expect(registerSolana(fd.instance, { chains: ['solana:localnet'] }).wallet.chains).toEqual([
      'solana:localnet',
    ])
  })

  test('connect: silent asks nothing; otherwise the modal opens until a wallet with a Solana account connects', async () => {
    const fd = frontdoor()
    const { wallet } = registerSolana(fd.instance, { chains: ['solana:localnet'] })
    const changes: unknown[] = []
    wallet.features['standard:events'].on('change', ({ accounts }) =>
      changes.push(accounts?.map((a) => a.address)),
    )
    expect(await wallet.features['standard:connect'].connect({ silent: true })).toEqual({ accounts: [] })
    expect(fd.instance.open).not.toHaveBeenCalled()

    const connecting = wallet.features['standard:connect'].connect()
    await vi.waitFor(() => expect(fd.instance.open).toHaveBeenCalledOnce())
    fd.connectSolana({ address: ADDRESS, chains: ['solana:localnet'] })
    fd.set({ status: 'connected' })
    const { accounts } = await connecting
    expect(accounts.map((a) => a.address)).toEqual([ADDRESS])
    expect(Bytes.toBase58(Uint8Array.from(accounts[0]!.publicKey))).toBe(ADDRESS)
    expect(accounts[0]!.chains).toEqual(['solana:localnet'])
    expect(wallet.accounts).toEqual(accounts)
    expect(changes).toEqual([[ADDRESS]])

    // The visitor disconnects (in the modal or the page): the account goes, `change` says so.
    fd.set({ status: 'disconnected' })
    expect(wallet.accounts).toEqual([])
    expect(changes).toEqual([[ADDRESS], []])
  })

  test('connect rejects with 4001 when the visitor closes the modal; 4100 when the wallet connected has no Solana account', async () => {
    const fd = frontdoor()
    const { wallet } = registerSolana(fd.instance)
    const closed = wallet.features['standard:connect'].connect()
    await vi.waitFor(() => expect(fd.instance.open).toHaveBeenCalled())
    fd.set({ open: false })
    await expect(closed).rejects.toMatchObject({ code: 4001 })

    const evmOnly = wallet.features['standard:connect'].connect()
    await vi.waitFor(() => expect(fd.instance.open).toHaveBeenCalledTimes(2))
    fd.set({ status: 'connected', open: false })
    await expect(evmOnly).rejects.toMatchObject({
      code: 4100,
      message: 'The connected wallet has no Solana account',
    })
  })

  test("signs through the page's provider: base58 message and signer out, signature bytes back", async () => {
    const fd = frontdoor()
    fd.connectSolana({ address: ADDRESS, chains: ['solana:localnet'] })
    const { wallet } = registerSolana(fd.instance)
    const { accounts } = await wallet.features['standard:connect'].connect()
    const account = accounts[0]!
    const message = new TextEncoder().encode('hello')
    const [signed] = await wallet.features['solana:signMessage'].signMessage({ account, message })
    expect(fd.requests).toEqual([
      { method: 'solana_signMessage', params: { message: Bytes.toBase58(message), pubkey: ADDRESS } },
    ])
    expect(signed).toEqual({
      signedMessage: message,
      signature: new Uint8Array(64).fill(7),
      signatureType: 'ed25519',
    })

    const [tx] = await wallet.features['solana:signTransaction'].signTransaction({
      account,
      transaction: new Uint8Array([9, 9]),
    })
    expect(fd.requests.at(-1)).toEqual({
      method: 'solana_signTransaction',
      params: { transaction: 'CQk=', pubkey: ADDRESS },
    })
    expect(tx).toEqual({ signedTransaction: new Uint8Array([1, 2, 3]) })
    // The chain the dApp names goes with the request (the wallet that serves another answers 4901).
    await wallet.features['solana:signTransaction'].signTransaction({
      account,
      transaction: new Uint8Array([9, 9]),
      chain: 'solana:mainnet',
    })
    expect(fd.requests.at(-1)?.params).toEqual({
      transaction: 'CQk=',
      pubkey: ADDRESS,
      chain: 'solana:mainnet',
    })

    await wallet.features['solana:signAndSendTransaction'].signAndSendTransaction({
      account,
      transaction: new Uint8Array([9]),
      chain: 'solana:localnet',
      options: { skipPreflight: true },
    })
    expect(fd.requests.at(-1)).toEqual({
      method: 'solana_signAndSendTransaction',
      params: {
        transaction: 'CQ==',
        pubkey: ADDRESS,
        chain: 'solana:localnet',
        sendOptions: { skipPreflight: true },
      },
    })
    // Another account than the connected one: 4100, nothing sent.
    const other = { ...account, address: PAGE_ADDRESS }
    await expect(
      wallet.features['solana:signMessage'].signMessage({ account: other, message }),
    ).rejects.toMatchObject({
      code: 4100,
    })
    expect(fd.requests).toHaveLength(4)
  })
})

/** A Wallet Standard wallet of the page, as an extension registers it. */
function pageWallet(
  name: string,
  options: { chains?: `${string}:${string}`[]; refuse?: boolean; transactions?: boolean } = {},
) {
  const account = {
    address: PAGE_ADDRESS,
    publicKey: Bytes.fromBase58(PAGE_ADDRESS),
    chains: ['solana:localnet'] as const,
    features: [],
  }
  const signed: Uint8Array[] = []
  const sent: string[] = []
  const change = new Set<(p: { accounts: unknown[] }) => void>()
  const wallet = {
    version: '1.0.0',
    name,
    icon: ICON,
    chains: options.chains ?? ['solana:localnet'],
    accounts: [account],
    features: {
      'standard:connect': {
        version: '1.0.0',
        connect: async () => {
          if (options.refuse) throw new Error('User rejected the request.')
          return { accounts: [account] }
        },
      },
      'standard:events': {
        version: '1.0.0',
        on: (_: string, listener: (p: { accounts: unknown[] }) => void) => {
          change.add(listener)
          return () => change.delete(listener)
        },
      },
      'solana:signMessage': {
        version: '1.0.0',
        signMessage: async ({ message }: { message: Uint8Array }) => {
          signed.push(message)
          return [{ signedMessage: message, signature: new Uint8Array(64).fill(5) }]
        },
      },
      ...(options.transactions
        ? {
            // Signs in the account's slot: signature i of the wire bytes, i its place among the signers.
            'solana:signTransaction': {
              version: '1.0.0',
              signTransaction: async ({ transaction }: { transaction: Uint8Array }) => {
                const signedTransaction = transaction.slice()
                signedTransaction.set(new Uint8Array(64).fill(5), 1 + 64 * PAGE_SLOT)
                return [{ signedTransaction }]
              },
            },
            'solana:signAndSendTransaction': {
              version: '1.0.0',
              signAndSendTransaction: async ({ chain }: { chain: string }) => {
                sent.push(chain)
                return [{ signature: new Uint8Array(64).fill(6) }]
              },
            },
          }
        : {}),
    },
  } as unknown as StandardWallet
  return { wallet, signed, sent, change }
}

/** The page wallet's account is the second signer of {@link twoSigners}: another account pays the fee. */
const PAGE_SLOT = 1

/** A wire transaction (legacy) of two signers, a fee payer first and the page wallet's account, unsigned. */
function twoSigners(): Uint8Array {
  const payer = new Uint8Array(32).fill(1)
  const system = new Uint8Array(32)
  const transfer = [2, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0]
  const message = [
    ...[2, 0, 1],
    3,
    ...payer,
    ...Bytes.fromBase58(PAGE_ADDRESS),
    ...system,
    ...new Uint8Array(32).fill(9),
    1,
    ...[2, 2, 1, 0, transfer.length, ...transfer],
  ]
  return Uint8Array.from([2, ...new Uint8Array(64).fill(3), ...new Uint8Array(64), ...message])
}

describe("the page's Wallet Standard wallets", () => {
  test("a signed transaction's signature is the one in the account's signer slot; another chain is 4901", async () => {
    const fd = frontdoor()
    registerSolana(fd.instance)
    const page = pageWallet('Second Signer Wallet', { transactions: true })
    registerWallet(page.wallet)
    const info = fd
      .extension()
      .wallets()
      .find((w) => w.name === 'Second Signer Wallet') as HostModal.InjectedWallet
    const request = (method: string, params: unknown) => fd.extension().request(info.uuid, { method, params })
    const unsigned = twoSigners()
    // The fee payer's signature (3s) is first; the account's slot is empty before it signs.
    expect([...unsigned.subarray(1 + 64 * PAGE_SLOT, 65 + 64 * PAGE_SLOT)]).toEqual(new Array(64).fill(0))
    const answer = (await request('solana_signTransaction', {
      transaction: Bytes.toBase64(unsigned),
      pubkey: PAGE_ADDRESS,
    })) as { signature: string; transaction: string }
    expect(answer.signature).toBe(Bytes.toBase58(new Uint8Array(64).fill(5)))
    expect(answer.signature).not.toBe(Bytes.toBase58(new Uint8Array(64).fill(3)))

    const send = (chain?: string) =>
      request('solana_signAndSendTransaction', {
        transaction: Bytes.toBase64(unsigned),
        pubkey: PAGE_ADDRESS,
        ...(chain ? { chain } : {}),
      })
    await expect(send('solana:mainnet')).rejects.toMatchObject({ code: 4901 })
    await expect(
      request('solana_signTransaction', {
        transaction: Bytes.toBase64(unsigned),
        pubkey: PAGE_ADDRESS,
        chain: 'solana:devnet',
      }),
    ).rejects.toMatchObject({ code: 4901 })
    expect(page.sent).toEqual([])
    // The local cluster by its Wallet Standard name or its CAIP-2 id; none named: the account's first.
    await send('solana:localnet')
    await send(SolanaCluster.CAIP_NETWORK_ID)
    await send()
    expect(page.sent).toEqual(['solana:localnet', 'solana:localnet', 'solana:localnet'])
  })

  test('found when registered after the SDK, listed to the modal with their chains, not Frontdoor itself, not EVM-only ones', async () => {
    const fd = frontdoor()
    registerSolana(fd.instance)
    const before = fd.extension().wallets().length
    const { wallet } = pageWallet('Solana Test Wallet')
    registerWallet(wallet)
    registerWallet(pageWallet('EVM Only', { chains: ['eip155:1'] }).wallet)
    expect(fd.walletsChanged).toHaveBeenCalled()
    const listed = fd.extension().wallets()
    expect(listed.length).toBe(before + 1)
    const info = listed.at(-1) as HostModal.InjectedWallet
    expect(info).toMatchObject({
      name: 'Solana Test Wallet',
      icon: ICON,
      rdns: 'wallet-standard.solana-test-wallet',
      chains: ['solana:localnet'],
    })
    expect(listed.map((w) => w.name)).not.toContain('Frontdoor')
    expect(listed.map((w) => w.name)).not.toContain('EVM Only')
  })

  test("the modal's requests reach the wallet's features; a refusal without a code is 4001", async () => {
    const fd = frontdoor()
    registerSolana(fd.instance)
    const page = pageWallet('Signer Wallet')
    registerWallet(page.wallet)
    const info = fd
      .extension()
      .wallets()
      .find((w) => w.name === 'Signer Wallet') as HostModal.InjectedWallet
    const request = (method: string, params?: unknown) =>
      fd.extension().request(info.uuid, params === undefined ? { method } : { method, params })
    expect(await request('standard:connect')).toEqual({
      accounts: [{ address: PAGE_ADDRESS, chains: ['solana:localnet'] }],
    })
    const message = new TextEncoder().encode('sign me')
    expect(
      await request('solana_signMessage', { message: Bytes.toBase58(message), pubkey: PAGE_ADDRESS }),
    ).toEqual({
      signature: Bytes.toBase58(new Uint8Array(64).fill(5)),
    })
    expect(page.signed.map((m) => [...m])).toEqual([[...message]])
    await expect(request('solana_signMessage', { message: 'x', pubkey: ADDRESS })).rejects.toMatchObject({
      code: 4100,
    })
    await expect(
      request('solana_signTransaction', { transaction: 'AA==', pubkey: PAGE_ADDRESS }),
    ).rejects.toMatchObject({
      code: 4200,
    })
    expect(
      fd.extension().request('00000000-0000-4000-8000-000000000000', { method: 'standard:connect' }),
    ).toBeUndefined()

    const refusing = pageWallet('Refusing Wallet', { refuse: true })
    registerWallet(refusing.wallet)
    const refusingInfo = fd
      .extension()
      .wallets()
      .find((w) => w.name === 'Refusing Wallet') as HostModal.InjectedWallet
    const refused = fd.extension().request(refusingInfo.uuid, { method: 'standard:connect' })
    await expect(refused).rejects.toBeInstanceOf(Errors.ProviderRpcError)
    await expect(refused).rejects.toMatchObject({ code: 4001, message: 'User rejected the request.' })
  })
})
