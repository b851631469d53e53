import { DEV_ACCOUNTS } from '@frontdoor/devnet/accounts'
import { Errors } from '@frontdoor/schemas'
import bs58 from 'bs58'
import nacl from 'tweetnacl'
import { verifyMessage, verifyTypedData } from 'viem'
import { afterEach, describe, expect, test } from 'vitest'
import * as SolanaAccount from '../solana/Account.js'
import { transfer } from '../solana/testTransfer.js'
import {
  CONTEXT,
  cleanup,
  connector,
  events,
  pair,
  relay,
  SOLANA_LOCAL,
  solanaConnector,
  storagePrefix,
  until,
  wallet,
} from './TestWalletConnect.js'

// The connector (dapp side, sign-client in Node) and the e2e test wallet (sign-client in Node with a
// dev key) pair through a real relay started here (TestWalletConnect). Nothing is mocked. Pairing
// itself is Pairing.test's, one-click sign-in SignIn.test's.

afterEach(cleanup)

describe('requests and events', () => {
  test('personal_sign and eth_signTypedData_v4 reach the wallet on the current chain', async () => {
    const server = await relay()
    const c = connector(server.url)
    const w = await wallet(server.url)
    await pair(c, w)
    const message = 'Sign in to Frontdoor'
    const signature = (await c.request('personal_sign', [message, w.address])) as `0x${string}`
    expect(await verifyMessage({ address: w.address, message, signature })).toBe(true)
    const typed = {
      domain: { name: 'Frontdoor', chainId: 31337 },
      types: { Greeting: [{ name: 'text', type: 'string' }] },
      primaryType: 'Greeting',
      message: { text: 'hello' },
    } as const
    const typedSignature = (await c.request('eth_signTypedData_v4', [
      w.address,
      JSON.stringify(typed),
    ])) as `0x${string}`
    expect(await verifyTypedData({ address: w.address, ...typed, signature: typedSignature })).toBe(true)
    expect(w.requests.map((r) => r.chainId)).toEqual(['eip155:31337', 'eip155:31337'])
  })

  test("with a solana network on the page: the wallet's solana account signs solana_signMessage on the session's solana chain", async () => {
    const server = await relay()
    const c = solanaConnector(server.url)
    const w = await wallet(server.url)
    const seen: unknown[] = []
    w.client.on('session_proposal', (event) => seen.push(event.params.optionalNamespaces))
    await pair(c, w)
    expect(seen).toEqual([
      expect.objectContaining({ solana: expect.objectContaining({ chains: [SOLANA_LOCAL] }) }),
    ])
    const message = bs58.encode(new TextEncoder().encode('Sign in to Frontdoor on Solana'))
    const { signature } = (await c.request('solana_signMessage', { message, pubkey: w.solanaAddress })) as {
      signature: string
    }
    const key = w.solanaKeypair!.publicKey.toBytes()
    expect(nacl.sign.detached.verify(bs58.decode(message), bs58.decode(signature), key)).toBe(true)
    expect(w.requests.map((r) => r.chainId)).toEqual([SOLANA_LOCAL])
    // A chain the page names that the session lacks is 4901 and the wallet is not asked; its own goes through.
    await expect(
      c.request('solana_signMessage', { message, pubkey: w.solanaAddress, chain: 'solana:mainnet' }),
    ).rejects.toMatchObject({ code: 4901 })
    expect(w.requests.map((r) => r.chainId)).toEqual([SOLANA_LOCAL])
    await c.request('solana_signMessage', { message, pubkey: w.solanaAddress, chain: 'solana:localnet' })
    expect(w.requests.map((r) => r.chainId)).toEqual([SOLANA_LOCAL, SOLANA_LOCAL])
    // eip155 requests still go to the eip155 chain.
    await c.request('personal_sign', ['0x00', w.address])
    expect(w.requests.map((r) => r.chainId)).toEqual([SOLANA_LOCAL, SOLANA_LOCAL, 'eip155:31337'])
  })

  test("the session's Solana account, as the page's Frontdoor Solana wallet reads it (its chain by its Wallet Standard name); none without a solana namespace", async () => {
    const server = await relay()
    const c = solanaConnector(server.url)
    expect(await SolanaAccount.of(c)).toBeNull()
    const w = await wallet(server.url)
    const session = await pair(c, w)
    const expected = { address: w.solanaAddress, chains: ['solana:localnet'] }
    expect(await SolanaAccount.of(c)).toEqual(expected)
    expect(await SolanaAccount.of(c.keeper?.(session))).toEqual(expected)

    const other = connector(server.url)
    await pair(other, await wallet(server.url, { solanaSeed: false }))
    expect(await SolanaAccount.of(other)).toBeNull()
  })

  test("solana_signTransaction and solana_signAllTransactions: read, then signed by the wallet's solana account (tweetnacl over the message bytes); refused ones never reach the wallet", async () => {
    const server = await relay()
    const c = solanaConnector(server.url)
    // A wallet that answers signTransaction as WalletConnect's spec has it: {signature} alone.
    const w = await wallet(server.url, { solanaSignatureOnly: true })
    await pair(c, w)
    const key = w.solanaKeypair!.publicKey.toBytes()
    const friend = nacl.sign.keyPair().publicKey
    const one = transfer(key, friend, 5n)
    const two = transfer(key, friend, 6n)
    const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')
    const fromBase64 = (text: string) => new Uint8Array(Buffer.from(text, 'base64'))

    const signed = (await c.request('solana_signTransaction', { transaction: base64(one.wire) })) as {
      signature: string
      transaction: string
    }
    expect(nacl.sign.detached.verify(one.message, bs58.decode(signed.signature), key)).toBe(true)
    expect(nacl.sign.detached.verify(two.message, bs58.decode(signed.signature), key)).toBe(false)
    // The connector put the wallet's signature in its slot of the transaction the page sent.
    const wire = fromBase64(signed.transaction)
    expect(wire.subarray(1, 65)).toEqual(bs58.decode(signed.signature))
    expect(wire.subarray(65)).toEqual(one.message)

    const all = (await c.request('solana_signAllTransactions', {
      transactions: [base64(one.wire), base64(two.wire)],
    })) as { transactions: string[] }
    expect(all.transactions).toHaveLength(2)
    all.transactions.forEach((text, i) => {
      const bytes = fromBase64(text)
      const message = [one, two][i]!.message
      expect(bytes.subarray(65)).toEqual(message)
      expect(nacl.sign.detached.verify(message, bytes.subarray(1, 65), key)).toBe(true)
    })
    expect(w.requests.map((r) => [r.method, r.chainId])).toEqual([
      ['solana_signTransaction', SOLANA_LOCAL],
      ['solana_signAllTransactions', SOLANA_LOCAL],
    ])
    expect(w.requests[0]?.params).toEqual({ transaction: base64(one.wire), pubkey: w.solanaAddress })

    // Refused before the wallet sees them: another signer's transaction, a message that is a transaction.
    const theirs = transfer(friend, key)
    await expect(
      c.request('solana_signAndSendTransaction', { transaction: base64(theirs.wire) }),
    ).rejects.toMatchObject({ code: -32602 })
    await expect(
      c.request('solana_signMessage', { message: bs58.encode(one.message), pubkey: w.solanaAddress }),
    ).rejects.toMatchObject({ code: -32602 })
    expect(w.requests).toHaveLength(2)
  })

  test('a wallet that approved no solana namespace: solana requests are 4901, the wallet is not asked', async () => {
    const server = await relay()
    const c = connector(server.url)
    const w = await wallet(server.url, { solanaSeed: false })
    await pair(c, w)
    await expect(c.request('solana_signMessage', { message: '2', pubkey: 'x' })).rejects.toMatchObject({
      code: 4901,
    })
    expect(w.requests).toEqual([])
  })

  test('a rejected request keeps its code', async () => {
    const server = await relay()
    const c = connector(server.url)
    const w = await wallet(server.url)
    await pair(c, w)
    w.answerNext('personal_sign', 'reject')
    await expect(c.request('personal_sign', ['0x00', w.address])).rejects.toMatchObject({ code: 4001 })
  })

  test("a request the wallet's user refused is 4001 in every code wallets send (WalletKit's 5000-5002, a bare -32000 'User rejected.'); other errors keep theirs", async () => {
    const server = await relay()
    const c = connector(server.url)
    const w = await wallet(server.url)
    await pair(c, w)
    for (const [code, message] of [
      [4001, 'User rejected the request.'],
      [5000, 'User rejected.'],
      [5001, 'User rejected chains.'],
      [5002, 'User rejected methods.'],
      [-32000, 'User rejected.'],
    ] as const) {
      w.answerNext('personal_sign', 'reject', { code, message })
      await expect(c.request('personal_sign', ['0x00', w.address])).rejects.toMatchObject({
        code: 4001,
        message,
      })
    }
    w.answerNext('personal_sign', 'reject', { code: -32000, message: 'execution reverted' })
    await expect(c.request('personal_sign', ['0x00', w.address])).rejects.toMatchObject({
      code: -32000,
      message: 'execution reverted',
    })
    expect(w.requests.map((r) => r.method)).toEqual(Array(6).fill('personal_sign'))
  })

  test('switchChain: the wallet switches and emits chainChanged; requests follow the chain', async () => {
    const server = await relay()
    const c = connector(server.url)
    const w = await wallet(server.url)
    await pair(c, w)
    const seen = events(c)
    await c.switchChain(31338, CONTEXT)
    await until(() => seen.length > 0)
    expect(seen).toEqual([{ type: 'chainChanged', chainId: 31338 }])
    await c.request('personal_sign', ['0x01', w.address])
    expect(w.requests.at(-1)?.chainId).toBe('eip155:31338')
  })

  test('a chain the wallet lacks is added (wallet_addEthereumChain) and then switched to', async () => {
    const server = await relay()
    const c = connector(server.url)
    const w = await wallet(server.url, { unknownChains: [31338] })
    await pair(c, w)
    await c.switchChain(31338, CONTEXT)
    expect(w.requests.map((r) => r.method)).toEqual([
      'wallet_switchEthereumChain',
      'wallet_addEthereumChain',
      'wallet_switchEthereumChain',
    ])
    expect(w.requests[1]?.params).toEqual([
      {
        chainId: '0x7a6a',
        chainName: 'Devnet 31338',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: ['http://127.0.0.1:8546'],
      },
    ])
    expect(w.chainId()).toBe(31338)
  })

  test("adding the chain fails: 'Chain is not supported' (4902)", async () => {
    const server = await relay()
    const c = connector(server.url)
    const w = await wallet(server.url, { unknownChains: [31338] })
    await pair(c, w)
    w.refuseAddChain()
    await expect(c.switchChain(31338, CONTEXT)).rejects.toMatchObject({
      message: Errors.CHAIN_NOT_SUPPORTED,
      code: 4902,
    })
  })

  test("the wallet's accountsChanged and disconnect reach the connector", async () => {
    const server = await relay()
    const c = connector(server.url)
    const w = await wallet(server.url)
    await pair(c, w)
    const seen = events(c)
    const other = DEV_ACCOUNTS[4]!.address
    await w.emitAccountsChanged([other])
    await until(() => seen.length === 1)
    expect(seen[0]).toEqual({ type: 'accountsChanged', accounts: [other] })
    await w.disconnect()
    await until(() => seen.length === 2)
    expect(seen[1]).toEqual({ type: 'disconnect' })
    await expect(c.request('personal_sign', ['0x00', w.address])).rejects.toMatchObject({ code: 4100 })
  })

  test('disconnect ends the session on the wallet too', async () => {
    const server = await relay()
    const c = connector(server.url)
    const w = await wallet(server.url)
    await pair(c, w)
    expect(w.connected()).toBe(true)
    await c.disconnect()
    await until(() => !w.connected())
  })
})

describe('several wallets side by side (multi-wallet)', () => {
  test('each session is a connection of its own: requests reach its wallet, ending one keeps the other, both restore', async () => {
    const server = await relay()
    const kept = new Map<string, string>()
    const backend = {
      getItem: (key: string) => kept.get(key) ?? null,
      setItem: (key: string, value: string) => void kept.set(key, value),
      removeItem: (key: string) => void kept.delete(key),
    }
    const prefix = storagePrefix('connector-test-multi')
    const c = connector(server.url, { backend, customStoragePrefix: prefix })
    const first = await wallet(server.url, { name: 'First' })
    const second = await wallet(server.url, { privateKey: DEV_ACCOUNTS[4]!.privateKey, name: 'Second' })
    const a = await pair(c, first)
    const b = await pair(c, second)
    expect(a.topic).toBeDefined()
    expect(b.topic).not.toBe(a.topic)
    const ca = c.keeper(a)!
    const cb = c.keeper(b)!
    expect([ca.id, cb.id]).toEqual([`walletConnect:${a.topic}`, `walletConnect:${b.topic}`])
    // Pairing the second wallet left the first session alive: both wallets answer, each with its key.
    expect(first.connected()).toBe(true)
    const signedA = (await ca.request('personal_sign', ['0x0a', first.address])) as `0x${string}`
    const signedB = (await cb.request('personal_sign', ['0x0b', second.address])) as `0x${string}`
    expect(
      await verifyMessage({ address: first.address, message: { raw: '0x0a' }, signature: signedA }),
    ).toBe(true)
    expect(
      await verifyMessage({ address: second.address, message: { raw: '0x0b' }, signature: signedB }),
    ).toBe(true)
    // Events reach the connector of their own session only.
    const seenA = events(ca)
    const seenB = events(cb)
    await second.emitAccountsChanged([DEV_ACCOUNTS[7]!.address])
    await until(() => seenB.length === 1)
    expect(seenA).toEqual([])

    // A reload: both sessions restore without asking either wallet.
    const reloaded = connector(server.url, { backend, customStoragePrefix: prefix })
    const asked = first.requests.length + second.requests.length
    const restoredA = await reloaded.session(a.topic!).reconnect(CONTEXT)
    const restoredB = await reloaded.session(b.topic!).reconnect(CONTEXT)
    expect(restoredA?.accounts).toEqual([first.address])
    expect(restoredB?.accounts).toEqual([second.address])
    expect(first.requests.length + second.requests.length).toBe(asked)

    // Ending the first ends only its session.
    await reloaded.session(a.topic!).disconnect()
    await until(() => !first.connected())
    expect(second.connected()).toBe(true)
    expect(await reloaded.session(a.topic!).reconnect(CONTEXT)).toBeUndefined()
    const again = (await reloaded
      .session(b.topic!)
      .request('personal_sign', ['0x0c', second.address])) as `0x${string}`
    expect(await verifyMessage({ address: second.address, message: { raw: '0x0c' }, signature: again })).toBe(
      true,
    )
  }, 30_000)
})

describe('reconnect', () => {
  test('restores the stored session (and its chain) without asking the wallet', async () => {
    const server = await relay()
    // The modal's storage outlives the page: a reload finds sign-client's store and the connector's record.
    const kept = new Map<string, string>()
    const backend = {
      getItem: (key: string) => kept.get(key) ?? null,
      setItem: (key: string, value: string) => void kept.set(key, value),
      removeItem: (key: string) => void kept.delete(key),
      keys: () => [...kept.keys()],
    }
    const prefix = storagePrefix('connector-test-reconnect')
    const first = connector(server.url, { backend, customStoragePrefix: prefix })
    const w = await wallet(server.url)
    await pair(first, w, { data: { wallet: { id: 'aurora', name: 'Aurora Vault' } } })
    await first.switchChain(31338, CONTEXT)
    expect([...kept.keys()].some((key) => key.startsWith('wc:wc@2:client'))).toBe(true)
    const second = connector(server.url, { backend, customStoragePrefix: prefix })
    const asked = w.requests.length
    const session = await second.reconnect(CONTEXT)
    expect(session).toEqual({
      accounts: [w.address],
      chainId: 31338,
      wallet: { id: 'aurora', name: 'Aurora Vault', icon: undefined },
      topic: expect.any(String),
    })
    expect(w.requests.length).toBe(asked)
    const signature = (await second.request('personal_sign', ['0x02', w.address])) as `0x${string}`
    expect(await verifyMessage({ address: w.address, message: { raw: '0x02' }, signature })).toBe(true)
  })

  test('nothing stored: undefined', async () => {
    const server = await relay()
    expect(await connector(server.url).reconnect(CONTEXT)).toBeUndefined()
  })

  test('the relay restarted mid-session: requests work once both sides are back', async () => {
    const server = await relay()
    const port = server.port
    const c = connector(server.url)
    const w = await wallet(server.url)
    await pair(c, w)
    await server.stop()
    await relay(port)
    const signature = (await c.request('personal_sign', ['0x03', w.address])) as `0x${string}`
    expect(await verifyMessage({ address: w.address, message: { raw: '0x03' }, signature })).toBe(true)
  }, 30_000)
})
