import * as ProtocolErrors from '@frontdoor/protocol/errors'
import * as SolanaWallet from '@frontdoor/protocol/solana-wallet'
import { Constants, Errors, Pairing } from '@frontdoor/schemas'
import * as Alerts from '@frontdoor/schemas/alerts'
import type * as HostBridge from '../../bridge/HostBridge.js'
import * as Calls from '../../rpc/Calls.js'
import type * as Connector from '../Connector.js'
import * as WalletErrors from '../WalletErrors.js'
import type * as Authenticate from './Authenticate.js'
import * as Id from './Id.js'
import * as KeyValue from './KeyValue.js'
import * as Namespaces from './Namespaces.js'

/**
 * The WalletConnect connector: pairs with a wallet on another device through our relay and talks to it
 * with `@walletconnect/sign-client` 2.x. The client is loaded by a dynamic `import()` on first use, so
 * it is its own chunk and the modal's first load does not carry it.
 */

type SignClientModule = typeof import('@walletconnect/sign-client')
/** A sign-client instance. */
export type Client = InstanceType<SignClientModule['SignClient']>
/** A WalletConnect session as sign-client stores it. */
export type SessionStruct = ReturnType<Client['session']['getAll']>[number]

/** sign-client's key-value storage (IndexedDB in a browser by default). */
export type KeyValueStorage = NonNullable<
  NonNullable<ConstructorParameters<SignClientModule['SignClient']>[0]>['storage']
>

/** The dapp metadata wallets show when asked to connect. */
export type Metadata = { name: string; description: string; url: string; icons: string[] }

/** The modal's storage: the connector's own record, and sign-client's store unless `storage` is given. */
export type Backend = KeyValue.Backend

/** Options of {@link create}. */
export type Options = {
  projectId: string
  /** The relay's WebSocket address (RELAY_URL). */
  relayUrl: string
  metadata: Metadata
  /** sign-client's storage prefix; two clients in one process need distinct ones. */
  customStoragePrefix?: string | undefined
  /** The modal's storage (localStorage when absent, with sign-client's own IndexedDB store). */
  backend?: Backend | undefined
  /** Where sign-client keeps its pairings, sessions and keys (`backend` by default). */
  storage?: KeyValueStorage | undefined
  /**
   * The pairing URI lifetime (spec section 9: 4 min). Only tests shorten it, to see a refresh without
   * waiting minutes.
   */
  uriLifetimeS?: number | undefined
  /**
   * Tells whether a WebSocket to the relay opens (the browser's WebSocket by default; Node has none
   * before v22, so tests pass one).
   */
  probe?: ((url: string) => Promise<boolean>) | undefined
  /**
   * Told the alert of spec section 8 the relay's reason maps to when it closes the socket on us
   * (sign-client's relayer error, e.g. 'WebSocket connection closed abnormally with code: 3000 (JWT
   * validation error: JWT Token is not yet valid)' is 'Session Expired').
   */
  onAlert?: ((alert: Alerts.AlertKey) => void) | undefined
  /**
   * The connected host page. When it set `siwx`, a pairing signs in at once (one-click,
   * Authenticate.ts): the page's message goes with it and the wallet's CACAO becomes its session.
   */
  host?: (() => Pick<HostBridge.Connected, 'info' | 'extend' | 'origin'> | undefined) | undefined
}

/** Thrown when the relay does not answer: the view shows it with a retry. */
export const RELAY_UNREACHABLE = 'The WalletConnect relay could not be reached'

/** How long `connect()` waits for a pairing URI before it calls the relay unreachable. */
export const URI_TIMEOUT_MS = 10_000

/**
 * When no URI came this long after asking, the connector checks whether the relay answers at all: a
 * relay that is down then fails in about a second instead of after sign-client's retries (15 s).
 */
export const RELAY_PROBE_DELAY_MS = 1000

/** The key of the connector's own records (each session's topic, chain, wallet) in the modal's storage. */
export const STORAGE_KEY = 'frontdoor:walletconnect'

/** The stored connector id. */
export const ID = 'walletConnect'

/** sign-client's reason for a session the user ends (its USER_DISCONNECTED). */
const USER_DISCONNECTED = { code: 6000, message: 'User disconnected.' }

/** What the connector keeps of one session: its topic, the chain requests go to, the wallet. */
type Current = { topic: string; chainId: number; wallet: Connector.WalletInfo }

/** A connector whose connection may have a Solana account (connectors/solana/Account.ts reads it). */
type WithSolana = Connector.Connector & { solanaAccount: () => Promise<SolanaWallet.Account | null> }

/** The stored records: every kept session, and the one the bare connector (`walletConnect`) uses. */
type Stored = { sessions: Current[]; current: string | undefined }

/** A pairing the wallet may join: its URI, and what the wallet's answer gives. */
type Started = { uri: string | undefined; approved: () => Promise<Approved> }

/** The wallet's answer: the session, and the CACAOs of a one-click sign-in when it signed one. */
type Approved = { session: SessionStruct; auths?: Authenticate.Cacao[] | undefined }

/** A one-click sign-in under way: the module, the page's calls and the message it asked for. */
type SignIn = {
  Authenticate: typeof Authenticate
  calls: Authenticate.Calls
  params: Authenticate.Params
}

function withCode(message: string, code: number): ProtocolErrors.ProviderRpcError {
  return new ProtocolErrors.ProviderRpcError(code, message)
}

/** An Error (with its EIP-1193 code) from what sign-client rejects with: often a plain `{code, message}`. */
export function toError(value: unknown): Error & { code?: number } {
  if (value instanceof Error) return value
  const { code, message, data } = (value ?? {}) as { code?: unknown; message?: unknown; data?: unknown }
  const text = typeof message === 'string' && message ? message : Errors.FRAME.AN_ERROR_OCCURRED
  if (typeof code === 'number') return new ProtocolErrors.ProviderRpcError(code, text, data)
  const error: Error & { data?: unknown } = new Error(text)
  if (data !== undefined) error.data = data
  return error
}

const codeOf = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'number' ? code : undefined
}

/** True when a wallet's answer to wallet_switchEthereumChain means it does not know the chain. */
export function isUnrecognizedChain(error: unknown): boolean {
  const code = codeOf(error)
  if (code === 4902) return true
  const message = String((error as { message?: unknown } | null)?.message ?? '')
  return /unrecognized chain|unknown chain|chain .*not (supported|added|configured)/i.test(message)
}

const hex = (n: number) => `0x${n.toString(16)}`

function aborted(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError')
}

/** Resolves with `promise`, or rejects when `signal` aborts first. */
function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise
  if (signal.aborted) return Promise.reject(aborted(signal))
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(aborted(signal))
    signal.addEventListener('abort', onAbort, { once: true })
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort)
        resolve(value)
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort)
        reject(error)
      },
    )
  })
}

function parseRecord(value: unknown): Current | undefined {
  const raw = value as Partial<Current> | null
  if (!raw || typeof raw.topic !== 'string' || typeof raw.chainId !== 'number') return undefined
  const wallet = raw.wallet
  if (!wallet || typeof wallet.id !== 'string' || typeof wallet.name !== 'string') return undefined
  return {
    topic: raw.topic,
    chainId: raw.chainId,
    wallet: { id: wallet.id, name: wallet.name, icon: wallet.icon },
  }
}

/** The stored records; a record of one session (as stored before several were kept) reads as that one. */
function readStored(backend: Backend | undefined): Stored {
  try {
    const raw = JSON.parse(backend?.getItem(STORAGE_KEY) ?? 'null') as Record<string, unknown> | null
    if (raw && Array.isArray(raw.sessions)) {
      const sessions = raw.sessions.map(parseRecord).filter((r): r is Current => r !== undefined)
      const current = sessions.find((r) => r.topic === raw.current)?.topic
      return { sessions, current }
    }
    const single = parseRecord(raw)
    return single ? { sessions: [single], current: single.topic } : { sessions: [], current: undefined }
  } catch {
    return { sessions: [], current: undefined }
  }
}

function browserBackend(): Backend | undefined {
  try {
    return globalThis.localStorage
  } catch {
    return undefined
  }
}

/** The wallet picked in the modal's list, passed as `connect(…, { data: { wallet } })`. */
function pickedWallet(data: Record<string, unknown> | undefined): Connector.WalletInfo | undefined {
  const wallet = data?.wallet as Partial<Connector.WalletInfo> | undefined
  if (!wallet || typeof wallet.id !== 'string' || typeof wallet.name !== 'string') return undefined
  return { id: wallet.id, name: wallet.name, icon: typeof wallet.icon === 'string' ? wallet.icon : undefined }
}

/** The wallet of a session, from the peer's metadata. */
function peerWallet(session: SessionStruct): Connector.WalletInfo {
  const { name, url, icons } = session.peer.metadata
  return { id: url || name, name: name || 'WalletConnect', icon: icons.find(Boolean) }
}

/** Whether a WebSocket to `url` opens, with the browser's WebSocket; true when there is none to ask. */
export function probe(url: string, timeoutMs = URI_TIMEOUT_MS): Promise<boolean> {
  const Socket = globalThis.WebSocket
  if (!Socket) return Promise.resolve(true)
  return new Promise((resolve) => {
    let socket: WebSocket
    try {
      socket = new Socket(url)
    } catch {
      resolve(false)
      return
    }
    const done = (open: boolean) => {
      clearTimeout(timer)
      socket.onopen = socket.onerror = socket.onclose = null
      socket.close()
      resolve(open)
    }
    const timer = setTimeout(() => done(false), timeoutMs)
    socket.onopen = () => done(true)
    socket.onerror = () => done(false)
    socket.onclose = () => done(false)
  })
}

/** A throwaway Storage in memory. */
function memoryStorage(): Storage {
  const map = new Map<string, string>()
  return {
    get length() {
      return map.size
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, String(value)),
  }
}

/**
 * Imports sign-client. A storage module it bundles reads `localStorage` as it loads, which throws in a
 * third-party frame the browser denies storage (Chromium's default in incognito windows) and fails the
 * import. The connector hands sign-client the modal's own storage anyway, so for the import only, an
 * in-memory stand-in answers; the frame's real property is put back right after.
 */
export async function importSignClient(): Promise<SignClientModule> {
  let denied = false
  try {
    void globalThis.localStorage
  } catch {
    denied = true
  }
  const descriptor = Object.getOwnPropertyDescriptor(globalThis, 'localStorage')
  if (!denied || !descriptor?.configurable) return import('@walletconnect/sign-client')
  Object.defineProperty(globalThis, 'localStorage', { value: memoryStorage(), configurable: true })
  try {
    return await import('@walletconnect/sign-client')
  } finally {
    Object.defineProperty(globalThis, 'localStorage', descriptor)
  }
}

/** Fetches sign-client's code without starting a client (the user is about to pick WalletConnect). */
export function prefetch(): void {
  importSignClient().catch(() => {})
}

/** Loads sign-client and starts a client on our relay, with the two offline quirks of REFERENCE.md handled. */
async function startClient(options: Options): Promise<Client> {
  const { SignClient } = await importSignClient()
  const storage = options.storage ?? (options.backend ? KeyValue.over(options.backend) : undefined)
  const client = new SignClient({
    projectId: options.projectId,
    relayUrl: options.relayUrl,
    metadata: options.metadata,
    telemetryEnabled: false,
    ...(options.customStoragePrefix ? { customStoragePrefix: options.customStoragePrefix } : {}),
    ...(storage ? { storage } : {}),
  })
  // Chromium on a machine with only loopback says navigator.onLine is false and sign-client then
  // refuses to open its socket. Our relay is the judge of reachability: a socket that cannot open
  // fails on its own, and the connector reports the relay unreachable.
  ;(
    client.core.relayer as unknown as { confirmOnlineStateOrThrow: () => Promise<void> }
  ).confirmOnlineStateOrThrow = async () => {}
  // Each connect() and request() would wait up to 5 s for an attestation iframe of the public verify
  // service, which a self-hosted deployment does not run (and our CSP does not frame). Wallets see the
  // dapp as UNKNOWN (unverified) instead.
  client.core.verify.register = async () => ''
  // The relay refusing the socket (code 3000 and its reason): sign-client closes its transport and
  // reports it as a relayer error.
  client.core.relayer.on('relayer_error', (error: unknown) => {
    const alert = Alerts.fromServerMessage(error instanceof Error ? error.message : String(error))
    if (alert) options.onAlert?.(alert)
  })
  // `init()` would start the relayer before the patches above; the constructor + initialize pair is
  // what `SignClient.init` does.
  await (client as unknown as { initialize: () => Promise<void> }).initialize()
  return client
}

/**
 * Creates the WalletConnect connector.
 *
 * @example
 * const walletConnect = WalletConnect.create({ projectId, relayUrl, metadata })
 * const session = await walletConnect.connect(context, { onUri: (uri) => showQr(uri) })
 */
export function create(options: Options) {
  const backend = options.backend ?? browserBackend()
  /** Listeners of the bare connector: events of the session it currently uses. */
  const listeners = new Set<(event: Connector.Event) => void>()
  /** Listeners of each session's own connector. */
  const topicListeners = new Map<string, Set<(event: Connector.Event) => void>>()
  let loading: Promise<Client> | undefined
  const stored = readStored(backend)
  /** Every session kept, by topic: several wallets can be connected side by side. */
  const records = new Map(stored.sessions.map((r) => [r.topic, r]))
  /** The session the bare connector (`walletConnect`) uses: the one it connected or restored last. */
  let currentTopic: string | undefined

  const emit = (topic: string, event: Connector.Event) => {
    const own = topicListeners.get(topic)
    for (const listener of [...(own ?? [])]) listener(event)
    if (topic === currentTopic) for (const listener of [...listeners]) listener(event)
  }

  function persist() {
    try {
      if (records.size === 0) backend?.removeItem(STORAGE_KEY)
      else
        backend?.setItem(
          STORAGE_KEY,
          JSON.stringify({ sessions: [...records.values()], current: currentTopic } satisfies Stored),
        )
    } catch {}
  }

  function remember(next: Current) {
    records.set(next.topic, next)
    persist()
  }

  function drop(topic: string) {
    records.delete(topic)
    persist()
  }

  /** The wallet (or the relay's expiry) ended session `topic`. */
  function forget(topic: string) {
    if (!records.has(topic)) return
    records.delete(topic)
    emit(topic, { type: 'disconnect' })
    if (currentTopic === topic) currentTopic = undefined
    persist()
  }

  function listen(client: Client) {
    client.on('session_event', ({ topic, params }) => {
      const record = records.get(topic)
      if (!record) return
      if (params.event.name === 'accountsChanged') {
        const accounts = Namespaces.eventAccounts(params.event.data)
        emit(topic, { type: 'accountsChanged', accounts })
      } else if (params.event.name === 'chainChanged') {
        const chainId = Namespaces.chainIdOf(params.event.data) ?? Namespaces.chainIdOf(params.chainId)
        if (chainId === undefined || chainId === record.chainId) return
        remember({ ...record, chainId })
        emit(topic, { type: 'chainChanged', chainId })
      }
    })
    client.on('session_update', ({ topic, params }) => {
      const record = records.get(topic)
      if (!record) return
      const chains = Namespaces.chainsOf(params.namespaces)
      let chainId = record.chainId
      if (!chains.includes(chainId) && chains[0] !== undefined) {
        chainId = chains[0]
        remember({ ...record, chainId })
        emit(topic, { type: 'chainChanged', chainId })
      }
      emit(topic, { type: 'accountsChanged', accounts: Namespaces.accountsOf(params.namespaces, chainId) })
    })
    client.on('session_delete', ({ topic }) => forget(topic))
    client.on('session_expire', ({ topic }) => forget(topic))
  }

  /** The client, started once; a failed start is retried on the next call. */
  function load(): Promise<Client> {
    if (!loading) {
      const started = startClient(options).then((client) => {
        listen(client)
        return client
      })
      loading = started
      started.catch(() => {
        if (loading === started) loading = undefined
      })
    }
    return loading
  }

  function toSession(session: SessionStruct, wallet: Connector.WalletInfo, preferred: number | undefined) {
    const chains = Namespaces.chainsOf(session.namespaces)
    const chainId = preferred !== undefined && chains.includes(preferred) ? preferred : chains[0]
    if (chainId === undefined) throw withCode(Errors.LOGIN.FAILED_TO_CONNECT, 4900)
    const accounts = Namespaces.accountsOf(session.namespaces, chainId)
    if (accounts.length === 0) throw withCode(Errors.LOGIN.FAILED_TO_CONNECT, 4900)
    remember({ topic: session.topic, chainId, wallet })
    return { accounts, chainId, wallet, topic: session.topic } satisfies Connector.Session
  }

  /** The sign-client sessions still alive (unexpired, with an eip155 namespace), soonest to expire first. */
  async function alive(): Promise<SessionStruct[]> {
    const client = await load()
    const nowS = Date.now() / 1000
    return client.session
      .getAll()
      .filter((s) => s.expiry > nowS && s.namespaces.eip155 !== undefined)
      .sort((a, b) => a.expiry - b.expiry)
  }

  /** Restores session `topic` without asking the wallet; undefined (and forgotten) when it is gone. */
  async function restore(topic: string, context: Connector.Context): Promise<Connector.Session | undefined> {
    const session = (await alive()).find((s) => s.topic === topic)
    if (!session) {
      drop(topic)
      return undefined
    }
    const record = records.get(topic)
    return toSession(session, record?.wallet ?? peerWallet(session), record?.chainId ?? context.chainId)
  }

  /**
   * Sends a request to the wallet of session `topic`, on that session's chain: its eip155 chain, or for
   * a solana method the solana chain the request names (its `chain` param, which then travels as the
   * request's chainId only) or else the session's first; 4901 when the session lacks it. A solana
   * request's params are read first (solana/Requests.ts, loaded with the first: -32602 before the wallet
   * sees them) and carry the session's account on that chain as signer.
   */
  async function requestOn(topic: string | undefined, method: string, params: unknown): Promise<unknown> {
    const record = topic ? records.get(topic) : undefined
    if (!record) throw withCode(Errors.INTERNAL.CONNECT_BEFORE_REQUEST, 4100)
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
      if (!solana) throw withCode(message, code)
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
      throw toError(WalletErrors.fromWallet(error))
    }
    return answer(result)
  }

  /** Switches the chain of session `topic` (adding it to the wallet when it lacks it). */
  async function switchOn(topic: string | undefined, chainId: number, context: Connector.Context) {
    const record = topic ? records.get(topic) : undefined
    if (!topic || !record) throw withCode(Errors.INTERNAL.CONNECT_BEFORE_REQUEST, 4100)
    if (record.chainId === chainId) return
    const switchTo = () => requestOn(topic, 'wallet_switchEthereumChain', [{ chainId: hex(chainId) }])
    try {
      await switchTo()
    } catch (error) {
      if (!isUnrecognizedChain(error)) throw error
      const network = context.networks.find((n) => n.chainNamespace === 'eip155' && Number(n.id) === chainId)
      if (!network) throw withCode(Errors.CHAIN_NOT_SUPPORTED, 4902)
      try {
        await requestOn(topic, 'wallet_addEthereumChain', [Namespaces.addChainParams(network)])
        await switchTo()
      } catch {
        throw withCode(Errors.CHAIN_NOT_SUPPORTED, 4902)
      }
    }
    const now = records.get(topic)
    if (now) remember({ ...now, chainId })
  }

  /** Ends session `topic` with the wallet and forgets it; rejects when the wallet could not be told. */
  async function end(topic: string) {
    if (currentTopic === topic) currentTopic = undefined
    drop(topic)
    const client = await load()
    if (!client.session.getAll().some((s) => s.topic === topic)) return
    try {
      await client.disconnect({ topic, reason: USER_DISCONNECTED })
    } catch (error) {
      throw toError(error)
    }
  }

  /**
   * A page's request to the wallet of session `topic`. EIP-5792's are checked first, and refused with
   * 4200 without asking the wallet when its session lacks the method (sign-client would refuse it with
   * an error of its own): the wallet approved only the methods it supports.
   */
  async function sendOn(topic: string | undefined, method: string, params: unknown): Promise<unknown> {
    if (!Calls.isCallsMethod(method)) return requestOn(topic, method, params)
    const record = topic ? records.get(topic) : undefined
    const session = record && (await load()).session.getAll().find((s) => s.topic === record.topic)
    const approved = session?.namespaces.eip155?.methods ?? []
    const supported = !session || approved.includes(method)
    return Calls.request(method, params, (checked) => requestOn(topic, method, checked), supported)
  }

  const sessionConnectors = new Map<string, WithSolana>()
  /** The connector of one kept session, stored as `walletConnect:<topic>`. */
  /**
   * The Solana account of session `topic` (HostMessages.solanaAccount: the page's Frontdoor Solana
   * wallet reads it): its account on the session's first solana chain, on each solana chain the session
   * gives it (Wallet Standard names where solana-wallet knows them); null without one.
   */
  async function solanaAccountOn(topic: string | undefined): Promise<SolanaWallet.Account | null> {
    const record = topic ? records.get(topic) : undefined
    const session = record && (await load()).session.getAll().find((s) => s.topic === record.topic)
    const first = session && Namespaces.solanaChainOf(session.namespaces)
    const address = first && Namespaces.solanaAccountOf(session.namespaces, first)
    if (!session || !address) return null
    const chains = (session.namespaces.solana?.chains ?? [first]).filter(
      (chain) => Namespaces.solanaAccountOf(session.namespaces, chain) === address,
    )
    return { address, chains: chains.map((chain) => SolanaWallet.STANDARD_CHAINS[chain] ?? chain) }
  }

  function sessionConnector(topic: string): WithSolana {
    const known = sessionConnectors.get(topic)
    if (known) return known
    const own = {
      id: Id.idOf(topic),
      kind: 'walletConnect',
      /** A kept session is not paired again: connecting restores it, or fails (4100) when it is gone. */
      async connect(context) {
        const session = await restore(topic, context)
        if (!session) throw withCode(Errors.INTERNAL.CONNECT_BEFORE_REQUEST, 4100)
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

  /** Whether the relay accepts a socket, authenticated as sign-client would be (so it counts no failure). */
  async function relayAnswers(client: Client): Promise<boolean> {
    try {
      const auth = await client.core.crypto.signJWT(options.relayUrl)
      const query = new URLSearchParams({ auth, projectId: options.projectId })
      return await (options.probe ?? probe)(`${options.relayUrl}/?${query}`)
    } catch {
      return false
    }
  }

  /**
   * How a pairing starts: with the proposal alone, or, for a one-click sign-in, with sign-client's
   * `authenticate` (which sends the proposal beside it, for a wallet that does not know it).
   */
  function starter(client: Client, proposal: Namespaces.Proposal, signIn: SignIn | undefined) {
    return async (): Promise<Started> => {
      if (!signIn) {
        const { uri, approval } = await client.connect({ optionalNamespaces: proposal })
        return { uri, approved: () => approval().then((session) => ({ session })) }
      }
      const { uri, response } = await client.authenticate(signIn.params)
      return {
        uri,
        approved: async () => {
          const { session, auths } = await response()
          // A CACAO without the recap of any method makes no session: nothing to connect.
          if (!session) throw withCode(Errors.LOGIN.FAILED_TO_CONNECT, 4900)
          return { session, auths }
        },
      }
    }
  }

  /**
   * A one-click sign-in for this pairing, when the page set `siwx` and the proposal is a single eip155
   * namespace: the page's message (a fresh nonce for each pairing URI). Undefined otherwise, or when
   * the page could not write the message (the sign-in view asks after connecting then).
   */
  async function signInFor(proposal: Namespaces.Proposal): Promise<SignIn | undefined> {
    const host = options.host?.()
    if (!host?.info?.siwx) return undefined
    try {
      const Authenticate = await import('./Authenticate.js')
      const chainId = proposal.eip155.chains[0]
      if (!Authenticate.eligible(proposal) || !chainId) return undefined
      const calls = Authenticate.calls(host)
      const { data } = await calls.siwxCreateMessage({
        accountAddress: Authenticate.UNKNOWN_ACCOUNT,
        chainId,
      })
      if (!Authenticate.forSite(data, host.origin)) throw new Error("the page's message names another site")
      return { Authenticate, calls, params: Authenticate.params(data, proposal.eip155) }
    } catch (error) {
      console.error(`frontdoor: no one-click sign-in: ${toError(error).message}`)
      return undefined
    }
  }

  /**
   * Adds the page's session from the wallet's CACAO (the one for the connection's chain). A failure is
   * told on the console: SIWXSignMessage then asks for the signature after connecting.
   */
  async function addSession(client: Client, signIn: SignIn, auths: Authenticate.Cacao[], chainId: number) {
    const cacao = signIn.Authenticate.pick(auths, chainId)
    if (!cacao) return
    try {
      const session = signIn.Authenticate.sessionOf(cacao, (c) =>
        client.formatAuthMessage({ request: c.p, iss: c.p.iss }),
      )
      await signIn.calls.siwxAddSession(session)
      signIn.Authenticate.record(chainId)
    } catch (error) {
      signIn.Authenticate.record(chainId, error)
      console.error(`frontdoor: the one-click sign-in made no session: ${toError(error).message}`)
    }
  }

  /** One pairing: a URI, then the wallet's answer, or `refresh` when the URI nears its expiry first. */
  async function pair(
    client: Client,
    start: () => Promise<Started>,
    connectOptions: Connector.ConnectOptions,
  ): Promise<Approved | 'refresh'> {
    const { signal, onUri } = connectOptions
    let timer: ReturnType<typeof setTimeout> | undefined
    let probeTimer: ReturnType<typeof setTimeout> | undefined
    let refused = () => {}
    const unreachable = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(withCode(RELAY_UNREACHABLE, 4900)), URI_TIMEOUT_MS)
      // The relay closed the socket on us (onRelayError says why): no URI will come.
      refused = () => reject(withCode(RELAY_UNREACHABLE, 4900))
      client.core.relayer.once('relayer_error', refused)
      probeTimer = setTimeout(() => {
        if (client.core.relayer.connected) return
        void relayAnswers(client).then((open) => {
          if (!open) reject(withCode(RELAY_UNREACHABLE, 4900))
        })
      }, RELAY_PROBE_DELAY_MS)
    })
    unreachable.catch(() => {})
    let started: Started
    try {
      started = await abortable(Promise.race([start(), unreachable]), signal)
    } catch (error) {
      throw codeOf(error) === 4900 || signal?.aborted ? error : withCode(RELAY_UNREACHABLE, 4900)
    } finally {
      clearTimeout(timer)
      clearTimeout(probeTimer)
      client.core.relayer.off('relayer_error', refused)
    }
    const { uri } = started
    if (!uri) throw withCode(RELAY_UNREACHABLE, 4900)
    const approved = started.approved()
    // A proposal left behind by a refresh or an abort expires later; its rejection is expected.
    approved.catch(() => {})
    onUri?.(uri)

    const nowS = Date.now() / 1000
    const lifetimeEnd = nowS + (options.uriLifetimeS ?? Constants.PAIRING_URI_LIFETIME_S)
    const expiryS = Math.min(Namespaces.uriExpiryOf(uri) ?? lifetimeEnd, lifetimeEnd)
    const refreshInMs = Math.max(0, (Pairing.uriRefreshAtS(expiryS) - nowS) * 1000)
    let refreshTimer: ReturnType<typeof setTimeout> | undefined
    const refresh = new Promise<'refresh'>((resolve) => {
      refreshTimer = setTimeout(() => resolve('refresh'), refreshInMs)
    })
    try {
      return await abortable(Promise.race([approved, refresh]), signal)
    } catch (error) {
      if (signal?.aborted) throw error
      if (WalletErrors.isRefusedProposal(error)) throw withCode(Errors.LOGIN.CONNECTION_REJECTED, 4001)
      throw toError(error)
    } finally {
      clearTimeout(refreshTimer)
    }
  }

  const connector = {
    id: ID,
    kind: 'walletConnect',

    /**
     * Pairs with a wallet: reports each pairing URI through `onUri` (a fresh one 10 s before the
     * previous one's 4-minute mark) until the wallet approves, rejects ('Connection rejected', 4001), or
     * `signal` aborts. The relay not answering rejects with {@link RELAY_UNREACHABLE} (4900). When the
     * page set `siwx`, the pairing also asks the wallet to sign in (one-click); the page has its session
     * before this resolves, so the sign-in view does not open.
     */
    async connect(context, connectOptions = {}) {
      const client = await abortable(load(), connectOptions.signal)
      // The page's networks of every namespace (the context holds its EVM ones): solana is proposed too.
      const proposal = Namespaces.proposal(
        options.host?.()?.info?.networks ?? context.networks,
        context.chainId,
      )
      for (;;) {
        const signIn = await abortable(signInFor(proposal), connectOptions.signal)
        const outcome = await pair(client, starter(client, proposal, signIn), connectOptions)
        if (outcome === 'refresh') continue
        const wallet = pickedWallet(connectOptions.data) ?? peerWallet(outcome.session)
        const session = toSession(outcome.session, wallet, context.chainId)
        if (signIn && outcome.auths?.length) await addSession(client, signIn, outcome.auths, session.chainId)
        currentTopic = outcome.session.topic
        persist()
        return session
      }
    },

    /**
     * Restores the stored session without asking the wallet: the one this connector last used when it
     * is still alive, else the newest unexpired eip155 session sign-client kept.
     */
    async reconnect(context) {
      const sessions = await alive()
      const wanted = currentTopic ?? readStored(backend).current
      const session = sessions.find((s) => s.topic === wanted) ?? sessions.at(-1)
      if (!session) {
        currentTopic = undefined
        records.clear()
        persist()
        return undefined
      }
      const record = records.get(session.topic)
      const restored = toSession(
        session,
        record?.wallet ?? peerWallet(session),
        record?.chainId ?? context.chainId,
      )
      currentTopic = session.topic
      persist()
      return restored
    },

    /** Sends a request to the wallet on the current chain. */
    request: (method, params) => sendOn(currentTopic, method, params),

    /** The Solana account of the current session, or null. */
    solanaAccount: () => solanaAccountOn(currentTopic),

    /**
     * wallet_switchEthereumChain; when the wallet does not know the chain, wallet_addEthereumChain from
     * the page's network list and a second switch; 'Chain is not supported' (4902) when that fails.
     */
    switchChain: (chainId, context) => switchOn(currentTopic, chainId, context),

    /** Ends the current session with the wallet and forgets it; rejects when the wallet could not be told. */
    async disconnect() {
      const topic = currentTopic
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
