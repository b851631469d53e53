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

/**
 * A caller's budget of lookups of projects the registry may not know (per client address, `Door`):
 * one is taken before the registry asks the API about an id it holds no answer for, and given back
 * when the project exists, so only unknown projects count.
 */
export type LookupBudget = { take: () => Promise<boolean>; giveBack: () => void }

/**
 * Reads a project's access lists: undefined when there is no such project; throws when it cannot
 * tell, or when it would have to ask about a project it holds no answer for and `budget` refuses.
 */
export type Registry = {
  get: (projectId: string, budget?: LookupBudget) => Promise<Access | undefined>
}

/** The close reasons of a refused project (code 3000), in the hosted relay's words. */
const REASONS = {
  missing: 'Authorization error: Project ID is missing',
  invalid: Errors.SERVER.INVALID_KEY,
  notFound: 'Project not found',
  originNotAllowed: Errors.SERVER.ORIGIN_NOT_ALLOWED,
} as const

/** The close code and reason when the registry cannot be asked: try again later (RFC 6455 1013). */
const UNAVAILABLE = { code: 1013, reason: 'Project registry unavailable' } as const

/** The close when a client address has asked about too many unknown projects: try again later. */
export const TOO_MANY_UNKNOWN_PROJECTS = {
  code: 1013,
  reason: 'Too many unknown project lookups',
} as const

/** Thrown by a registry whose caller's `LookupBudget` refused a lookup. */
class LookupRefused extends Error {}

/** A well-formed project id (what `npm run frontdoor -- projects create` accepts). */
const PROJECT_ID = /^[A-Za-z0-9_-]{1,64}$/

/** How long a looked-up project is reused: a change made with the CLI applies within seconds. */
export const PROJECT_CACHE_TTL_MS = 3_000

/** How long the last good answer is used while the registry cannot be reached. */
const PROJECT_STALE_MS = 5 * 60_000

/** Projects one relay node keeps cached at most (the oldest answer goes first). */
const MAX_CACHED = 10_000

/**
 * Unknown ids one relay node remembers at most (the negative cache), apart from the projects: a
 * flood of random ids pushes out only other unknown ids, never a project that exists.
 */
const MAX_UNKNOWN = 10_000

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
  options: { registry: Registry; trustedOrigins: readonly string[]; budget?: LookupBudget | undefined },
): Promise<Verdict> {
  const refuse = (reason: string, metric: string): Verdict => ({ ok: false, code: 3000, reason, metric })
  const projectId = caller.projectId?.trim()
  if (!projectId) return refuse(REASONS.missing, 'project_missing')
  if (!PROJECT_ID.test(projectId)) return refuse(REASONS.invalid, 'project_invalid')
  let access: Access | undefined
  try {
    access = await options.registry.get(projectId, options.budget)
  } catch (error) {
    if (error instanceof LookupRefused)
      return { ok: false, ...TOO_MANY_UNKNOWN_PROJECTS, metric: 'unknown_projects_per_address' }
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
 * unknown project. Answers are cached for `ttlMs`: projects in one cache, unknown ids in another
 * (the negative cache), each keeping its newest `MAX_CACHED` / `MAX_UNKNOWN`, so random ids cannot
 * push the real projects out. Concurrent lookups of one project share a request; an id with no
 * answer at hand costs the caller's `budget` one lookup, given back if the project exists. While the
 * API cannot be reached the last answer serves for `staleMs`.
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
  /** An answer of the API: used until `at + ttlMs`, and while the API is away until `answeredAt + staleMs`. */
  type Answer = { access: Access | undefined; at: number; answeredAt: number }
  /** Projects that exist, and (the negative cache) ids that do not: kept apart. */
  const projects = new Map<string, Answer>()
  const unknown = new Map<string, Answer>()
  /** Lookups in flight, shared by their callers. */
  const pending = new Map<string, Promise<Access | undefined>>()
  /** Keeps an answer as the newest of its cache, dropping the oldest past the cache's size. */
  const remember = (projectId: string, answer: Answer) => {
    projects.delete(projectId)
    unknown.delete(projectId)
    const [cache, max] = answer.access ? [projects, MAX_CACHED] : [unknown, MAX_UNKNOWN]
    if (cache.size >= max) cache.delete(cache.keys().next().value as string)
    cache.set(projectId, answer)
  }
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
  /** The answer at hand for an id: fresh, or a lookup in flight. */
  const cached = (projectId: string): Promise<Access | undefined> | undefined => {
    const answer = unknown.get(projectId) ?? projects.get(projectId)
    if (answer && now() - answer.at < ttlMs) return Promise.resolve(answer.access)
    return pending.get(projectId)
  }
  /** Asks the API, once for every caller until it answers. */
  const lookUp = (projectId: string): Promise<Access | undefined> => {
    const value = ask(projectId).then(
      (access) => {
        remember(projectId, { access, at: now(), answeredAt: now() })
        return access
      },
      (error: unknown) => {
        // The last answer stands in while it is not too old; otherwise the next socket asks again.
        const last = unknown.get(projectId) ?? projects.get(projectId)
        if (last && now() - last.answeredAt < staleMs) {
          remember(projectId, { ...last, at: now() })
          return last.access
        }
        throw error
      },
    )
    pending.set(projectId, value)
    const settled = () => pending.delete(projectId)
    value.then(settled, settled)
    return value
  }
  return {
    async get(projectId, budget) {
      const hit = cached(projectId)
      if (hit) return hit
      if (budget && !(await budget.take())) {
        // Another caller may have asked meanwhile.
        const answered = cached(projectId)
        if (answered) return answered
        throw new LookupRefused()
      }
      const value = cached(projectId) ?? lookUp(projectId)
      if (!budget) return value
      return value.then(
        (access) => {
          if (access) budget.giveBack()
          return access
        },
        (error: unknown) => {
          budget.giveBack()
          throw error
        },
      )
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
