import * as Login from '@frontdoor/api/auth/Login'
import * as Users from '@frontdoor/api/auth/users/Users'
import * as TestApp from '@frontdoor/api/TestApp'
import * as Genesis from '@frontdoor/solana/genesis'
import * as SolanaServer from '@frontdoor/solana/server'
import {
  createTransferCheckedInstruction,
  getAssociatedTokenAddressSync,
  getOrCreateAssociatedTokenAccount,
  transfer,
} from '@solana/spl-token'
import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey, SystemProgram, Transaction } from '@solana/web3.js'
import { afterAll, describe, expect, test } from 'vitest'

// The vault's solana_signAndSendTransaction against the real local cluster: the API sends through its
// upstream of the cluster, and what lands is read from the cluster itself.
const chainId = Genesis.CAIP_NETWORK_ID
const cluster = await SolanaServer.start({ port: 0 })
const t = await TestApp.create({ upstreams: { [chainId]: [cluster.url] } })
const connection = new Connection(cluster.url, { commitment: 'confirmed', wsEndpoint: cluster.websocketUrl })

afterAll(async () => {
  await t.close()
  await cluster.close()
})

let users = 0
async function newUser() {
  const user = await Users.findOrCreateByIdentity(t.deps.db, {
    kind: 'email',
    subject: `solana-vault-${++users}-${Date.now()}@example.com`,
  })
  const { token, user: view } = await Login.complete(t.deps, user.id)
  return { token, address: new PublicKey(view.solanaAddress) }
}
const rpc = (token: string, body: unknown) =>
  t.getJson('/v1/vault/rpc', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: t.deps.config.authOrigin,
      authorization: `Bearer ${token}`,
    },
    body: JSON.stringify(body),
  })
const base64 = (tx: Transaction) =>
  tx.serialize({ requireAllSignatures: false, verifySignatures: false }).toString('base64')
const dev = (index: number) => Keypair.fromSeed(Genesis.seed(Genesis.ACCOUNTS[index]!.label))

describe('solana_signAndSendTransaction on the local cluster', () => {
  test("a SOL transfer lands: the answer is its signature, the balances are the cluster's", async () => {
    const me = await newUser()
    const to = Keypair.generate().publicKey
    await connection.confirmTransaction(await connection.requestAirdrop(me.address, 2 * LAMPORTS_PER_SOL))
    expect(await connection.getBalance(to)).toBe(0)
    const { blockhash } = await connection.getLatestBlockhash()
    const tx = new Transaction({ feePayer: me.address, recentBlockhash: blockhash }).add(
      SystemProgram.transfer({ fromPubkey: me.address, toPubkey: to, lamports: 250_000_000 }),
    )
    const response = await rpc(me.token, {
      chainId,
      method: 'solana_signAndSendTransaction',
      params: { transaction: base64(tx) },
    })
    expect(response.status).toBe(200)
    const { signature } = response.body.result
    const status = (await connection.getSignatureStatuses([signature])).value[0]
    expect(status?.err).toBeNull()
    expect(await connection.getBalance(to)).toBe(250_000_000)
    const fee = (await connection.getFeeForMessage(tx.compileMessage())).value ?? 0
    expect(await connection.getBalance(me.address)).toBe(2 * LAMPORTS_PER_SOL - 250_000_000 - fee)
  })

  test('an FUSD transferChecked lands; a transfer the cluster refuses is its error, not a 500', async () => {
    const me = await newUser()
    const funder = dev(0)
    const mint = new PublicKey(Genesis.TOKEN.mint)
    await connection.confirmTransaction(await connection.requestAirdrop(me.address, LAMPORTS_PER_SOL))
    const mine = await getOrCreateAssociatedTokenAccount(connection, funder, mint, me.address)
    const source = getAssociatedTokenAddressSync(mint, funder.publicKey)
    await transfer(connection, funder, source, mine.address, funder, 5_000_000n)
    const friend = Keypair.generate().publicKey
    const theirs = await getOrCreateAssociatedTokenAccount(connection, funder, mint, friend)
    const { blockhash } = await connection.getLatestBlockhash()
    const send = (amount: bigint) =>
      rpc(me.token, {
        chainId,
        method: 'solana_signAndSendTransaction',
        params: {
          transaction: base64(
            new Transaction({ feePayer: me.address, recentBlockhash: blockhash }).add(
              createTransferCheckedInstruction(mine.address, mint, theirs.address, me.address, amount, 6),
            ),
          ),
        },
      })
    expect((await send(1_500_000n)).status).toBe(200)
    expect((await connection.getTokenAccountBalance(theirs.address)).value.amount).toBe('1500000')
    expect((await connection.getTokenAccountBalance(mine.address)).value.amount).toBe('3500000')
    const refused = await send(9_000_000n)
    expect(refused.status).toBe(400)
    expect(refused.body.error.code).toBe(-32002)
    expect((await connection.getTokenAccountBalance(mine.address)).value.amount).toBe('3500000')
  })
})
