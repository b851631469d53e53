import { dirname, join } from 'node:path'
import { FrameServer, Origins } from '@frontdoor/frame-server'
import * as Version from '@frontdoor/protocol/version'
import { Alerts, Project } from '@frontdoor/schemas'
import type * as Env from './src/env/Env.js'

/**
 * The modal frame as the frame server serves it: its document's headers and `<meta>` tags, and the
 * host SDK's script at `/sdk.js` and at its versioned path (`/sdk/<version>/sdk.js`), each with its
 * Solana entry beside it (`/solana.js`, `/sdk/<version>/solana.js`: what sdk.js loads for data-solana).
 * The document's `frame-ancestors` is per project, from its allowed origins (read from the API, kept a
 * few seconds per project).
 */

/** Where the server finds its files and the other parts. */
export type Options = {
  /** The modal build (vite's dist/). */
  distDir: string
  /** The host SDK script build, served as /sdk.js. */
  sdkPath: string
  /**
   * Where the same file is published for its version (the host SDK's scripts/release.ts path, e.g.
   * /sdk/0.1.0/sdk.js): cached as immutable, for script tags with its integrity hash.
   */
  sdkVersionedPath?: string | undefined
  /**
   * The script build's Solana entry, served as solana.js beside sdk.js (at both paths); default
   * sdk-solana.js beside `sdkPath`, where the host SDK's build puts it.
   */
  solanaPath?: string | undefined
  apiUrl: string
  authUrl: string
  relayUrl: string
  /** The API as this server reaches it (API_INTERNAL_URL, behind an edge), for the allowed origins; default `apiUrl`. */
  internalApiUrl?: string | undefined
  /** How long allowed origins are kept per project. */
  originsCacheMs?: number
}

/** What the modal reports to the API when it reads a project's origins. */
const CLIENT = { st: 'frontdoor', sv: Version.SDK_VERSION }

/** How long the browser keeps sdk.js before it asks again (its ETag makes that cheap). */
const SDK_CACHE_CONTROL = 'public, max-age=300'

/** The versioned sdk.js never changes: cached for a year, never revalidated. */
const SDK_VERSIONED_CACHE_CONTROL = 'public, max-age=31536000, immutable'

/** The host SDK's build of solana.js (its dist/ has the npm build's solana.js too). */
const SOLANA_BUILD = 'sdk-solana.js'

/** sdk.js's headers but its caching: any page may load it (and check its integrity, CORS). */
const SDK_HEADERS = {
  'cross-origin-resource-policy': 'cross-origin',
  'access-control-allow-origin': '*',
  'timing-allow-origin': '*',
}

/**
 * The modal's `frame-ancestors`: the project's allowed origins when the embedding page is one of them
 * (or did not say who it is). When the page is known and not allowed, the list could not be read or
 * the project id is unknown, the frame may render anywhere, because the modal then shows only the alert and acts on nothing (its
 * own handshake-origin check): the interactive modal is never framed by an origin that was not checked.
 */
export function frameAncestors(
  origins: Origins.Origins,
  embedder: string | undefined,
  projectId: string | undefined,
): string[] {
  if (!projectId || originsError(origins)) return ['*']
  if (embedder && !origins.allowedOrigins.includes(embedder)) return ['*']
  return origins.allowedOrigins.length ? origins.allowedOrigins : ["'none'"]
}

/**
 * The alert class the modal reads from the origins read (`frontdoor:origins-error`, src/env/Env.ts): 429
 * and 5xx as Origins names them, and an unknown project id (the API's 'Unauthorized: invalid key',
 * mapped as spec section 8 says) as INVALID_PROJECT_ID.
 */
export function originsError(origins: Origins.Origins): Env.OriginsError | undefined {
  if (origins.error) return origins.error
  const alert = origins.refusal === undefined ? undefined : Alerts.fromServerMessage(origins.refusal)
  return alert === 'INVALID_PROJECT_ID' ? alert : undefined
}

/** The modal frame: its headers and meta tags as data, for {@link FrameServer.app}. */
export function frame(options: Options): FrameServer.Frame {
  const api = new URL(options.apiUrl).origin
  const auth = new URL(options.authUrl).origin
  const relay = options.relayUrl.replace(/\/$/, '')
  const originsOf = Origins.create({
    apiUrl: options.internalApiUrl || options.apiUrl,
    client: CLIENT,
    schema: Project.AllowedOriginsResponse,
    ...(options.originsCacheMs === undefined ? {} : { cacheMs: options.originsCacheMs }),
  })
  return {
    distDir: options.distDir,
    contentSecurityPolicy: {
      defaultSrc: ["'none'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', api],
      connectSrc: ["'self'", api, relay],
      frameSrc: [auth],
      fontSrc: ["'self'"],
      baseUri: ["'none'"],
      formAction: ["'none'"],
    },
    // Copy buttons (address, pairing link). The host also lends the frame publickey-credentials-get
    // and -create (its iframe `allow`); left at their default (this origin only).
    permissionsPolicy: { ...FrameServer.UNUSED_FEATURES, clipboardWrite: ['self'] },
    page: async ({ projectId, referer }) => {
      const origins: Origins.Origins = projectId
        ? await originsOf(projectId)
        : { allowedOrigins: [], error: undefined }
      // The meta tags the modal reads (see src/env/Env.ts).
      return {
        frameAncestors: frameAncestors(origins, referer, projectId),
        meta: {
          'frontdoor:embedder': referer && Origins.isOrigin(referer) ? referer : undefined,
          'frontdoor:api-url': options.apiUrl,
          'frontdoor:relay-url': options.relayUrl || undefined,
          'frontdoor:auth-url': Origins.isOrigin(auth) ? auth : undefined,
          'frontdoor:allowed-origins': JSON.stringify(origins.allowedOrigins),
          'frontdoor:origins-error': originsError(origins),
        },
      }
    },
    files: sdkFiles(options),
  }
}

/** sdk.js and solana.js beside it, at `/` and at sdk.js's versioned path. */
function sdkFiles(options: Options): NonNullable<FrameServer.Frame['files']> {
  const solanaPath = options.solanaPath ?? join(dirname(options.sdkPath), SOLANA_BUILD)
  const at = (path: string, cacheControl: string) => ({
    [path]: {
      path: options.sdkPath,
      headers: { 'cache-control': cacheControl, ...SDK_HEADERS },
      missing: 'sdk.js is not built',
    },
    // Beside it, whatever its name: sdk.js loads solana.js from its own folder.
    [`${path.slice(0, path.lastIndexOf('/') + 1)}solana.js`]: {
      path: solanaPath,
      headers: { 'cache-control': cacheControl, ...SDK_HEADERS },
      missing: 'solana.js is not built',
    },
  })
  return {
    ...at('/sdk.js', SDK_CACHE_CONTROL),
    ...(options.sdkVersionedPath ? at(options.sdkVersionedPath, SDK_VERSIONED_CACHE_CONTROL) : {}),
  }
}
