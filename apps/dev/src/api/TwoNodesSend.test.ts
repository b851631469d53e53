import { randomInt } from 'node:crypto'
import * as Login from '@frontdoor/api/auth/Login'
import * as Users from '@frontdoor/api/auth/users/Users'
import * as TestApp from '@frontdoor/api/TestApp'
import { DEPLOYMENTS } from '@frontdoor/devnet/deployment'
import * as Devnet from '@frontdoor/devnet/devnet'
import { createPublicClient, createWalletClient, type Hex, http, parseEther, toHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, expect, test } from 'vitest'

// The per-user send queue and nonces across two API nodes (issue 17): one user's transactions sent at
// the same moment to two nodes on one database, against a real seeded devnet.
const node = await Devnet.start({ chainId: 31337 })
const a = await TestApp.create({ upstreams: { 'eip155:31337': [node.url] } })
const b = a.node()
afterAll(async () => {
  await a.close()
  await node.stop()
})

const chain = {
  id: 31337,
  name: 'devnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [node.url] } },
} as const
const client = createPublicClient({ chain, transport: http(node.url) })
const { accounts } = DEPLOYMENTS[31337]

type Node = typeof b
const send = (target: Node, token: string, from: string, to: string, value: bigint) =>
  target.getJson('/v1/vault/rpc', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: a.deps.config.authOrigin,
      authorization: `Bearer ${token}`,
    },
    body: JSON.stringify({
      chainId: 31337,
      method: 'eth_sendTransaction',
      params: [{ from, to, value: toHex(value) }],
    }),
  })

test("one user's transactions sent at once to two nodes are all mined, each with its own nonce", async () => {
  const user = await Users.findOrCreateByIdentity(a.deps.db, {
    kind: 'email',
    subject: `two-nodes-send-${randomInt(1e9)}@example.com`,
  })
  // The EOA's nonces (a smart account's sends are user operations, SmartAccountRoutes.test).
  await Users.setPreferredAccountType(a.deps.db, user.id, 'eoa')
  const session = await Login.complete(a.deps, user.id)
  const from = session.user.address as Hex
  const funder = createWalletClient({
    chain,
    transport: http(node.url),
    account: privateKeyToAccount(accounts[8]!.privateKey),
  })
  await client.waitForTransactionReceipt({
    hash: await funder.sendTransaction({ to: from, value: parseEther('5') }),
  })
  const to = accounts[2]!.address
  expect(await client.getTransactionCount({ address: from })).toBe(0)

  // Four sends, alternating nodes, all at once.
  const values = [1n, 2n, 3n, 4n].map((n) => parseEther('0.01') * n)
  const answers = await Promise.all(
    values.map((value, index) => send(index % 2 ? b : a, session.token, from, to, value)),
  )
  for (const answer of answers) expect(answer, JSON.stringify(answer.body)).toMatchObject({ status: 200 })
  const receipts = await Promise.all(
    answers.map((answer) => client.waitForTransactionReceipt({ hash: answer.body.result })),
  )
  expect(receipts.map((receipt) => receipt.status)).toEqual(['success', 'success', 'success', 'success'])
  const nonces = await Promise.all(
    answers.map(async (answer) => (await client.getTransaction({ hash: answer.body.result })).nonce),
  )
  expect([...nonces].sort()).toEqual([0, 1, 2, 3])
  expect(await client.getTransactionCount({ address: from })).toBe(4)
}, 60_000)
