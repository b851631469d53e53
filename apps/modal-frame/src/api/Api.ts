import * as Version from '@frontdoor/protocol/version'
import { Caip, Constants, Directory, Project, Retry } from '@frontdoor/schemas'
import * as z from 'zod/mini'
import * as Online from './Online.js'

/** The sdk type and version every wallet-directory GET carries (spec section 7). */
export const SDK_TYPE = 'frontdoor'
/** This release's SDK version: the `sv` before the host tells its own. */
export const SDK_VERSION = Version.SDK_VERSION
let sdkVersion: string = SDK_VERSION

/** The host SDK's version (HostInfo `sdkVersion`): the `sv` of every API call from now on. */
export function setSdkVersion(version: string) {
  sdkVersion = version
}

/** An HTTP failure with its status, so callers can tell 429 and 5xx apart. */
export class HttpError extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`)
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * How long one attempt of a GET may take before it counts as failed (and is retried): the spec's
 * HTTP timeout (section 9), so a stalled API never holds a view or the host's info forever.
 */
export const REQUEST_TIMEOUT_MS = Constants.HTTP_RPC_TIMEOUT_MS

/**
 * GETs JSON and validates it, retrying like spec section 4 says: 3 times in a browser, 1 s doubled,
 * capped at 30 s, waiting while offline. A 4xx other than 429 is not retried; an attempt that takes
 * longer than `timeoutMs` is aborted and counts as a network failure.
 */
export async function get<T>(
  url: string,
  schema: z.ZodMiniType<T>,
  attempts = Retry.retryCount('client'),
  timeoutMs = REQUEST_TIMEOUT_MS,
) {
  for (let attempt = 0; ; attempt++) {
    // Offline: no attempt is made (nor spent) until the browser is back online.
    await Online.whenOnline()
    try {
      const response = await fetch(url, { credentials: 'omit', signal: AbortSignal.timeout(timeoutMs) })
      if (!response.ok) throw new HttpError(response.status)
      return z.parse(schema, await response.json())
    } catch (error) {
      const status = error instanceof HttpError ? error.status : 0
      if (error instanceof TypeError && Online.isOffline()) {
        // The network went away during the attempt: it does not count; wait for it and try again.
        attempt--
        continue
      }
      const retriable = status === 0 || status === 429 || status >= 500
      if (!retriable || attempt >= attempts) throw error
      await sleep(Retry.retryDelayMs(attempt))
    }
  }
}

function query(projectId: string, extra: Record<string, string> = {}) {
  return new URLSearchParams({ projectId, st: SDK_TYPE, sv: sdkVersion, ...extra }).toString()
}

/** `/appkit/v1/config`: the remote project configuration. */
export function remoteConfig(apiUrl: string, projectId: string) {
  return get(`${apiUrl}/appkit/v1/config?${query(projectId)}`, Project.RemoteConfigResponse)
}

/** A `/getWallets` query: the page, and the optional search and filters (lists go as comma lists). */
export type WalletsQuery = {
  page: number
  entries: number
  search?: string | undefined
  include?: readonly string[] | undefined
  exclude?: readonly string[] | undefined
  /** CAIP-2 ids: wallets supporting any of them. */
  chains?: readonly string[] | undefined
  /** Only wallets with this badge ('certified'); absent or 'none': any badge. */
  badge?: Directory.BadgeType | undefined
}

/** The query string parameters of a `/getWallets` query; empty filters are left out. */
export function walletsParams(options: WalletsQuery): Record<string, string> {
  const params: Record<string, string> = { page: String(options.page), entries: String(options.entries) }
  if (options.search?.trim()) params.search = options.search.trim()
  if (options.include?.length) params.include = options.include.join(',')
  if (options.exclude?.length) params.exclude = options.exclude.join(',')
  if (options.chains?.length) params.chains = options.chains.join(',')
  if (options.badge && options.badge !== 'none') params.badge_type = options.badge
  return params
}

/** `/getWallets`: one page of the wallet directory. */
export function wallets(apiUrl: string, projectId: string, options: WalletsQuery) {
  return get(`${apiUrl}/getWallets?${query(projectId, walletsParams(options))}`, Directory.GetWalletsResponse)
}

/** The RPC proxy URL for an EVM chain. */
export function rpcUrl(apiUrl: string, projectId: string, chainId: number) {
  return `${apiUrl}/v1/?${new URLSearchParams({ chainId: Caip.formatCaip2('eip155', chainId), projectId })}`
}
