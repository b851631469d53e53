import * as Errors from '@frontdoor/schemas/errors'

/**
 * Project access at the door. A socket names its project (`?projectId=`); the relay checks it, and the
 * caller, against the project registry (the API's `/projects/v1/access`, cached here) before it serves
 * the socket. The upgrade completes and a refused socket is closed with 3000 and one of `REASONS`, as
 * the hosted relay does with `useOnCloseEvent=true` (REFERENCE.md, "WalletConnect v2 relay").
 *
 * Who the caller is:
 * - a browser sends `Origin`: it must be one of the project's `allowedOrigins`, or an origin the relay
 *   trusts (`trustedOrigins`: Frontdoor's own modal frame, which checks its host page against the same
 *   allowlist before it connects);
 * - a mobile SDK sends no `Origin` but `?bundleId=` (iOS) or `?packageName=` (Android): it must be
 *   one of the project's `allowedBundleIds` / `allowedPackageNames`;
 * - a client with neither (a Node process, a server, a test wallet) is served on the project id alone,
 *   as by the hosted relay: such a caller can send any header it likes, so an allowlist would only
 *   look like protection. The allowlists keep other web sites (and apps) from using a project.
 */

/** A project's access lists, as the registry answers them. */
export type Access = {
  allowedOrigins: string[]
  allowedBundleIds: string[]
  allowedPackageNames: string[]
}

/** Reads a project's access lists: undefined when there is no such project; throws when it cannot tell. */
export type Registry = { get: (projectId: string) => Promise<Access | undefined> }

/** The close reasons of a refused project (code 3000), in the hosted relay's words. */
const REASONS = {
  missing: 'Authorization error: Project ID is missing',
  invalid: Errors.SERVER.INVALID_KEY,
  notFound: 'Project not found',
  originNotAllowed: Errors.SERVER.ORIGIN_NOT_ALLOWED,
} as const

/** The close code and reason when the registry cannot be asked: try again later (RFC 6455 1013). */
const UNAVAILABLE = { code: 1013, reason: 'Project registry unavailable' } as const

/** A well-formed project id (what `npm run frontdoor -- projects create` accepts). */
const PROJECT_ID = /^[A-Za-z0-9_-]{1,64}$/

/** How long a looked-up project is reused: a change made with the CLI applies within seconds. */
export const PROJECT_CACHE_TTL_MS = 3_000

/** How long the last good answer is used while the registry cannot be reached. */
const PROJECT_STALE_MS = 5 * 60_000

/** Projects (and unknown ids) one relay node keeps cached at most. */
const MAX_CACHED = 10_000

/** Who is connecting, from the upgrade request. */
export type Caller = {
  projectId: string | null
  origin: string | undefined
  bundleId: string | null
  packageName: string | null
}

/** The verdict on a caller: served, or closed with this reason (and counted under `metric`). */
export type Verdict =
  | { ok: true; projectId: string }
  | { ok: false; code: number; reason: string; metric: string }

/** The caller of an upgrade request: `?projectId=`, `?bundleId=`, `?packageName=` and `Origin`. */
export function caller(url: URL, origin: string | string[] | undefined): Caller {
  return {
    projectId: url.searchParams.get('projectId'),
    origin: Array.isArray(origin) ? origin[0] : origin,
    bundleId: url.searchParams.get('bundleId'),
    packageName: url.searchParams.get('packageName'),
  }
}

/** Whether `origin` (an `Origin` header) is in `list` (origins as the CLI stores them). */
function listed(list: readonly string[], origin: string): boolean {
  return list.some((entry) => entry.replace(/\/$/, '') === origin)
}

/**
 * Decides on a caller.
 *
 * @example
 * const verdict = await ProjectAccess.check(ProjectAccess.caller(url, request.headers.origin), { registry, trustedOrigins })
 * if (!verdict.ok) socket.close(verdict.code, verdict.reason)
 */
export async function check(
  caller: Caller,
  options: { registry: Registry; trustedOrigins: readonly string[] },
): Promise<Verdict> {
  const refuse = (reason: string, metric: string): Verdict => ({ ok: false, code: 3000, reason, metric })
  const projectId = caller.projectId?.trim()
  if (!projectId) return refuse(REASONS.missing, 'project_missing')
  if (!PROJECT_ID.test(projectId)) return refuse(REASONS.invalid, 'project_invalid')
  let access: Access | undefined
  try {
    access = await options.registry.get(projectId)
  } catch {
    return { ok: false, ...UNAVAILABLE, metric: 'registry_unavailable' }
  }
  if (!access) return refuse(REASONS.notFound, 'project_not_found')
  if (caller.origin !== undefined) {
    if (listed(options.trustedOrigins, caller.origin) || listed(access.allowedOrigins, caller.origin))
      return { ok: true, projectId }
    return refuse(REASONS.originNotAllowed, 'origin_not_allowed')
  }
  if (caller.bundleId !== null && !access.allowedBundleIds.includes(caller.bundleId))
    return refuse(REASONS.originNotAllowed, 'origin_not_allowed')
  if (caller.packageName !== null && !access.allowedPackageNames.includes(caller.packageName))
    return refuse(REASONS.originNotAllowed, 'origin_not_allowed')
  return { ok: true, projectId }
}

/** The path of the API's access endpoint (apps/api/src/projects/access.ts). */
const ACCESS_PATH = '/projects/v1/access'

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []
}

/**
 * The registry behind the API: `GET {apiUrl}/projects/v1/access?projectId=` answers
 * `{project: {allowedOrigins, allowedBundleIds, allowedPackageNames}}`, or `{project: null}` for an
 * unknown project. Answers (found or not) are cached for `ttlMs`; concurrent lookups of one
 * project share a request; while the API cannot be reached the last good answer serves for `staleMs`.
 *
 * @example
 * const registry = ProjectAccess.http({ apiUrl: 'http://127.0.0.1:4000' })
 * await registry.get('demo') // { allowedOrigins: [...], allowedBundleIds: [], allowedPackageNames: [] }
 */
export function http(options: {
  apiUrl: string
  ttlMs?: number
  staleMs?: number
  timeoutMs?: number
  now?: () => number
}): Registry {
  const ttlMs = options.ttlMs ?? PROJECT_CACHE_TTL_MS
  const staleMs = options.staleMs ?? PROJECT_STALE_MS
  const now = options.now ?? Date.now
  type Entry = { at: number; value: Promise<Access | undefined>; good?: Access | undefined; goodAt?: number }
  const entries = new Map<string, Entry>()
  const ask = async (projectId: string): Promise<Access | undefined> => {
    const url = `${options.apiUrl.replace(/\/$/, '')}${ACCESS_PATH}?projectId=${encodeURIComponent(projectId)}`
    const response = await fetch(url, { signal: AbortSignal.timeout(options.timeoutMs ?? 3_000) })
    if (!response.ok) {
      await response.body?.cancel()
      throw new Error(`project registry answered ${response.status}`)
    }
    const body = (await response.json()) as { project?: Record<string, unknown> | null }
    // `{project: null}` says "no such project"; anything else unexpected means "cannot tell".
    if (body.project === null) return undefined
    if (typeof body.project !== 'object') throw new Error('project registry answered no project field')
    return {
      allowedOrigins: strings(body.project.allowedOrigins),
      allowedBundleIds: strings(body.project.allowedBundleIds),
      allowedPackageNames: strings(body.project.allowedPackageNames),
    }
  }
  return {
    get(projectId) {
      const entry = entries.get(projectId)
      const time = now()
      if (entry && time - entry.at < ttlMs) return entry.value
      if (entries.size >= MAX_CACHED && !entry) entries.clear()
      const next: Entry = {
        at: time,
        value: Promise.resolve(undefined),
        ...(entry && 'goodAt' in entry ? { good: entry.good, goodAt: entry.goodAt } : {}),
      }
      next.value = ask(projectId).then(
        (access) => {
          next.good = access
          next.goodAt = now()
          return access
        },
        (error: unknown) => {
          // Not cached: the next socket asks again. Meanwhile the last good answer stands in.
          if (entries.get(projectId) === next) entries.delete(projectId)
          if (next.goodAt !== undefined && now() - next.goodAt < staleMs) {
            entries.set(projectId, { ...next, at: now(), value: Promise.resolve(next.good) })
            return next.good
          }
          throw error
        },
      )
      entries.set(projectId, next)
      return next.value
    },
  }
}

/** A registry of fixed projects (tests, and a relay run without the API). */
export function fixed(projects: Record<string, Partial<Access>>): Registry {
  return {
    get: async (projectId) => {
      if (!Object.hasOwn(projects, projectId)) return undefined
      const access = projects[projectId]!
      return {
        allowedOrigins: access.allowedOrigins ?? [],
        allowedBundleIds: access.allowedBundleIds ?? [],
        allowedPackageNames: access.allowedPackageNames ?? [],
      }
    },
  }
}
