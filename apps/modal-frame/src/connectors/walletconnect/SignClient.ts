import * as Alerts from '@frontdoor/schemas/alerts'
import * as KeyValue from './KeyValue.js'

/**
 * sign-client's setup: `@walletconnect/sign-client` 2.x, loaded by a dynamic `import()` on first use (its
 * own chunk, not in the modal's first load), and a client started on our relay with the offline quirks
 * of REFERENCE.md handled.
 */

type SignClientModule = typeof import('@walletconnect/sign-client')
/** A sign-client instance. */
export type Client = InstanceType<SignClientModule['SignClient']>
/** A WalletConnect session as sign-client stores it. */
export type SessionStruct = ReturnType<Client['session']['getAll']>[number]

/** sign-client's key-value storage (IndexedDB in a browser by default). */
type KeyValueStorage = NonNullable<
  NonNullable<ConstructorParameters<SignClientModule['SignClient']>[0]>['storage']
>

/** The dapp metadata wallets show when asked to connect. */
export type Metadata = { name: string; description: string; url: string; icons: string[] }

/** What {@link start} reads of the connector's options. */
export type Settings = {
  projectId: string
  /** The relay's WebSocket address (RELAY_URL). */
  relayUrl: string
  metadata: Metadata
  /** sign-client's storage prefix; two clients in one process need distinct ones. */
  customStoragePrefix?: string | undefined
  /** The modal's storage (localStorage when absent, with sign-client's own IndexedDB store). */
  backend?: KeyValue.Backend | undefined
  /** Where sign-client keeps its pairings, sessions and keys (`backend` by default). */
  storage?: KeyValueStorage | undefined
  /**
   * Told the alert of spec section 8 the relay's reason maps to when it closes the socket on us
   * (sign-client's relayer error, e.g. 'WebSocket connection closed abnormally with code: 3000 (JWT
   * validation error: JWT Token is not yet valid)' is 'Session Expired').
   */
  onAlert?: ((alert: Alerts.AlertKey) => void) | undefined
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

/** Loads sign-client and starts a client on our relay, with the two offline quirks of REFERENCE.md handled. */
export async function start(settings: Settings): Promise<Client> {
  const { SignClient } = await importSignClient()
  const storage = settings.storage ?? (settings.backend ? KeyValue.over(settings.backend) : undefined)
  const client = new SignClient({
    projectId: settings.projectId,
    relayUrl: settings.relayUrl,
    metadata: settings.metadata,
    telemetryEnabled: false,
    ...(settings.customStoragePrefix ? { customStoragePrefix: settings.customStoragePrefix } : {}),
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
    if (alert) settings.onAlert?.(alert)
  })
  // `init()` would start the relayer before the patches above; the constructor + initialize pair is
  // what `SignClient.init` does.
  await (client as unknown as { initialize: () => Promise<void> }).initialize()
  return client
}
