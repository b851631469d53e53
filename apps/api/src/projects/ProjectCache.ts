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

/** Creates a cache over `orm`; `ttlMs: 0` disables caching. */
export function create(orm: Db.Orm, options: { ttlMs?: number; now?: () => number } = {}): ProjectCache {
  const ttlMs = options.ttlMs ?? PROJECT_CACHE_TTL_MS
  const now = options.now ?? Date.now
  const entries = new Map<string, { at: number; value: Promise<Projects.Project | undefined> }>()
  const get = (projectId: string) => {
    const entry = entries.get(projectId)
    if (entry && now() - entry.at < ttlMs) return entry.value
    const value = Projects.get(orm, projectId)
    if (ttlMs > 0) {
      if (entries.size > 10_000) entries.clear()
      entries.set(projectId, { at: now(), value })
      value.catch(() => entries.delete(projectId))
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
