import bs58 from 'bs58'
import nacl from 'tweetnacl'
import { describe, expect, it } from 'vitest'
import * as Connection from '../../connection/Connection.js'
import * as Storage from '../../connection/Storage.js'
import * as SolanaAccount from '../solana/Account.js'
import { transfer } from '../solana/testTransfer.js'
import * as Injected from './Injected.js'

// The wallet signs with a real key: the modal verifies its answers (solana/Requests.ts).
const KEY = nacl.sign.keyPair.fromSeed(new Uint8Array(32).fill(5))
const ADDRESS = bs58.encode(KEY.publicKey)
const SIGNATURE = bs58.encode(nacl.sign.detached(bs58.decode('3yZe7d'), KEY.secretKey))
const OTHER = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'
const wallet = {
  uuid: '350670db-19fa-4704-a166-e52e178b59d2',
  name: 'Solana Test Wallet',
  icon: 'data:image/svg+xml;base64,PHN2Zy8+',
  rdns: 'wallet-standard.solana-test-wallet',
  chains: ['solana:localnet'],
}

/** A Wallet Standard wallet of the page as the host SDK answers for it (its features, by method). */
function page(options: { reject?: boolean } = {}) {
  const seen: { method: string; params?: unknown }[] = []
  let authorized = false
  const connector = Injected.create(wallet, {
    request: async (_uuid, { method, params }) => {
      seen.push(params === undefined ? { method } : { method, params })
      switch (method) {
        case 'standard:connect':
          if ((params as { silent?: boolean } | undefined)?.silent && !authorized) return { accounts: [] }
          if (options.reject) throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
          authorized = true
          return { accounts: [{ address: ADDRESS, chains: ['solana:localnet'] }] }
        case 'standard:disconnect':
          authorized = false
          return null
        default:
          return { signature: SIGNATURE }
      }
    },
  })
  return { connector, seen }
}

const context = { networks: [], chainId: 31337 }

describe('create (a Wallet Standard wallet)', () => {
  it('connects through standard:connect: a Solana account, no EVM account, the page chain kept', async () => {
    const { connector, seen } = page()
    expect(await SolanaAccount.of(connector)).toBeNull()
    const session = await connector.connect(context)
    expect(session).toEqual({
      accounts: [],
      chainId: 31337,
      wallet: { id: wallet.rdns, name: wallet.name, icon: wallet.icon },
    })
    expect(seen).toEqual([{ method: 'standard:connect' }])
    expect(await SolanaAccount.of(connector)).toEqual({ address: ADDRESS, chains: ['solana:localnet'] })
  })

  it("the wallet's refusal is 'Connection rejected' (4001)", async () => {
    const { connector } = page({ reject: true })
    await expect(connector.connect(context)).rejects.toMatchObject({ code: 4001 })
    expect(await SolanaAccount.of(connector)).toBeNull()
  })

  it("a refusal in any code wallets send it in (WalletConnect's 5000-5002, a bare -32000 'User rejected.') is 4001: connecting is 'Connection rejected', a signature keeps the wallet's message; other errors keep theirs", async () => {
    let answer: { code: number; message: string } | undefined
    const connector = Injected.create(wallet, {
      request: async (_uuid, { method }) => {
        if (answer && method !== 'standard:disconnect') throw Object.assign(new Error(answer.message), answer)
        return method === 'standard:connect'
          ? { accounts: [{ address: ADDRESS, chains: ['solana:localnet'] }] }
          : { signature: SIGNATURE }
      },
    })
    for (const [code, message] of [
      [4001, 'User rejected the request.'],
      [5000, 'User rejected.'],
      [5001, 'User rejected chains.'],
      [5002, 'User rejected methods.'],
      [-32000, 'User rejected.'],
    ] as const) {
      answer = { code, message }
      await expect(connector.connect(context)).rejects.toMatchObject({
        code: 4001,
        message: 'Connection rejected',
      })
      answer = undefined
      await connector.connect(context)
      answer = { code, message }
      await expect(connector.request('solana_signMessage', { message: '3yZe7d' })).rejects.toMatchObject({
        code: 4001,
        message,
      })
      await connector.disconnect()
    }
    answer = undefined
    await connector.connect(context)
    answer = { code: -32000, message: 'Blockhash not found' }
    await expect(connector.request('solana_signMessage', { message: '3yZe7d' })).rejects.toMatchObject({
      code: -32000,
      message: 'Blockhash not found',
    })
  })

  it("forwards the Solana methods with the connection's account as signer; refuses EVM methods (4200) and any before connecting (4100)", async () => {
    const { connector, seen } = page()
    await expect(connector.request('solana_signMessage', { message: '3yZe7d' })).rejects.toMatchObject({
      code: 4100,
    })
    await connector.connect(context)
    expect(await connector.request('solana_signMessage', { message: '3yZe7d', pubkey: OTHER })).toEqual({
      signature: SIGNATURE,
    })
    expect(seen.at(-1)).toEqual({
      method: 'solana_signMessage',
      params: { message: '3yZe7d', pubkey: ADDRESS },
    })
    await expect(connector.request('personal_sign', ['0x00', ADDRESS])).rejects.toMatchObject({ code: 4200 })
  })

  it("reads each request before the wallet sees it (solana/Requests.ts): a message that is a transaction and another signer's transaction are -32602; the page's chain goes on", async () => {
    const { connector, seen } = page()
    await connector.connect(context)
    const calls = seen.length
    const mine = transfer(bs58.decode(ADDRESS), bs58.decode(OTHER))
    const theirs = transfer(bs58.decode(OTHER), bs58.decode(ADDRESS))
    const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')
    await expect(
      connector.request('solana_signMessage', { message: bs58.encode(mine.message) }),
    ).rejects.toMatchObject({ code: -32602 })
    await expect(
      connector.request('solana_signTransaction', { transaction: base64(theirs.wire) }),
    ).rejects.toMatchObject({ code: -32602 })
    expect(seen).toHaveLength(calls)
    await connector.request('solana_signAndSendTransaction', {
      transaction: base64(mine.wire),
      chain: 'solana:localnet',
    })
    expect(seen.at(-1)).toEqual({
      method: 'solana_signAndSendTransaction',
      params: { transaction: base64(mine.wire), pubkey: ADDRESS, chain: 'solana:localnet' },
    })
  })

  it('reconnects silently while the wallet trusts the page, not after a disconnect', async () => {
    const { connector, seen } = page()
    expect(await connector.reconnect(context)).toBeUndefined()
    await connector.connect(context)
    expect(await connector.reconnect(context)).toMatchObject({ accounts: [], chainId: 31337 })
    expect(seen.at(-1)).toEqual({ method: 'standard:connect', params: { silent: true } })
    await connector.disconnect()
    expect(await SolanaAccount.of(connector)).toBeNull()
    expect(await connector.reconnect(context)).toBeUndefined()
  })

  it("the wallet's change events: another account is followed, none ends the connection in the controller", async () => {
    const { connector } = page()
    const connection = Connection.create({
      storage: Storage.create(Storage.memory()),
      resolve: async () => connector,
      context: () => context,
    })
    await connection.connect(connector)
    expect(connection.get()).toMatchObject({
      status: 'connected',
      connectorId: 'injected:wallet-standard.solana-test-wallet',
    })
    expect(await SolanaAccount.of(connection.current())).toMatchObject({ address: ADDRESS })
    connector.emit({ event: 'accountsChanged', data: [OTHER] })
    expect(await SolanaAccount.of(connection.current())).toMatchObject({ address: OTHER })
    connector.emit({ event: 'accountsChanged', data: [] })
    expect(connection.get().status).toBe('disconnected')
    expect(await SolanaAccount.of(connector)).toBeNull()
  })
})

describe('create (an EIP-6963 wallet)', () => {
  it('has no Solana account', async () => {
    const connector = Injected.create({ ...wallet, chains: undefined } as never, {
      request: async () => null,
    })
    expect(await SolanaAccount.of(connector)).toBeNull()
  })
})
