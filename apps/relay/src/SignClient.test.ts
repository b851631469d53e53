import { verifyMessage } from 'viem'
import { afterEach, describe, expect, test } from 'vitest'
import * as Server from './Server.js'
import * as TestClients from './TestClients.js'

const quiet = { LOG_LEVEL: 'silent' }
const cleanups: (() => Promise<void>)[] = []

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function relay(): Promise<Server.Server> {
  const server = await Server.start({ env: quiet, port: 0 })
  cleanups.push(() => server.stop())
  return server
}

async function client(url: string, role: 'dapp' | 'wallet') {
  const client = await TestClients.client(url, role)
  cleanups.push(() => TestClients.close(client))
  return client
}

describe('two sign-clients on one in-memory relay', () => {
  test('pair, settle a session, and answer personal_sign', async () => {
    const server = await relay()
    const dapp = await client(server.url, 'dapp')
    const wallet = await client(server.url, 'wallet')
    TestClients.serveWallet(wallet)

    const session = await TestClients.pair(dapp, wallet)
    expect(session.namespaces.eip155?.accounts).toEqual([
      `${TestClients.CHAIN}:${TestClients.WALLET_ACCOUNT.address}`,
    ])
    expect(wallet.session.get(session.topic).topic).toBe(session.topic)

    const signature = await TestClients.personalSign(dapp, session, 'hello relay')
    expect(
      await verifyMessage({ address: TestClients.WALLET_ACCOUNT.address, message: 'hello relay', signature }),
    ).toBe(true)

    const metrics = await (await fetch(`${server.url.replace('ws', 'http')}/metrics`)).text()
    expect(metrics).toContain('frontdoor_relay_messages_in_total{method="wc_proposeSession"} 1')
    expect(metrics).toContain('frontdoor_relay_messages_in_total{method="wc_approveSession"} 1')
    expect(metrics).toContain('frontdoor_relay_sockets 2')
  })
})
