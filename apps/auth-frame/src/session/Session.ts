import * as z from 'zod/mini'

/**
 * The session token of the embedded wallet, kept in this frame's own storage (the auth origin's
 * localStorage, partitioned by the top-level site). It never leaves this frame except towards the API.
 */

/** A stored session: the bearer token and when it expires (ms since the epoch). */
export type Session = { token: string; expiresAtMs: number }

/** The storage key. */
export const KEY = 'frontdoor:auth-session'

const Stored = z.strictObject({
  token: z.string().check(z.minLength(1), z.maxLength(4096)),
  expiresAtMs: z.number(),
})

/**
 * An API `expiresAt`: an ISO date, or a number of seconds (below 1e12) or milliseconds since the
 * epoch. Returns ms, or undefined when it is none of these.
 */
export function expiresAtMs(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value < 1e12 ? value * 1000 : value
  if (typeof value === 'string') {
    const ms = Date.parse(value)
    return Number.isNaN(ms) ? undefined : ms
  }
  return undefined
}

/** The session store over `storage` (localStorage by default). */
export function create(storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>, now = Date.now) {
  return {
    /** The stored session, or undefined when there is none, it is unreadable or it has expired. */
    get(): Session | undefined {
      let raw: string | null = null
      try {
        raw = storage.getItem(KEY)
      } catch {
        return undefined
      }
      if (!raw) return undefined
      let json: unknown
      try {
        json = JSON.parse(raw)
      } catch {}
      const parsed = z.safeParse(Stored, json)
      if (!parsed.success || parsed.data.expiresAtMs <= now()) {
        this.clear()
        return undefined
      }
      return parsed.data
    },
    /** Keeps a new session. */
    set(session: Session) {
      storage.setItem(KEY, JSON.stringify(session))
    },
    /** Forgets the session (sign out, a revoked token). */
    clear() {
      try {
        storage.removeItem(KEY)
      } catch {}
    },
  }
}

/** A session store. */
export type Store = ReturnType<typeof create>
