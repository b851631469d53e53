import * as Accounts from '@frontdoor/devnet/accounts'
import { SignClient } from '@walletconnect/sign-client'
import { privateKeyToAccount } from 'viem/accounts'

/**
 * Real `@walletconnect/sign-client` clients for tests: a dApp and a wallet that answers personal_sign
 * with a dev account. Nothing here is mocked; only the verify call to walletconnect.org is replaced
 * (REFERENCE.md: it would stall 5 s per request offline).
 */

process.env.IS_VITEST = 'true'

type Client = Awaited<ReturnType<typeof SignClient.init>>

/** A settled session. */
export type Session = Awaited<ReturnType<Awaited<ReturnType<Client['connect']>>['approval']>>

/** The wallet's account: the first dev account. */
export const WALLET_ACCOUNT = privateKeyToAccount(Accounts.DEV_ACCOUNTS[0]!.privateKey)

/** The chain the test session is for. */
export const CHAIN = 'eip155:31337'

let counter = 0

/** Starts a sign-client on a relay. */
export async function client(relayUrl: string, role: 'dapp' | 'wallet'): Promise<Client> {
  counter += 1
  const client = await SignClient.init({
    projectId: 'demo',
    relayUrl,
    logger: 'fatal',
    customStoragePrefix: `${role}-${process.pid}-${counter}`,
    metadata: {
      name: role === 'dapp' ? 'Relay test dApp' : 'Relay test wallet',
      description: 'relay test',
      url: role === 'dapp' ? 'http://localhost:5173' : 'http://127.0.0.1:5999',
      icons: [],
    },
  })
  client.core.verify.register = async () => ''
  return client
}

/**
 * Makes a wallet client approve every proposal for `CHAIN` and sign every personal_sign. `answered`
 * counts the answers the relay has acknowledged.
 */
export function serveWallet(wallet: Client): { answered: () => number } {
  let answered = 0
  wallet.on('session_proposal', async ({ id }) => {
    const address = WALLET_ACCOUNT.address
    const { acknowledged } = await wallet.approve({
      id,
      namespaces: {
        eip155: {
          accounts: [`${CHAIN}:${address}`],
          methods: ['personal_sign'],
          events: ['accountsChanged', 'chainChanged'],
          chains: [CHAIN],
        },
      },
    })
    await acknowledged()
  })
  wallet.on('session_request', async ({ id, topic, params }) => {
    const [message] = params.request.params as [`0x${string}`, string]
    const signature = await WALLET_ACCOUNT.signMessage({ message: { raw: message } })
    await wallet.respond({ topic, response: { id, jsonrpc: '2.0', result: signature } })
    answered += 1
  })
  return { answered: () => answered }
}

/** The dApp connects, the wallet pairs with the URI; resolves with the dApp's settled session. */
export async function pair(dapp: Client, wallet: Client): Promise<Session> {
  const { uri, approval } = await dapp.connect({
    optionalNamespaces: {
      eip155: { chains: [CHAIN], methods: ['personal_sign'], events: ['accountsChanged'] },
    },
  })
  if (!uri) throw new Error('connect() gave no URI')
  await wallet.pair({ uri })
  return approval()
}

/** The dApp asks the wallet to personal_sign `text`; resolves with the signature. */
export function personalSign(dapp: Client, session: Session, text: string): Promise<`0x${string}`> {
  const message = `0x${Buffer.from(text, 'utf8').toString('hex')}`
  return dapp.request<`0x${string}`>({
    topic: session.topic,
    chainId: CHAIN,
    request: { method: 'personal_sign', params: [message, WALLET_ACCOUNT.address] },
  })
}

/** Closes a client's relay connection and forgets its timers. */
export async function close(client: Client): Promise<void> {
  await client.core.relayer.transportClose().catch(() => {})
  client.core.heartbeat.stop()
  client.core.events.removeAllListeners()
}
