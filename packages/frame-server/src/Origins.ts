/**
 * A project's allowed origins as the frames read them from the API (`/projects/v1/origins`), kept a
 * few seconds per project: both frames write them into `frame-ancestors`, on every document request.
 */

/**
 * The answer of the allowed-origins read: the list, or the error class of spec section 8; with a
 * refusal (another 4xx), the API's message, which the frame maps to its alert ('Unauthorized: invalid
 * key' is an unknown project id).
 */
export type Origins = {
  allowedOrigins: string[]
  error: 'RATE_LIMITED' | 'SERVER_ERROR' | undefined
  refusal?: string
}

/**
 * The schema of the API's answer, as a Standard Schema (packages/schemas' `Project.AllowedOriginsResponse`
 * is one); the frames pass it, so this package needs no schema library of its own.
 */
export type ResponseSchema = {
  readonly '~standard': {
    readonly validate: (value: unknown) => ValidationResult | Promise<ValidationResult>
  }
}
type ValidationResult =
  | { readonly value: { readonly allowedOrigins: readonly string[] }; readonly issues?: undefined }
  | { readonly issues: readonly unknown[] }

/** How a frame reads the allowed origins. */
export type Options = {
  apiUrl: string
  /** The `st` and `sv` the frame reports to the API. */
  client: { st: string; sv: string }
  schema: ResponseSchema
  /** How long a project's answer is kept. */
  cacheMs?: number
  /** How long the API may take. */
  timeoutMs?: number
}

/** How long a project's allowed origins are kept by default. */
export const CACHE_MS = 10_000
/** How long the API may take to answer; a slower answer counts as no origins (spec section 8). */
export const TIMEOUT_MS = 3000
/** The longest refusal message kept (the API's are a few words). */
const REFUSAL_MAX_CHARS = 200

/** The `error.message` of the API's error body (`{ error: { code, message } }`), when it has one. */
async function refusalOf(response: Response): Promise<{ refusal?: string }> {
  try {
    const message = ((await response.json()) as { error?: { message?: unknown } } | null)?.error?.message
    return typeof message === 'string' && message ? { refusal: message.slice(0, REFUSAL_MAX_CHARS) } : {}
  } catch {
    return {}
  }
}

/** At most this many projects are kept; the oldest goes first. */
export const CACHE_MAX_PROJECTS = 1000

/** True when `value` is exactly an http(s) origin, so it is safe to write into a CSP header. */
export function isOrigin(value: string): boolean {
  try {
    const url = new URL(value)
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value
  } catch {
    return false
  }
}

/**
 * Reads `/projects/v1/origins` once. 429 -> RATE_LIMITED, 5xx -> SERVER_ERROR, any other error (a
 * refusal, a bad body, a network error, a time-out) -> an empty list (spec section 8), a refusal with
 * the API's message. Only exact http(s) origins are kept.
 */
export async function read(options: Options, projectId: string): Promise<Origins> {
  try {
    const query = new URLSearchParams({ projectId, ...options.client })
    const response = await fetch(`${options.apiUrl}/projects/v1/origins?${query}`, {
      signal: AbortSignal.timeout(options.timeoutMs ?? TIMEOUT_MS),
    })
    if (response.status === 429) return { allowedOrigins: [], error: 'RATE_LIMITED' }
    if (response.status >= 500) return { allowedOrigins: [], error: 'SERVER_ERROR' }
    if (!response.ok) return { allowedOrigins: [], error: undefined, ...(await refusalOf(response)) }
    const body = await options.schema['~standard'].validate(await response.json())
    return { allowedOrigins: body.issues ? [] : body.value.allowedOrigins.filter(isOrigin), error: undefined }
  } catch {
    // Unreachable or too slow: not a server error (spec section 8), the empty-list path.
    return { allowedOrigins: [], error: undefined }
  }
}

/**
 * The allowed origins of a project, read at most once per `cacheMs` (concurrent requests share one
 * read).
 * @example
 * const originsOf = Origins.create({ apiUrl, client: { st: 'frontdoor', sv }, schema: Project.AllowedOriginsResponse })
 * const { allowedOrigins, error } = await originsOf('demo')
 */
export function create(options: Options): (projectId: string) => Promise<Origins> {
  const cacheMs = options.cacheMs ?? CACHE_MS
  const cache = new Map<string, { at: number; value: Promise<Origins> }>()
  return (projectId) => {
    const hit = cache.get(projectId)
    if (hit && Date.now() - hit.at < cacheMs) return hit.value
    const value = read(options, projectId)
    cache.delete(projectId)
    cache.set(projectId, { at: Date.now(), value })
    if (cache.size > CACHE_MAX_PROJECTS) cache.delete(cache.keys().next().value as string)
    return value
  }
}
