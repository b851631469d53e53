import * as Addresses from '@frontdoor/protocol/addresses'
import { WalletKit, type WalletKitTypes } from '@reown/walletkit'
import { Core } from '@walletconnect/core'
import { buildApprovedNamespaces, getSdkError } from '@walletconnect/utils'
import type { Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

/**
 * A wallet built on Reown's WalletKit (`@reown/walletkit`), the SDK real wallets use, in Node on our
 * relay with a devnet key. It does what WalletKit's documentation shows a wallet doing: it approves a
 * proposal with `buildApprovedNamespaces`, and answers a request its user refuses with
 * `getSdkError('USER_REJECTED')` (code 5000, not EIP-1193's 4001). It signs `personal_sign`; the
 * test decides what its user does with each request. (The test wallet with more methods, solana and
 * one-click sign-in is e2e/wallets/walletconnect.ts, on sign-client alone.)
 */

// WalletKit's core in Node: IS_VITEST stops its calls to outside services (verify, pulse); each wallet
// gets a core of its own.
process.env.IS_VITEST ??= 'true'
process.env.DISABLE_GLOBAL_CORE ??= 'true'

/** What the wallet's user does with the next request of a method. */
export type Answer = 'approve' | 'reject'

/** Options of {@link create}. */
export type Options = {
  privateKey: Hex
  /** The eip155 chains the wallet approves (default: the stack's two devnets). */
  chainIds?: number[]
  /** RELAY_URL by default. */
  relayUrl?: string
}

const METHODS = ['personal_sign']
const EVENTS = ['accountsChanged', 'chainChanged']

let instances = 0

/**
 * Starts WalletKit on the relay. Returns the handle tests drive.
 *
 * @example
 * const wallet = await WalletKitWallet.create({ privateKey: generatePrivateKey() })
 * await wallet.approve(await wallet.pair(uri))
 * wallet.answerNext('personal_sign', 'reject') // answered with getSdkError('USER_REJECTED')
 */
export async function create(options: Options) {
  const account = privateKeyToAccount(options.privateKey)
  const chainIds = options.chainIds ?? [31337, 31338]
  const core = new Core({
    projectId: 'demo',
    relayUrl: options.relayUrl ?? Addresses.from(process.env).RELAY_URL,
    customStoragePrefix: `frontdoor-walletkit-${process.pid}-${++instances}`,
  })
  const walletKit = await WalletKit.init({
    // Core is an ICore; its optional relayUrl differs from ICore's only under exactOptionalPropertyTypes.
    core: core as WalletKitTypes.Options['core'],
    metadata: {
      name: 'Frontdoor WalletKit Wallet',
      description: "A wallet on Reown's WalletKit that end-to-end tests drive",
      url: 'https://walletkit.frontdoor.example',
      icons: [],
    },
    // WalletKit shows a wallet's requests one at a time; the test answers them as they come.
    signConfig: { disableRequestQueue: true },
  })

  const proposals: WalletKitTypes.SessionProposal[] = []
  const proposalWaiters: ((proposal: WalletKitTypes.SessionProposal) => void)[] = []
  walletKit.on('session_proposal', (proposal) => {
    const waiter = proposalWaiters.shift()
    if (waiter) waiter(proposal)
    else proposals.push(proposal)
  })

  const answers = new Map<string, Answer>()
  const holds = new Map<string, Promise<void>>()
  const requests: { method: string; params: unknown }[] = []
  walletKit.on('session_request', async ({ topic, id, params }) => {
    const { method, params: requestParams } = params.request
    requests.push({ method, params: requestParams })
    const held = holds.get(method)
    holds.delete(method)
    await held
    const answer = answers.get(method) ?? 'approve'
    answers.delete(method)
    if (answer === 'reject' || !METHODS.includes(method)) {
      // As WalletKit's documentation rejects a request.
      const error = answer === 'reject' ? getSdkError('USER_REJECTED') : getSdkError('UNSUPPORTED_METHODS')
      await walletKit.respondSessionRequest({ topic, response: { id, jsonrpc: '2.0', error } })
      return
    }
    const [message] = requestParams as [Hex, string]
    const result = await account.signMessage({ message: { raw: message } })
    await walletKit.respondSessionRequest({ topic, response: { id, jsonrpc: '2.0', result } })
  })

  return {
    address: account.address,
    walletKit,
    /** Requests the dapp sent, in order. */
    requests,
    /** Pairs with a URI the modal showed; resolves with the session proposal that follows. */
    async pair(uri: string): Promise<WalletKitTypes.SessionProposal> {
      const next = proposals.shift()
      const proposal = next
        ? Promise.resolve(next)
        : new Promise<WalletKitTypes.SessionProposal>((resolve) => proposalWaiters.push(resolve))
      await walletKit.pair({ uri })
      return proposal
    },
    /** Approves a proposal with the account on the wallet's chains that the dapp proposed. */
    async approve(proposal: WalletKitTypes.SessionProposal) {
      const namespaces = buildApprovedNamespaces({
        proposal: proposal.params,
        supportedNamespaces: {
          eip155: {
            chains: chainIds.map((id) => `eip155:${id}`),
            methods: METHODS,
            events: EVENTS,
            accounts: chainIds.map((id) => `eip155:${id}:${account.address}`),
          },
        },
      })
      await walletKit.approveSession({ id: proposal.id, namespaces })
    },
    /** What the user does with the next request of `method` (approve by default). */
    answerNext(method: string, answer: Answer) {
      answers.set(method, answer)
    },
    /**
     * Holds the next request of `method` unanswered (its user has not looked yet) until the returned
     * function is called.
     */
    holdNext(method: string): () => void {
      let release = () => {}
      holds.set(method, new Promise<void>((resolve) => (release = resolve)))
      return () => release()
    },
    /** Stops the wallet: closes its socket and its timers. */
    async stop() {
      walletKit.core.heartbeat.stop()
      await walletKit.core.relayer.transportClose().catch(() => {})
    },
  }
}
