import { createHash } from 'node:crypto'
import * as Addresses from '@frontdoor/protocol/addresses'
import * as Calls from '@frontdoor/protocol/calls'
import * as SolanaCluster from '@frontdoor/protocol/solana-cluster'
import { Connection, Keypair, VersionedTransaction } from '@solana/web3.js'
import { SignClient } from '@walletconnect/sign-client'
import { buildAuthObject, formatMessage, populateAuthPayload } from '@walletconnect/utils'
import bs58 from 'bs58'
import nacl from 'tweetnacl'
import { createWalletClient, defineChain, type Hex, http, type TypedDataDefinition } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import * as WalletCalls from './calls.js'

/**
 * A WalletConnect test wallet: `@walletconnect/sign-client` in Node on our relay, with a dev key of the
 * devnets. Tests pair it from the URI the modal shows, then decide what its user does: approve or
 * reject the session proposal (or the one-click sign-in request, `session_authenticate`), approve or
 * reject each request. Approved requests are answered for real (viem signatures; transactions sent to
 * the devnet RPC), chain switches emit chainChanged. A proposal with a solana namespace is answered
 * with an ed25519 account too (tweetnacl signatures; transactions sent to the local Solana cluster).
 */

// sign-client in Node: IS_VITEST stops its calls to outside services (verify, pulse); with
// DISABLE_GLOBAL_CORE each client gets its own core even when a test starts several in one process.
process.env.IS_VITEST ??= 'true'
process.env.DISABLE_GLOBAL_CORE ??= 'true'

/** What the wallet's user does with the next request of a method. */
export type Answer = 'approve' | 'reject'

/** Options of {@link create}. */
export type Options = {
  privateKey: Hex
  /** RELAY_URL by default. */
  relayUrl?: string
  projectId?: string
  /** Chains the wallet knows, with their RPC (default: the two devnets of the stack). */
  chains?: Record<number, string>
  /** Chains the wallet does not know until wallet_addEthereumChain adds them. */
  unknownChains?: number[]
  name?: string
  /**
   * Whether the wallet knows one-click sign-in (`wc_sessionAuthenticate`): true by default. Without it,
   * sign-client on the wallet answers the session proposal that comes with the request instead.
   */
  oneClick?: boolean
  /**
   * EIP-5792 (e2e/wallets/calls.ts): true approves and answers wallet_sendCalls, wallet_getCallsStatus
   * and wallet_getCapabilities; false (the default) leaves them out of the session it approves.
   */
  eip5792?: boolean
  /**
   * The seed (32 bytes) of the wallet's Solana account, or false for a wallet without solana (it then
   * approves eip155 alone). Default: sha256 of `privateKey`.
   */
  solanaSeed?: Uint8Array | false
  /** solana_signTransaction answers `{signature}` alone, as WalletConnect's Solana spec has it (default: with `transaction` too). */
  solanaSignatureOnly?: boolean
}

/** A wallet's error answer. */
export type RpcError = { code: number; message: string }
type Client = InstanceType<typeof SignClient>
type ProposalEvent = {
  id: number
  params: {
    optionalNamespaces?: Record<string, { chains?: string[]; methods?: string[]; events?: string[] }>
    requiredNamespaces?: Record<string, { chains?: string[]; methods?: string[]; events?: string[] }>
  }
}

/** A one-click sign-in request (`session_authenticate`): its id and the message fields the dapp asked for. */
type AuthenticateEvent = {
  id: number
  params: { authPayload: Parameters<typeof populateAuthPayload>[0]['authPayload'] }
}

/** What the wallet answers a dapp with (the methods its `answer` knows). */
const METHODS = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
]

/** The solana methods the wallet answers. */
const SOLANA_METHODS = [
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAllTransactions',
  'solana_signAndSendTransaction',
]

/** sign-client's USER_REJECTED (for proposals) and EIP-1193's 4001 (for requests). */
const PROPOSAL_REJECTED = { code: 5000, message: 'User rejected.' }
const REQUEST_REJECTED: RpcError = { code: 4001, message: 'User rejected the request.' }
const UNRECOGNIZED_CHAIN: RpcError = { code: 4902, message: 'Unrecognized chain ID.' }

let instances = 0

function defaultChains(): Record<number, string> {
  const addresses = Addresses.from(process.env)
  return { 31337: addresses.DEVNET_31337_URL, 31338: addresses.DEVNET_31338_URL }
}

const chainOf = (value: unknown) =>
  typeof value === 'string'
    ? Number.parseInt(value.replace(/^eip155:/, ''), value.startsWith('0x') ? 16 : 10)
    : Number(value)

/**
 * Starts the wallet's client on the relay. Returns the handle tests drive.
 *
 * @example
 * const wallet = await WalletConnectWallet.create({ privateKey: DEV_ACCOUNTS[3].privateKey })
 * const proposal = await wallet.pair(uri)
 * await wallet.approve(proposal)
 */
export async function create(options: Options) {
  const account = privateKeyToAccount(options.privateKey)
  const chains = options.chains ?? defaultChains()
  const unknown = new Set(options.unknownChains ?? [])
  const answers = new Map<string, Answer>()
  // The error a rejection of a method answers with (4001 unless the test names another).
  const rejections = new Map<string, RpcError>()
  const requests: { method: string; params: unknown; chainId: string }[] = []
  let chainId = Number(Object.keys(chains)[0])
  let refuseAdd = false
  // Requests of a method held until the test releases them (the wallet's user has not answered yet).
  const holds = new Map<string, Promise<void>>()
  const calls = WalletCalls.create({
    account,
    rpcOf: (id) => chains[id],
    chains: () =>
      Object.keys(chains)
        .map(Number)
        .filter((id) => !unknown.has(id)),
  })
  const solanaSeed =
    options.solanaSeed ?? new Uint8Array(createHash('sha256').update(options.privateKey).digest())
  const solana = solanaSeed ? Keypair.fromSeed(solanaSeed) : undefined
  const solanaAddress = solana?.publicKey.toBase58()

  const client: Client = await SignClient.init({
    projectId: options.projectId ?? 'demo',
    relayUrl: options.relayUrl ?? Addresses.from(process.env).RELAY_URL,
    customStoragePrefix: `frontdoor-test-wallet-${process.pid}-${++instances}`,
    telemetryEnabled: false,
    // sign-client queues a wallet's requests and waits 1 s after each answer before showing the next
    // (a phone shows one prompt at a time); the test wallet answers them as they come.
    signConfig: { disableRequestQueue: true },
    metadata: {
      name: options.name ?? 'Frontdoor Test Wallet',
      description: 'A WalletConnect wallet that end-to-end tests drive',
      url: 'https://wallet.frontdoor.example',
      icons: [],
    },
  })

  const proposals: ProposalEvent[] = []
  const proposalWaiters: ((proposal: ProposalEvent) => void)[] = []
  client.on('session_proposal', (event) => {
    const proposal = event as unknown as ProposalEvent
    const waiter = proposalWaiters.shift()
    if (waiter) waiter(proposal)
    else proposals.push(proposal)
  })

  // A wallet that listens to session_authenticate is one that knows one-click sign-in: sign-client
  // then drops the proposal sent beside the request. Without the listener, the proposal comes through.
  const authentications: AuthenticateEvent[] = []
  const authenticationWaiters: ((request: AuthenticateEvent) => void)[] = []
  /** The sign-in messages the wallet signed for one-click requests, in order. */
  const signedIn: { message: string; signature: Hex }[] = []
  if (options.oneClick !== false)
    client.on('session_authenticate', (event) => {
      const request = event as unknown as AuthenticateEvent
      const waiter = authenticationWaiters.shift()
      if (waiter) waiter(request)
      else authentications.push(request)
    })

  /** The one live session (tests pair one dapp at a time). */
  const session = () => client.session.getAll().at(-1)

  const accountsOn = (ids: number[]) => ids.map((id) => `eip155:${id}:${account.address}`)

  async function addChainToSession(id: number) {
    const s = session()
    if (!s) return
    const ns = s.namespaces.eip155
    if (!ns || ns.chains?.includes(`eip155:${id}`)) return
    const { acknowledged } = await client.update({
      topic: s.topic,
      namespaces: {
        eip155: {
          ...ns,
          chains: [...(ns.chains ?? []), `eip155:${id}`],
          accounts: [...ns.accounts, ...accountsOn([id])],
        },
      },
    })
    await acknowledged()
  }

  /** Moves the wallet to chain `next` (added to the session when it is not in it), telling the dapp. */
  async function moveTo(next: number) {
    await addChainToSession(next)
    chainId = next
    const s = session()
    if (s)
      await client.emit({
        topic: s.topic,
        event: { name: 'chainChanged', data: next },
        chainId: `eip155:${next}`,
      })
  }

  /** A solana transaction of the dapp (base64, or base58 as older dapps send it), signed. */
  function signedTransaction(params: unknown, keypair: Keypair) {
    return signed(String((params as { transaction?: unknown } | undefined)?.transaction ?? ''), keypair)
  }

  function signed(encoded: string, keypair: Keypair) {
    let transaction: VersionedTransaction
    try {
      transaction = VersionedTransaction.deserialize(Buffer.from(encoded, 'base64'))
    } catch {
      transaction = VersionedTransaction.deserialize(bs58.decode(encoded))
    }
    transaction.sign([keypair])
    return transaction
  }

  async function answerSolana(method: string, params: unknown): Promise<unknown> {
    if (!solana) throw { code: 4200, message: `The test wallet does not support ${method}` }
    const named = (params as { pubkey?: unknown } | undefined)?.pubkey
    if (named !== undefined && named !== solanaAddress) throw { code: 4100, message: 'Unknown account' }
    switch (method) {
      case 'solana_signMessage': {
        const message = bs58.decode(String((params as { message?: unknown }).message ?? ''))
        return { signature: bs58.encode(nacl.sign.detached(message, solana.secretKey)) }
      }
      case 'solana_signTransaction': {
        const transaction = signedTransaction(params, solana)
        // The signature in the wallet's own signer slot (the fee payer's may be another's).
        const slot = transaction.message.staticAccountKeys.findIndex((key) => key.equals(solana.publicKey))
        return {
          signature: bs58.encode(transaction.signatures[slot] as Uint8Array),
          // A wallet that answers as WalletConnect's spec has it ({signature} alone) leaves this out.
          ...(options.solanaSignatureOnly
            ? {}
            : { transaction: Buffer.from(transaction.serialize()).toString('base64') }),
        }
      }
      case 'solana_signAllTransactions': {
        const list = (params as { transactions?: unknown } | undefined)?.transactions
        if (!Array.isArray(list)) throw { code: -32602, message: 'params.transactions: must be an array' }
        return {
          transactions: list.map((encoded) =>
            Buffer.from(signed(String(encoded), solana).serialize()).toString('base64'),
          ),
        }
      }
      default: {
        const transaction = signedTransaction(params, solana)
        const connection = new Connection(SolanaCluster.url(process.env), 'confirmed')
        return { signature: await connection.sendRawTransaction(transaction.serialize()) }
      }
    }
  }

  async function answer(method: string, params: unknown): Promise<unknown> {
    if (SOLANA_METHODS.includes(method)) return answerSolana(method, params)
    const list = Array.isArray(params) ? params : []
    if (Calls.isCallsMethod(method)) {
      if (!options.eip5792) throw WalletCalls.NOT_FOUND
      return calls.answer(method, list)
    }
    switch (method) {
      case 'personal_sign': {
        const message = list[0] as Hex | string
        return account.signMessage({ message: message.startsWith('0x') ? { raw: message as Hex } : message })
      }
      case 'eth_signTypedData_v4': {
        const data = (typeof list[1] === 'string' ? JSON.parse(list[1]) : list[1]) as TypedDataDefinition
        return account.signTypedData(data)
      }
      case 'eth_sendTransaction': {
        const tx = list[0] as { to?: Hex; value?: Hex; data?: Hex; gas?: Hex }
        const rpc = chains[chainId]
        if (!rpc) throw UNRECOGNIZED_CHAIN
        const chain = defineChain({
          id: chainId,
          name: `devnet ${chainId}`,
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          rpcUrls: { default: { http: [rpc] } },
        })
        const wallet = createWalletClient({ account, chain, transport: http(rpc) })
        return wallet.sendTransaction({
          to: tx.to ?? null,
          ...(tx.value ? { value: BigInt(tx.value) } : {}),
          ...(tx.data ? { data: tx.data } : {}),
          ...(tx.gas ? { gas: BigInt(tx.gas) } : {}),
        })
      }
      case 'wallet_switchEthereumChain': {
        const target = chainOf((list[0] as { chainId?: unknown } | undefined)?.chainId)
        if (unknown.has(target) || !chains[target]) throw UNRECOGNIZED_CHAIN
        await moveTo(target)
        return null
      }
      case 'wallet_addEthereumChain': {
        const target = chainOf((list[0] as { chainId?: unknown } | undefined)?.chainId)
        if (refuseAdd || !chains[target]) throw REQUEST_REJECTED
        unknown.delete(target)
        return null
      }
      default:
        throw { code: 4200, message: `The test wallet does not support ${method}` }
    }
  }

  client.on('session_request', async (event) => {
    const { topic, id, params } = event
    const { method, params: requestParams } = params.request
    requests.push({ method, params: requestParams, chainId: params.chainId })
    const held = holds.get(method)
    holds.delete(method)
    await held
    const choice = answers.get(method) ?? 'approve'
    answers.delete(method)
    const rejected = rejections.get(method) ?? REQUEST_REJECTED
    rejections.delete(method)
    let response:
      | { id: number; jsonrpc: '2.0'; result: unknown }
      | { id: number; jsonrpc: '2.0'; error: RpcError }
    if (choice === 'reject') response = { id, jsonrpc: '2.0', error: rejected }
    else {
      try {
        response = { id, jsonrpc: '2.0', result: await answer(method, requestParams) }
      } catch (error) {
        const e = error as Partial<RpcError>
        response = {
          id,
          jsonrpc: '2.0',
          error: { code: typeof e.code === 'number' ? e.code : -32603, message: String(e.message ?? error) },
        }
      }
    }
    await client.respond({ topic, response })
  })

  return {
    address: account.address,
    account,
    /** The wallet's Solana account (base58), when it has one. */
    solanaAddress,
    /** The Solana account's key pair (tests verify its signatures). */
    solanaKeypair: solana,
    client,
    /** Requests the dapp sent, in order. */
    requests,
    /**
     * Holds the next request of `method` unanswered (its user has not looked yet) until the returned
     * function is called.
     */
    holdNext(method: string): () => void {
      let release = () => {}
      holds.set(method, new Promise<void>((resolve) => (release = resolve)))
      return () => release()
    },
    /** The transaction hashes of EIP-5792 batch `id`, in call order. */
    batchHashes: calls.hashesOf,
    /** The chain the wallet is on. */
    chainId: () => chainId,
    /** Pairs with a URI the modal showed; resolves with the session proposal that follows. */
    async pair(uri: string): Promise<ProposalEvent> {
      const next = proposals.shift()
      const proposal = next
        ? Promise.resolve(next)
        : new Promise<ProposalEvent>((resolve) => proposalWaiters.push(resolve))
      await client.pair({ uri })
      return proposal
    },
    /** Pairs with a one-click sign-in URI the modal showed; resolves with its `session_authenticate` request. */
    async pairSignIn(uri: string): Promise<AuthenticateEvent> {
      if (options.oneClick === false) throw new Error('test wallet: one-click sign-in is off')
      const next = authentications.shift()
      const request = next
        ? Promise.resolve(next)
        : new Promise<AuthenticateEvent>((resolve) => authenticationWaiters.push(resolve))
      await client.pair({ uri })
      return request
    },
    /**
     * Signs in: one CACAO for the first requested chain the wallet knows, its message (with the recap
     * of the methods the wallet supports) signed by the dev account. The session follows from it.
     */
    async approveSignIn(request: AuthenticateEvent) {
      const requested = request.params.authPayload.chains.map(chainOf)
      const ids = requested.filter((id) => chains[id] && !unknown.has(id))
      const first = ids[0]
      if (first === undefined) throw new Error('test wallet: none of the requested chains is known')
      const payload = populateAuthPayload({
        authPayload: request.params.authPayload,
        chains: ids.map((id) => `eip155:${id}`),
        methods: options.eip5792 ? [...METHODS, ...Calls.METHODS] : METHODS,
      })
      const iss = `did:pkh:eip155:${first}:${account.address}`
      const message = formatMessage(payload, iss)
      const signature = await account.signMessage({ message })
      signedIn.push({ message, signature })
      chainId = first
      await client.approveSessionAuthenticate({
        id: request.id,
        auths: [buildAuthObject(payload, { t: 'eip191', s: signature }, iss)],
      })
    },
    /** Refuses a one-click sign-in request, as a user tapping 'Reject' would. */
    async rejectSignIn(request: AuthenticateEvent) {
      await client.rejectSessionAuthenticate({ id: request.id, reason: PROPOSAL_REJECTED })
    },
    /** The sign-in messages signed for one-click requests, with their signatures. */
    signedIn,
    /**
     * Approves a proposal with the dev account on every proposed chain the wallet knows, and, when the
     * dapp proposed solana and the wallet has a Solana account, that account on the proposed solana chains.
     */
    async approve(proposal: ProposalEvent) {
      const proposed = {
        ...proposal.params.requiredNamespaces?.eip155,
        ...proposal.params.optionalNamespaces?.eip155,
      }
      const ids = (proposed.chains ?? []).map(chainOf).filter((id) => chains[id] && !unknown.has(id))
      chainId = ids[0] ?? chainId
      const proposedSolana = {
        ...proposal.params.requiredNamespaces?.solana,
        ...proposal.params.optionalNamespaces?.solana,
      }
      const solanaChains = proposedSolana.chains ?? []
      const { acknowledged } = await client.approve({
        id: proposal.id,
        namespaces: {
          eip155: {
            chains: ids.map((id) => `eip155:${id}`),
            accounts: accountsOn(ids),
            methods: (proposed.methods ?? []).filter((m) => options.eip5792 || !Calls.isCallsMethod(m)),
            events: proposed.events ?? [],
          },
          ...(solanaAddress && solanaChains.length
            ? {
                solana: {
                  chains: solanaChains,
                  accounts: solanaChains.map((chain) => `${chain}:${solanaAddress}`),
                  methods: (proposedSolana.methods ?? []).filter((m) => SOLANA_METHODS.includes(m)),
                  events: proposedSolana.events ?? [],
                },
              }
            : {}),
        },
      })
      return acknowledged()
    },
    /** Rejects a proposal, as a user tapping 'Reject' would. */
    async reject(proposal: ProposalEvent) {
      await client.reject({ id: proposal.id, reason: PROPOSAL_REJECTED })
    },
    /**
     * What the user does with the next request of `method` (approve by default); a rejection answers
     * `error` (default 4001 'User rejected the request.'), for the codes other wallets send.
     */
    answerNext(method: string, choice: Answer, error?: RpcError) {
      answers.set(method, choice)
      if (error) rejections.set(method, error)
    },
    /** The wallet refuses wallet_addEthereumChain from now on. */
    refuseAddChain() {
      refuseAdd = true
    },
    /**
     * The wallet's user switches chain in the wallet (any chain, one it has no node of too): the chain
     * joins the session when it is not in it yet, and chainChanged reaches the dapp.
     */
    async switchTo(next: number) {
      if (!session()) throw new Error('test wallet: no session')
      await moveTo(next)
    },
    /** Emits accountsChanged with these addresses (another account of the wallet, say). */
    async emitAccountsChanged(addresses: Hex[]) {
      const s = session()
      if (!s) throw new Error('test wallet: no session')
      await client.emit({
        topic: s.topic,
        event: { name: 'accountsChanged', data: addresses },
        chainId: `eip155:${chainId}`,
      })
    },
    /** Ends the session from the wallet's side. */
    async disconnect() {
      const s = session()
      if (s)
        await client.disconnect({ topic: s.topic, reason: { code: 6000, message: 'User disconnected.' } })
    },
    /** True while the wallet holds a session. */
    connected: () => session() !== undefined,
    /** Stops the client: closes its socket and its timers. */
    async stop() {
      client.core.heartbeat.stop()
      await client.core.relayer.transportClose().catch(() => {})
    },
  }
}

export type Wallet = Awaited<ReturnType<typeof create>>
