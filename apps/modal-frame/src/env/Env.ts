import { ADDRESS_DEFAULTS } from '@frontdoor/protocol/addresses'

/** Where the modal learned each setting: the frame URL (projectId, mode) and tags the server wrote. */
export type Env = {
  projectId: string | undefined
  mode: 'modal' | 'inline'
  apiUrl: string
  /** The WalletConnect relay (RELAY_URL), a ws(s) address. */
  relayUrl: string
  /** The embedded-wallet frame's origin (AUTH_URL). */
  authUrl: string
  /** The project's allowed origins as the server read them, or the error class of that call. */
  allowedOrigins: string[]
  originsError: OriginsError | undefined
  /** The embedding page's origin as the server saw it (Referer), when known. */
  embedder: string | undefined
}

/**
 * Why the server could not read the project's allowed origins (spec section 8): a 429, a 5xx, or an
 * unknown project id (the API's 'Unauthorized: invalid key').
 */
export type OriginsError = 'RATE_LIMITED' | 'SERVER_ERROR' | 'INVALID_PROJECT_ID'

/** The `<meta>` names the frame server writes into index.html. */
const META = {
  apiUrl: 'frontdoor:api-url',
  relayUrl: 'frontdoor:relay-url',
  authUrl: 'frontdoor:auth-url',
  allowedOrigins: 'frontdoor:allowed-origins',
  originsError: 'frontdoor:origins-error',
  embedder: 'frontdoor:embedder',
} as const

function meta(doc: Document, name: string): string | undefined {
  return doc.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content || undefined
}

/** The relay address the server wrote, when it is a ws(s) URL; RELAY_URL's default otherwise. */
function relayUrlOf(value: string | undefined): string {
  try {
    const url = new URL(value ?? '')
    if (url.protocol === 'ws:' || url.protocol === 'wss:') return value!.replace(/\/$/, '')
  } catch {}
  return ADDRESS_DEFAULTS.RELAY_URL
}

/** The auth frame origin the server wrote, when it is an http(s) origin; AUTH_URL's default otherwise. */
function authUrlOf(value: string | undefined): string {
  try {
    const url = new URL(value ?? '')
    if ((url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value) return value
  } catch {}
  return ADDRESS_DEFAULTS.AUTH_URL
}

/** Reads the environment from the document and its URL. */
export function read(doc: Document = document, href: string = location.href): Env {
  const url = new URL(href)
  let allowedOrigins: string[] = []
  try {
    const parsed: unknown = JSON.parse(meta(doc, META.allowedOrigins) ?? '[]')
    if (Array.isArray(parsed)) allowedOrigins = parsed.filter((o): o is string => typeof o === 'string')
  } catch {}
  const error = meta(doc, META.originsError)
  return {
    projectId: url.searchParams.get('projectId') || undefined,
    mode: url.searchParams.get('mode') === 'inline' ? 'inline' : 'modal',
    apiUrl: (meta(doc, META.apiUrl) ?? 'http://127.0.0.1:4000').replace(/\/$/, ''),
    relayUrl: relayUrlOf(meta(doc, META.relayUrl)),
    authUrl: authUrlOf(meta(doc, META.authUrl)),
    allowedOrigins,
    originsError:
      error === 'RATE_LIMITED' || error === 'SERVER_ERROR' || error === 'INVALID_PROJECT_ID'
        ? error
        : undefined,
    embedder: meta(doc, META.embedder),
  }
}
