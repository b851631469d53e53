import { randomInt } from 'node:crypto'
import * as Login from '@frontdoor/api/auth/Login'
import * as Users from '@frontdoor/api/auth/users/Users'
import type * as Config from '@frontdoor/api/Config'
import * as TestApp from '@frontdoor/api/TestApp'
import * as Bundler from '@frontdoor/bundler/bundler'
import { DEPLOYMENTS } from '@frontdoor/devnet/deployment'
import * as Devnet from '@frontdoor/devnet/devnet'
import { createPublicClient, createWalletClient, http, parseEther } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

/**
 * For the embedded wallet's vault tests on a real seeded devnet (31337): the node, Alto in front of it
 * when `bundler` is set (the smart account's user operations; without it the user is the EOA), and
 * the API on a fresh test database with the node as its upstream. `close()` stops all three.
 *
 * @example
 * const vault = await TestVault.start({ bundler: true, funder: 6 })
 * afterAll(vault.close)
 * const alice = await vault.user('smart', parseEther('2'))
 * await vault.rpc(alice.token, { method: 'personal_sign', params: [message, alice.user.address] })
 */
export async function start(options: {
  bundler: boolean
  /** The dev account (its index) that funds the users. */
  funder: number
  limits?: Partial<Config.Config['limits']>
}) {
  const node = await Devnet.start({ chainId: 31337 })
  const bundler = options.bundler
    ? await Bundler.start({ chains: [{ chainId: 31337, rpcUrl: node.url }] })
    : undefined
  const t = await TestApp.create({
    upstreams: { 'eip155:31337': [node.url] },
    ...(options.limits ? { limits: options.limits } : {}),
  })
  t.deps.config.bundlers = bundler ? { 'eip155:31337': bundler.endpoint(31337) } : {}

  const chain = {
    id: 31337,
    name: 'devnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [node.url] } },
  } as const
  const client = createPublicClient({ chain, transport: http(node.url) })
  const funder = createWalletClient({
    chain,
    transport: http(node.url),
    account: privateKeyToAccount(DEPLOYMENTS[31337].accounts[options.funder]!.privateKey),
  })

  /** The vault's JSON-RPC on 31337 as the auth frame asks it, for the user of `token`. */
  const rpc = (token: string, body: object) =>
    t.getJson('/v1/vault/rpc', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: t.deps.config.authOrigin,
        authorization: `Bearer ${token}`,
      },
      body: JSON.stringify({ chainId: 31337, ...body }),
    })

  /** A new email user (`name`-…@example.com), logged in, whose address is sent `wei` (mined). */
  const user = async (name: string, wei = parseEther('1')) => {
    const found = await Users.findOrCreateByIdentity(t.deps.db, {
      kind: 'email',
      subject: `${name}-${randomInt(1e9)}@example.com`,
    })
    const login = await Login.complete(t.deps, found.id)
    await client.waitForTransactionReceipt({
      hash: await funder.sendTransaction({ to: login.user.address as `0x${string}`, value: wei }),
    })
    return login
  }

  return {
    node,
    /** Alto's endpoint for 31337 (with `bundler` only). */
    bundler,
    t,
    chain,
    client,
    funder,
    rpc,
    user,
    close: async () => {
      await t.close()
      await bundler?.stop()
      await node.stop()
    },
  }
}
