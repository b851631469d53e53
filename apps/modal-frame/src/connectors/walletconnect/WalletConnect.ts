import * as ProtocolErrors from '@frontdoor/protocol/errors'
import * as SolanaWallet from '@frontdoor/protocol/solana-wallet'
import { Errors } from '@frontdoor/schemas'
import * as Calls from '../../rpc/Calls.js'
import type * as Connector from '../Connector.js'
import * as WalletErrors from '../WalletErrors.js'
import * as Events from './Events.js'
import * as Id from './Id.js'
import * as Namespaces from './Namespaces.js'
import * as Pairing from './Pairing.js'
import * as ProviderErrors from './ProviderErrors.js'
import * as Records from './Records.js'
import * as SignClient from './SignClient.js'
import * as SignIn from './SignIn.js'

/**
 * The WalletConnect connector: pairs with a wallet on another device through our relay (Pairing.ts)
 * and talks to it with `@walletconnect/sign-client` 2.x (SignClient.ts, loaded on first use, so the
 * modal's first load does not carry it). Each session it keeps is a connection of its own (Records.ts).
 */

/** Options of {@link create}. */
export type Options = SignClient.Settings &
  Pairing.Settings & {
    /**
     * The connected host page. When it set `siwx`, a pairing signs in at once (one-click,
     * Authenticate.ts): the page's message goes with it and the wallet's CACAO becomes its session.
     */
    host?: (() => SignIn.Host | undefined) | undefined
  }

/** The stored connector id. */
const ID = 'walletConnect'

/** sign-client's reason for a session the user ends (its USER_DISCONNECTED). */
const USER_DISCONNECTED = { code: 6000, message: 'User disconnected.' }

/** A connector whose connection may have a Solana account (connectors/solana/Account.ts reads it). */
type WithSolana = Connector.Connector & { solanaAccount: () => Promise<SolanaWallet.Account | null> }

const hex = (n: number) => `0x${n.toString(16)}`

/** Fetches sign-client's code without starting a client (the user is about to pick WalletConnect). */
export function prefetch(): void {
  SignClient.importSignClient().catch(() => {})
}

/**
 * Creates the WalletConnect connector.
 *
 * @example
 * const walletConnect = WalletConnect.create({ projectId, relayUrl, metadata })
 * const session = await walletConnect.connect(context, { onUri: (uri) => showQr(uri) })
 */
export function create(options: Options) {
  /** Listeners of the bare connector: events of the session it currently uses. */
  const listeners = new Set<(event: Connector.Event) => void>()
  /** Listeners of each session's own connector. */
  const topicListeners = new Map<string, Set<(event: Connector.Event) => void>>()
  let loading: Promise<SignClient.Client> | undefined
  const records = Records.create(options.backend ?? Records.browserBackend())

  const emit = (topic: string, event: Connector.Event) => {
    const own = topicListeners.get(topic)
    for (const listener of [...(own ?? [])]) listener(event)
    if (topic === records.current()) for (const listener of [...listeners]) listener(event)
  }

  /** The client, started once; a failed start is retried on the next call. */
  function load(): Promise<SignClient.Client> {
    if (!loading) {
      const started = SignClient.start(options).then((client) => {
        Events.listen(client, records, emit)
        return client
      })
      loading = started
      started.catch(() => {
        if (loading === started) loading = undefined
      })
    }
    return loading
  }

  function toSession(
    session: SignClient.SessionStruct,
    wallet: Connector.WalletInfo,
    preferred: number | undefined,
  ) {
    const chains = Namespaces.chainsOf(session.namespaces)
    const chainId = preferred !== undefined && chains.includes(preferred) ? preferred : chains[0]
    if (chainId === undefined) throw ProviderErrors.withCode(Errors.LOGIN.FAILED_TO_CONNECT, 4900)
    const accounts = Namespaces.accountsOf(session.namespaces, chainId)
    if (accounts.length === 0) throw ProviderErrors.withCode(Errors.LOGIN.FAILED_TO_CONNECT, 4900)
    records.remember({ topic: session.topic, chainId, wallet })
    return { accounts, chainId, wallet, topic: session.topic } satisfies Connector.Session
  }

  /** The sign-client sessions still alive (unexpired, with an eip155 namespace), soonest to expire first. */
  async function alive(): Promise<SignClient.SessionStruct[]> {
    const client = await load()
    const nowS = Date.now() / 1000
    return client.session
      .getAll()
      .filter((s) => s.expiry > nowS && s.namespaces.eip155 !== undefined)
      .sort((a, b) => a.expiry - b.expiry)
  }

  /** The sign-client session of kept session `topic`; undefined when it is not kept or sign-client lost it. */
  async function sessionOf(topic: string | undefined): Promise<SignClient.SessionStruct | undefined> {
    const record = records.get(topic)
    return record && (await load()).session.getAll().find((s) => s.topic === record.topic)
  }

  /** Restores session `topic` without asking the wallet; undefined (and forgotten) when it is gone. */
  async function restore(topic: string, context: Connector.Context): Promise<Connector.Session | undefined> {
    const session = (await alive()).find((s) => s.topic === topic)
    if (!session) {
      records.drop(topic)
      return undefined
    }
    const record = records.get(topic)
    return toSession(
      session,
      record?.wallet ?? Records.peerWallet(session),
      record?.chainId ?? context.chainId,
    )
  }

  /**
   * Sends a request to the wallet of session `topic`, on that session's chain: its eip155 chain, or for
   * a solana method the solana chain the request names (its `chain` param, which then travels as the
   * request's chainId only) or else the session's first; 4901 when the session lacks it. A solana
   * request's params are read first (solana/Requests.ts, loaded with the first: -32602 before the wallet
   * sees them) and carry the session's account on that chain as signer.
   */
  async function requestOn(topic: string | undefined, method: string, params: unknown): Promise<unknown> {
    const record = records.get(topic)
    if (!record) throw ProviderErrors.withCode(Errors.INTERNAL.CONNECT_BEFORE_REQUEST, 4100)
    const client = await load()
    let chainId = `eip155:${record.chainId}`
    let answer = (result: unknown) => result
    if (Namespaces.isSolanaMethod(method)) {
      const session = client.session.getAll().find((s) => s.topic === record.topic)
      let requested: string | undefined
      if (params !== null && typeof params === 'object' && !Array.isArray(params) && 'chain' in params) {
        const { chain, ...rest } = params as Record<string, unknown>
        requested = typeof chain === 'string' ? chain : ''
        params = rest
      }
      const solana = session && Namespaces.solanaChainOf(session.namespaces, requested)
      const { code, message } = ProtocolErrors.PROVIDER_ERRORS.chainDisconnected
      if (!solana) throw ProviderErrors.withCode(message, code)
      const account = session && Namespaces.solanaAccountOf(session.namespaces, solana)
      if (!account) throw ProtocolErrors.providerError('unauthorized')
      const checked = (await import('../solana/Requests.js')).check(method, params, account)
      params = checked.params
      answer = checked.answer
      chainId = solana
    }
    let result: unknown
    try {
      result = await client.request({ topic: record.topic, chainId, request: { method, params } })
    } catch (error) {
      // A refusal in any of the codes wallets send (WalletKit's 5000, a bare -32000 ...) is 4001.
      throw ProviderErrors.toError(WalletErrors.fromWallet(error))
    }
    return answer(result)
  }

  /** Switches the chain of session `topic` (adding it to the wallet when it lacks it). */
  async function switchOn(topic: string | undefined, chainId: number, context: Connector.Context) {
    const record = records.get(topic)
    if (!topic || !record) throw ProviderErrors.withCode(Errors.INTERNAL.CONNECT_BEFORE_REQUEST, 4100)
    if (record.chainId === chainId) return
    const switchTo = () => requestOn(topic, 'wallet_switchEthereumChain', [{ chainId: hex(chainId) }])
    try {
      await switchTo()
    } catch (error) {
      if (!ProviderErrors.isUnrecognizedChain(error)) throw error
      const network = context.networks.find((n) => n.chainNamespace === 'eip155' && Number(n.id) === chainId)
      if (!network) throw ProviderErrors.withCode(Errors.CHAIN_NOT_SUPPORTED, 4902)
      try {
        await requestOn(topic, 'wallet_addEthereumChain', [Namespaces.addChainParams(network)])
        await switchTo()
      } catch {
        throw ProviderErrors.withCode(Errors.CHAIN_NOT_SUPPORTED, 4902)
      }
    }
    const now = records.get(topic)
    if (now) records.remember({ ...now, chainId })
  }

  /** Ends session `topic` with the wallet and forgets it; rejects when the wallet could not be told. */
  async function end(topic: string) {
    if (records.current() === topic) records.use(undefined)
    records.drop(topic)
    const client = await load()
    if (!client.session.getAll().some((s) => s.topic === topic)) return
    try {
      await client.disconnect({ topic, reason: USER_DISCONNECTED })
    } catch (error) {
      throw ProviderErrors.toError(error)
    }
  }

  /**
   * A page's request to the wallet of session `topic`. EIP-5792's are checked first, and refused with
   * 4200 without asking the wallet when its session lacks the method (sign-client would refuse it with
   * an error of its own): the wallet approved only the methods it supports.
   */
  async function sendOn(topic: string | undefined, method: string, params: unknown): Promise<unknown> {
    if (!Calls.isCallsMethod(method)) return requestOn(topic, method, params)
    const session = await sessionOf(topic)
    const approved = session?.namespaces.eip155?.methods ?? []
    const supported = !session || approved.includes(method)
    return Calls.request(method, params, (checked) => requestOn(topic, method, checked), supported)
  }

  /**
   * The Solana account of session `topic` (HostMessages.solanaAccount: the page's Frontdoor Solana
   * wallet reads it): its account on the session's first solana chain, on each solana chain the session
   * gives it (Wallet Standard names where solana-wallet knows them); null without one.
   */
  async function solanaAccountOn(topic: string | undefined): Promise<SolanaWallet.Account | null> {
    const session = await sessionOf(topic)
    const first = session && Namespaces.solanaChainOf(session.namespaces)
    const address = first && Namespaces.solanaAccountOf(session.namespaces, first)
    if (!session || !address) return null
    const chains = (session.namespaces.solana?.chains ?? [first]).filter(
      (chain) => Namespaces.solanaAccountOf(session.namespaces, chain) === address,
    )
    return { address, chains: chains.map((chain) => SolanaWallet.STANDARD_CHAINS[chain] ?? chain) }
  }

  const sessionConnectors = new Map<string, WithSolana>()
  /** The connector of one kept session, stored as `walletConnect:<topic>`. */
  function sessionConnector(topic: string): WithSolana {
    const known = sessionConnectors.get(topic)
    if (known) return known
    const own = {
      id: Id.idOf(topic),
      kind: 'walletConnect',
      /** A kept session is not paired again: connecting restores it, or fails (4100) when it is gone. */
      async connect(context) {
        const session = await restore(topic, context)
        if (!session) throw ProviderErrors.withCode(Errors.INTERNAL.CONNECT_BEFORE_REQUEST, 4100)
        return session
      },
      reconnect: (context) => restore(topic, context),
      request: (method, params) => sendOn(topic, method, params),
      solanaAccount: () => solanaAccountOn(topic),
      switchChain: (chainId, context) => switchOn(topic, chainId, context),
      disconnect: () => end(topic),
      subscribe(listener) {
        const set = topicListeners.get(topic) ?? new Set()
        topicListeners.set(topic, set)
        set.add(listener)
        return () => void set.delete(listener)
      },
    } satisfies WithSolana
    sessionConnectors.set(topic, own)
    return own
  }

  const connector = {
    id: ID,
    kind: 'walletConnect',

    /**
     * Pairs with a wallet: reports each pairing URI through `onUri` (a fresh one 10 s before the
     * previous one's 4-minute mark) until the wallet approves, rejects ('Connection rejected', 4001), or
     * `signal` aborts. The relay not answering rejects with {@link Pairing.RELAY_UNREACHABLE} (4900).
     * When the page set `siwx`, the pairing also asks the wallet to sign in (one-click); the page has
     * its session before this resolves, so the sign-in view does not open.
     */
    async connect(context, connectOptions = {}) {
      const client = await Pairing.abortable(load(), connectOptions.signal)
      // The page's networks of every namespace (the context holds its EVM ones): solana is proposed too.
      const proposal = Namespaces.proposal(
        options.host?.()?.info?.networks ?? context.networks,
        context.chainId,
      )
      for (;;) {
        const signIn = await Pairing.abortable(
          SignIn.forPairing(options.host?.(), proposal),
          connectOptions.signal,
        )
        const start = Pairing.starter(client, proposal, signIn)
        const outcome = await Pairing.pair(client, start, connectOptions, options)
        if (outcome === 'refresh') continue
        const wallet = Records.pickedWallet(connectOptions.data) ?? Records.peerWallet(outcome.session)
        const session = toSession(outcome.session, wallet, context.chainId)
        if (signIn && outcome.auths?.length)
          await SignIn.addSession(client, signIn, outcome.auths, session.chainId)
        records.use(outcome.session.topic)
        return session
      }
    },

    /**
     * Restores the stored session without asking the wallet: the one this connector last used when it
     * is still alive, else the newest unexpired eip155 session sign-client kept.
     */
    async reconnect(context) {
      const sessions = await alive()
      const wanted = records.current() ?? records.stored()
      const session = sessions.find((s) => s.topic === wanted) ?? sessions.at(-1)
      if (!session) {
        records.clear()
        return undefined
      }
      const record = records.get(session.topic)
      const restored = toSession(
        session,
        record?.wallet ?? Records.peerWallet(session),
        record?.chainId ?? context.chainId,
      )
      records.use(session.topic)
      return restored
    },

    /** Sends a request to the wallet on the current chain. */
    request: (method, params) => sendOn(records.current(), method, params),

    /** The Solana account of the current session, or null. */
    solanaAccount: () => solanaAccountOn(records.current()),

    /**
     * wallet_switchEthereumChain; when the wallet does not know the chain, wallet_addEthereumChain from
     * the page's network list and a second switch; 'Chain is not supported' (4902) when that fails.
     */
    switchChain: (chainId, context) => switchOn(records.current(), chainId, context),

    /** Ends the current session with the wallet and forgets it; rejects when the wallet could not be told. */
    async disconnect() {
      const topic = records.current()
      if (topic) await end(topic)
    },

    /** The connector of the session `session` belongs to (each session is a connection of its own). */
    keeper: (session) => (session.topic ? sessionConnector(session.topic) : undefined),

    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  } satisfies WithSolana

  return {
    ...connector,
    /** The sign-client instance, once loaded (tests and the bench read its state). */
    client: () => loading,
    /** The connector of the kept session `topic` (its stored id is `walletConnect:<topic>`). */
    session: sessionConnector,
  }
}

export type WalletConnect = ReturnType<typeof create>
