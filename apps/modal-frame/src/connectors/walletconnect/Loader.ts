import type * as HostModal from '@frontdoor/protocol/host-modal'
import type * as KeyValue from './KeyValue.js'
import type * as SignClient from './SignClient.js'
import type * as WalletConnect from './WalletConnect.js'

/**
 * The eager side of the WalletConnect connector: a few lines that load the connector module (and with
 * it, on first use, sign-client) only when a WalletConnect view opens or a stored WalletConnect
 * session is restored. Nothing of WalletConnect is in the modal's first load.
 */

/** What the loader needs to know when it creates the connector (read at that moment). */
export type Settings = {
  projectId: string | undefined
  relayUrl: string
  /** The page's metadata and origin (from the handshake), shown to the wallet. */
  metadata: HostModal.Metadata | undefined
  origin: string | undefined
  /** The modal's storage (its own, or the page's), for the sessions and the connector's record. */
  storage: KeyValue.Backend | undefined
  /** The connected host page (its `siwx` makes pairings sign in at once). */
  host?: WalletConnect.Options['host']
  /** Told the alert the relay's refusal maps to. */
  onAlert?: WalletConnect.Options['onAlert']
}

/**
 * WalletConnect's dapp metadata from the page's: sign-client wants all four fields. The url wallets
 * show (and judge the dapp by) is the page's origin the handshake attested; the page's own url only
 * when it is on that origin, never a claim of another site.
 */
export function metadataOf(settings: Pick<Settings, 'metadata' | 'origin'>): SignClient.Metadata {
  const metadata = settings.metadata
  return {
    name: metadata?.name ?? 'Frontdoor',
    description: metadata?.description ?? '',
    url: confirmedUrl(metadata?.url, settings.origin),
    icons: metadata?.icons ?? [],
  }
}

function confirmedUrl(claimed: string | undefined, origin: string | undefined): string {
  if (!origin) return claimed ?? ''
  try {
    if (claimed && new URL(claimed).origin === origin) return claimed
  } catch {}
  return origin
}

/**
 * Creates the loader. `get()` gives the one connector (created once, on the first call);
 * `prefetch()` fetches the code only, for when the user is about to pick WalletConnect.
 */
export function create(settings: () => Settings) {
  let connector: Promise<WalletConnect.WalletConnect> | undefined
  const load = () => import('./WalletConnect.js')
  return {
    get(): Promise<WalletConnect.WalletConnect> {
      if (!connector) {
        const loading = load().then((module) => {
          const s = settings()
          return module.create({
            projectId: s.projectId ?? '',
            relayUrl: s.relayUrl,
            metadata: metadataOf(s),
            backend: s.storage,
            host: s.host,
            onAlert: s.onAlert,
          })
        })
        connector = loading
        loading.catch(() => {
          if (connector === loading) connector = undefined
        })
      }
      return connector
    },
    prefetch() {
      load()
        .then((module) => module.prefetch())
        .catch(() => {})
    },
  }
}
