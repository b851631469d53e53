import { base58 } from '@scure/base'
import {
  createAssociatedTokenAccount,
  createMint,
  getAccount,
  getAssociatedTokenAddressSync,
  getMint,
  mintTo,
  transfer as transferToken,
} from '@solana/spl-token'
import {
  Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  SendTransactionError,
  SystemProgram,
  sendAndConfirmTransaction,
  Transaction,
} from '@solana/web3.js'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { WebSocket } from 'ws'
import * as Genesis from './Genesis.js'
import * as Server from './Server.js'

let server: Server.Server
let connection: Connection

async function rpc(method: string, params?: unknown[]) {
  const response = await fetch(server.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 7, method, ...(params ? { params } : {}) }),
  })
  return (await response.json()) as {
    id: unknown
    result?: unknown
    error?: { code: number; message: string; data?: unknown }
  }
}

const dev = (index: number) => Keypair.fromSeed(Genesis.seed(Genesis.ACCOUNTS[index]!.label))
const fusd = new PublicKey(Genesis.TOKEN.mint)

beforeAll(async () => {
  server = await Server.start({ port: 0 })
  connection = new Connection(server.url, { commitment: 'confirmed', wsEndpoint: server.websocketUrl })
})
afterAll(async () => {
  await server?.close()
})

describe('the cluster', () => {
  test('answers its fixed genesis hash, version and health', async () => {
    expect(await connection.getGenesisHash()).toBe(Genesis.GENESIS_HASH)
    expect(Genesis.CAIP_NETWORK_ID).toBe(`solana:${Genesis.GENESIS_HASH.slice(0, 32)}`)
    expect((await connection.getVersion())['solana-core']).toBe('2.2.0')
    expect((await rpc('getHealth')).result).toBe('ok')
    expect(await (await fetch(`${server.url}/health`)).text()).toBe('ok')
  })

  test('the genesis hash and dev keys derive from their labels', async () => {
    const { createHash } = await import('node:crypto')
    const { base58 } = await import('@scure/base')
    expect(base58.encode(createHash('sha256').update(Genesis.GENESIS_PHRASE).digest())).toBe(
      Genesis.GENESIS_HASH,
    )
    for (const [index, account] of Genesis.ACCOUNTS.entries()) {
      expect(dev(index).publicKey.toBase58()).toBe(account.address)
      expect(getAssociatedTokenAddressSync(fusd, dev(index).publicKey).toBase58()).toBe(account.tokenAccount)
    }
    expect(Keypair.fromSeed(Genesis.seed(Genesis.TOKEN.label)).publicKey.toBase58()).toBe(Genesis.TOKEN.mint)
  })

  test('is seeded: dev accounts hold 1,000 SOL, the token its supply and accounts', async () => {
    for (const account of Genesis.ACCOUNTS)
      expect(await connection.getBalance(new PublicKey(account.address))).toBe(1_000 * LAMPORTS_PER_SOL)
    const mint = await getMint(connection, fusd)
    expect(mint.decimals).toBe(6)
    expect(mint.supply).toBe(Genesis.TOKEN_SUPPLY)
    expect(mint.mintAuthority?.toBase58()).toBe(Genesis.TOKEN.mintAuthority)
    const balance = await connection.getTokenAccountBalance(new PublicKey(Genesis.ACCOUNTS[0]!.tokenAccount))
    expect(balance.value).toEqual({
      amount: '1000000000000',
      decimals: 6,
      uiAmount: 1_000_000,
      uiAmountString: '1000000',
    })
    const parsed = await connection.getParsedTokenAccountsByOwner(dev(1).publicKey, { mint: fusd })
    expect(
      parsed.value.map((entry) => [
        entry.pubkey.toBase58(),
        entry.account.data.parsed.info.tokenAmount.uiAmountString,
      ]),
    ).toEqual([[Genesis.ACCOUNTS[1]!.tokenAccount, '10000']])
    expect((await connection.getTokenAccountsByOwner(dev(2).publicKey, { mint: fusd })).value).toEqual([])
  })

  test('airdrops SOL; the signature status says it landed', async () => {
    const wallet = Keypair.generate()
    expect(await connection.getBalance(wallet.publicKey)).toBe(0)
    expect(await connection.getAccountInfo(wallet.publicKey)).toBeNull()
    const signature = await connection.requestAirdrop(wallet.publicKey, 2 * LAMPORTS_PER_SOL)
    const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash()
    const confirmed = await connection.confirmTransaction({ signature, blockhash, lastValidBlockHeight })
    expect(confirmed.value.err).toBeNull()
    expect(await connection.getBalance(wallet.publicKey)).toBe(2 * LAMPORTS_PER_SOL)
    const status = (await connection.getSignatureStatuses([signature])).value[0]
    expect(status).toMatchObject({ err: null, confirmationStatus: 'finalized' })
    // Two equal airdrops are two transactions.
    const again = await connection.requestAirdrop(wallet.publicKey, 2 * LAMPORTS_PER_SOL)
    expect(again).not.toBe(signature)
    expect(await connection.getBalance(wallet.publicKey)).toBe(4 * LAMPORTS_PER_SOL)
  })

  test('transfers SOL: balances move by the amount and the fee, twice with the same transfer', async () => {
    const from = Keypair.generate()
    const to = Keypair.generate()
    await connection.requestAirdrop(from.publicKey, LAMPORTS_PER_SOL)
    const transfer = () =>
      new Transaction().add(
        SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: to.publicKey, lamports: 1_000_000 }),
      )
    const message = transfer()
    message.feePayer = from.publicKey
    message.recentBlockhash = (await connection.getLatestBlockhash()).blockhash
    expect(await connection.getFeeForMessage(message.compileMessage())).toMatchObject({ value: 5_000 })
    const first = await sendAndConfirmTransaction(connection, transfer(), [from])
    const second = await sendAndConfirmTransaction(connection, transfer(), [from])
    expect(second).not.toBe(first)
    expect(await connection.getBalance(to.publicKey)).toBe(2_000_000)
    expect(await connection.getBalance(from.publicKey)).toBe(LAMPORTS_PER_SOL - 2_000_000 - 2 * 5_000)
    const statuses = (await connection.getSignatureStatuses([first, second, bs58Signature()])).value
    expect(statuses[0]).toMatchObject({ err: null, confirmationStatus: 'finalized', confirmations: null })
    expect(statuses[1]!.slot).toBeGreaterThan(statuses[0]!.slot)
    expect(statuses[2]).toBeNull()
  })

  test('a transfer beyond the balance fails preflight with the program logs, and changes nothing', async () => {
    const from = Keypair.generate()
    await connection.requestAirdrop(from.publicKey, LAMPORTS_PER_SOL)
    const tx = new Transaction().add(
      SystemProgram.transfer({
        fromPubkey: from.publicKey,
        toPubkey: Keypair.generate().publicKey,
        lamports: 2 * LAMPORTS_PER_SOL,
      }),
    )
    const error = await sendAndConfirmTransaction(connection, tx, [from]).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SendTransactionError)
    expect((error as SendTransactionError).message).toContain(
      'Transaction simulation failed: Error processing Instruction 0: custom program error: 0x1',
    )
    expect((error as SendTransactionError).logs?.join('\n')).toContain('insufficient lamports')
    expect(await connection.getBalance(from.publicKey)).toBe(LAMPORTS_PER_SOL)
  })

  test('simulates without landing', async () => {
    const from = Keypair.generate()
    await connection.requestAirdrop(from.publicKey, LAMPORTS_PER_SOL)
    const tx = new Transaction().add(
      SystemProgram.transfer({
        fromPubkey: from.publicKey,
        toPubkey: Keypair.generate().publicKey,
        lamports: 1_000_000,
      }),
    )
    tx.feePayer = from.publicKey
    tx.recentBlockhash = (await connection.getLatestBlockhash()).blockhash
    const simulated = await connection.simulateTransaction(tx)
    expect(simulated.value.err).toBeNull()
    expect(simulated.value.logs).toContain('Program 11111111111111111111111111111111 success')
    expect(await connection.getBalance(from.publicKey)).toBe(LAMPORTS_PER_SOL)
    // 1 lamport would leave the new account below rent exemption: the runtime's own check.
    tx.instructions[0] = SystemProgram.transfer({
      fromPubkey: from.publicKey,
      toPubkey: Keypair.generate().publicKey,
      lamports: 1,
    })
    expect((await connection.simulateTransaction(tx)).value.err).toEqual({
      InsufficientFundsForRent: { account_index: 1 },
    })
  })

  test('creates and transfers an SPL token, and sends the seeded FUSD', async () => {
    const payer = Keypair.generate()
    const receiver = Keypair.generate()
    await connection.requestAirdrop(payer.publicKey, 5 * LAMPORTS_PER_SOL)
    const mint = await createMint(connection, payer, payer.publicKey, null, 2)
    const source = await createAssociatedTokenAccount(connection, payer, mint, payer.publicKey)
    const target = await createAssociatedTokenAccount(connection, payer, mint, receiver.publicKey)
    expect((await connection.getTokenAccountBalance(target)).value.amount).toBe('0')
    await mintTo(connection, payer, mint, source, payer, 10_000)
    await transferToken(connection, payer, source, target, payer, 2_550)
    expect((await connection.getTokenAccountBalance(source)).value.uiAmountString).toBe('74.5')
    expect((await getAccount(connection, target)).amount).toBe(2_550n)
    expect((await connection.getTokenSupply(mint)).value.amount).toBe('10000')

    const sender = dev(1)
    const fusdTarget = await createAssociatedTokenAccount(connection, payer, fusd, receiver.publicKey)
    await transferToken(
      connection,
      payer,
      new PublicKey(Genesis.ACCOUNTS[1]!.tokenAccount),
      fusdTarget,
      sender,
      1_500_000,
    )
    expect((await connection.getTokenAccountBalance(fusdTarget)).value.uiAmountString).toBe('1.5')
    const owned = await connection.getParsedTokenAccountsByOwner(receiver.publicKey, {
      programId: new PublicKey(Genesis.TOKEN_PROGRAM),
    })
    expect(owned.value.map((entry) => entry.account.data.parsed.info.tokenAmount.amount).sort()).toEqual([
      '1500000',
      '2550',
    ])
  })
})

function bs58Signature() {
  return '5'.repeat(87)
}

describe('JSON-RPC errors', () => {
  test('an unknown method, bad params, a bad request and bad JSON', async () => {
    expect(await rpc('getEverything')).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: { code: -32601, message: 'Method not found' },
    })
    const badKey = await rpc('getBalance', ['not-a-key'])
    expect(badKey.error).toEqual({ code: -32602, message: 'Invalid params: Invalid at params[0]' })
    expect((await rpc('getBalance')).error?.code).toBe(-32602)
    const notJson = await fetch(server.url, { method: 'POST', body: '{' })
    expect(await notJson.json()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700, message: 'Parse error' },
    })
    const noMethod = await fetch(server.url, {
      method: 'POST',
      body: JSON.stringify({ jsonrpc: '2.0', id: 1 }),
    })
    expect(await noMethod.json()).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32600, message: 'Invalid request' },
    })
    expect((await rpc('getTokenAccountBalance', [Genesis.ACCOUNTS[0]!.address])).error).toEqual({
      code: -32602,
      message: 'Invalid param: not a Token account',
    })
    expect((await rpc('sendTransaction', ['abc', { encoding: 'base64' }])).error?.code).toBe(-32602)
  })

  test('a batch answers each request', async () => {
    const response = await fetch(server.url, {
      method: 'POST',
      body: JSON.stringify([
        { jsonrpc: '2.0', id: 1, method: 'getGenesisHash' },
        { jsonrpc: '2.0', id: 2, method: 'nope' },
      ]),
    })
    expect(await response.json()).toEqual([
      { jsonrpc: '2.0', id: 1, result: Genesis.GENESIS_HASH },
      { jsonrpc: '2.0', id: 2, error: { code: -32601, message: 'Method not found' } },
    ])
  })

  test('a transaction on an unknown blockhash fails preflight with BlockhashNotFound', async () => {
    const from = Keypair.generate()
    await connection.requestAirdrop(from.publicKey, LAMPORTS_PER_SOL)
    const tx = new Transaction({
      feePayer: from.publicKey,
      recentBlockhash: Keypair.generate().publicKey.toBase58(),
    }).add(SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: from.publicKey, lamports: 1 }))
    tx.sign(from)
    const answer = await rpc('sendTransaction', [tx.serialize().toString('base64'), { encoding: 'base64' }])
    expect(answer.error).toMatchObject({
      code: -32002,
      message: 'Transaction simulation failed: Blockhash not found',
      data: { err: 'BlockhashNotFound' },
    })
  })
})

describe('the PubSub WebSocket', () => {
  test('signatureSubscribe before the transaction lands: one notification when it does, then none', async () => {
    const from = Keypair.generate()
    await connection.requestAirdrop(from.publicKey, LAMPORTS_PER_SOL)
    const tx = new Transaction({ feePayer: from.publicKey, ...(await connection.getLatestBlockhash()) }).add(
      SystemProgram.transfer({
        fromPubkey: from.publicKey,
        toPubkey: Keypair.generate().publicKey,
        lamports: 1_000_000,
      }),
    )
    tx.sign(from)
    const signature = base58.encode(tx.signature as Buffer)
    const socket = new WebSocket(server.websocketUrl)
    const messages: {
      id?: number
      result?: unknown
      method?: string
      params?: { subscription: number; result: unknown }
    }[] = []
    socket.on('message', (data) => messages.push(JSON.parse(data.toString())))
    await new Promise((resolve) => socket.once('open', resolve))
    socket.send(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'signatureSubscribe',
        params: [signature, { commitment: 'confirmed' }],
      }),
    )
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'accountSubscribe', params: [signature] }))
    await expect.poll(() => messages.length).toBe(2)
    expect(messages[0]).toEqual({ jsonrpc: '2.0', id: 1, result: 0 })
    expect(messages[1]).toMatchObject({ id: 2, error: { code: -32601, message: 'Method not found' } })
    await connection.sendRawTransaction(tx.serialize())
    await expect.poll(() => messages.length).toBe(3)
    const slot = (await connection.getSignatureStatus(signature)).value?.slot
    expect(messages[2]).toEqual({
      jsonrpc: '2.0',
      method: 'signatureNotification',
      params: { subscription: 0, result: { context: { slot }, value: { err: null } } },
    })
    socket.close()
  })
})
