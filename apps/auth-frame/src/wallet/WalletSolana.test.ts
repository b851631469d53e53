import { Keypair, SystemProgram, Transaction } from '@solana/web3.js'
import { describe, expect, test } from 'vitest'
import * as Api from '../api/Api.js'
import * as Approval from '../approval/Approval.js'
import type * as Registry from '../network/Registry.js'
import * as Backends from '../session/Backends.js'
import * as Session from '../session/Session.js'
import * as Wallet from './Wallet.js'

// The wallet's Solana transaction requests over a recorded `fetch` answering as the auth contract says
// (e2e/solana drives the real API and cluster in a real browser).
const me = Keypair.generate().publicKey
const friend = Keypair.generate().publicKey
const CHAIN = 'solana:FxwCwhiscJPbAuFKVEq7mmzfCkcEoFth'
const user = {
  id: 'u1',
  address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  solanaAddress: me.toBase58(),
  accounts: [],
  preferredAccountType: 'eoa',
  smartAccountDeployed: false,
}
const network = {
  id: 'FxwCwhiscJPbAuFKVEq7mmzfCkcEoFth',
  caipNetworkId: CHAIN,
  chainNamespace: 'solana',
  name: 'Frontdoor Solana Localnet',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
} as unknown as NonNullable<Awaited<ReturnType<Registry.Registry['solana']>>>

function setup() {
  const calls: { path: string; body: unknown }[] = []
  const fetchFn = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input))
    const body = init?.body ? JSON.parse(String(init.body)) : undefined
    calls.push({ path: url.pathname, body })
    const json = (value: unknown) =>
      new Response(JSON.stringify(value), { status: 200, headers: { 'content-type': 'application/json' } })
    if (url.pathname === '/v1/auth/user') return json({ user })
    if (url.pathname === '/v1/vault/rpc') return json({ result: { signature: 'sig' } })
    return json({ error: { code: 'not_found', message: 'Not found' } })
  }) as typeof fetch
  const session = Session.create(Backends.memory())
  session.set({ token: 't0k', expiresAtMs: Date.now() + 3_600_000 })
  const approval = Approval.create()
  const registry: Registry.Registry = { network: async () => undefined, solana: async () => network }
  const wallet = Wallet.create({
    apiUrl: 'http://127.0.0.1:4000',
    modalOrigin: 'http://127.0.0.1:5180',
    api: Api.create('http://127.0.0.1:4000', fetchFn),
    session,
    approval,
    registry,
  })
  const call = (name: keyof Wallet.Handlers, params: unknown) =>
    (wallet.handlers[name] as (p: unknown, c: { origin: string }) => Promise<unknown>)(params, { origin: '' })
  return { calls, approval, call }
}

const transaction = Buffer.from(
  new Transaction({ feePayer: me, recentBlockhash: friend.toBase58() })
    .add(SystemProgram.transfer({ fromPubkey: me, toPubkey: friend, lamports: 1_000_000_000 }))
    .serialize({ requireAllSignatures: false, verifySignatures: false }),
).toString('base64')

describe('Wallet, Solana transactions', () => {
  test("shown with the user's Solana address and the registry's cluster; the vault is asked on that cluster after Approve", async () => {
    const { calls, approval, call } = setup()
    await call('syncDappData', {
      metadata: { name: 'Demo' },
      projectId: 'demo',
      sdkVersion: '0',
      sdkType: 'frontdoor',
    })
    const params = { transaction }
    const answer = call('rpcRequest', {
      method: 'solana_signAndSendTransaction',
      params,
      chainNamespace: 'solana',
    })
    await expect.poll(() => approval.get().current?.method).toBe('solana_signAndSendTransaction')
    const item = approval.get().current!
    expect(item.address).toBe(me.toBase58())
    expect(item.solana?.rows).toContainEqual({ label: 'Send', value: '1 SOL' })
    expect(item.solana?.rows).toContainEqual({ label: 'Network', value: 'Frontdoor Solana Localnet' })
    expect(calls.some((c) => c.path === '/v1/vault/rpc')).toBe(false)
    approval.approve(item.id)
    expect(await answer).toEqual({ signature: 'sig' })
    expect(calls.find((c) => c.path === '/v1/vault/rpc')?.body).toEqual({
      chainId: CHAIN,
      method: 'solana_signAndSendTransaction',
      params,
    })
  })

  test('another pubkey is 4100 and a malformed transaction -32602, both without a screen', async () => {
    const { approval, call } = setup()
    await call('syncDappData', {
      metadata: { name: 'Demo' },
      projectId: 'demo',
      sdkVersion: '0',
      sdkType: 'frontdoor',
    })
    await expect(
      call('rpcRequest', {
        method: 'solana_signTransaction',
        params: { transaction, pubkey: friend.toBase58() },
        chainNamespace: 'solana',
      }),
    ).rejects.toMatchObject({ code: 4100 })
    await expect(
      call('rpcRequest', {
        method: 'solana_signAllTransactions',
        params: { transactions: ['AAAA'] },
        chainNamespace: 'solana',
      }),
    ).rejects.toMatchObject({ code: -32602, message: expect.stringMatching(/params.transactions.0/) })
    expect(approval.get().current).toBeUndefined()
  })
})
