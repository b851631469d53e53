import type * as Db from '../db/Db.js'
import * as Errors from '../http/Errors.js'
import * as Projects from './Projects.js'

/** How long a looked-up project is reused before the database is asked again. */
export const PROJECT_CACHE_TTL_MS = 5_000

/** Project lookups for hot routes, cached briefly (changes made with the CLI apply within the TTL). */
export type ProjectCache = {
  get: (projectId: string) => Promise<Projects.Project | undefined>
  /** The project, or a 401 'Unauthorized: invalid key'. */
  require: (projectId: string) => Promise<Projects.Project>
}

/** Projects the cache keeps at most (the oldest answer goes first). */
const MAX_CACHED = 10_000

/**
 * Unknown ids the cache remembers at most (the negative cache), apart from the projects: a flood of
 * random ids pushes out only other unknown ids, never a project that exists.
 */
const MAX_UNKNOWN = 10_000

/** Creates a cache over `orm`; `ttlMs: 0` disables caching. */
export function create(orm: Db.Orm, options: { ttlMs?: number; now?: () => number } = {}): ProjectCache {
  const ttlMs = options.ttlMs ?? PROJECT_CACHE_TTL_MS
  const now = options.now ?? Date.now
  type Entry = { at: number; project: Projects.Project | undefined }
  /** Projects that exist, and (the negative cache) ids that do not: kept apart. */
  const projects = new Map<string, Entry>()
  const unknown = new Map<string, Entry>()
  /** Lookups in flight, shared by their callers. */
  const pending = new Map<string, Promise<Projects.Project | undefined>>()
  const remember = (projectId: string, entry: Entry) => {
    projects.delete(projectId)
    unknown.delete(projectId)
    const [cache, max] = entry.project ? [projects, MAX_CACHED] : [unknown, MAX_UNKNOWN]
    if (cache.size >= max) cache.delete(cache.keys().next().value as string)
    cache.set(projectId, entry)
  }
  const get = (projectId: string): Promise<Projects.Project | undefined> => {
    const entry = unknown.get(projectId) ?? projects.get(projectId)
    if (entry && now() - entry.at < ttlMs) return Promise.resolve(entry.project)
    const inFlight = pending.get(projectId)
    if (inFlight) return inFlight
    const at = now()
    const value = Projects.get(orm, projectId)
    if (ttlMs > 0) {
      pending.set(projectId, value)
      value.then(
        (project) => {
          pending.delete(projectId)
          remember(projectId, { at, project })
        },
        () => pending.delete(projectId),
      )
    }
    return value
  }
  return {
    get,
    require: async (projectId) => {
      const project = await get(projectId)
      if (!project) throw Errors.unknownProject(projectId)
      return project
    },
  }
}
