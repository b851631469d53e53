import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider'

/**
 * The dev OIDC provider's storage: sessions, interactions, codes, tokens and grants in this process's
 * memory, each dropped at its expiry. The dev provider's signing and cookie keys are per process too,
 * so nothing it stores could outlive a restart anyway.
 */

type Entry = { payload: AdapterPayload; expiresAt: number }

/** Entries kept at most; the oldest go first beyond it (a dev provider, not a store of record). */
const MAX_ENTRIES = 10_000

/**
 * An adapter factory for oidc-provider over one shared map.
 *
 * @example
 * const provider = new Provider(issuer, { adapter: OidcStore.create() })
 */
export function create(options: { now?: () => number } = {}): AdapterFactory {
  const now = options.now ?? Date.now
  const entries = new Map<string, Entry>()
  const uids = new Map<string, string>()
  const userCodes = new Map<string, string>()

  const read = (key: string) => {
    const entry = entries.get(key)
    if (!entry) return undefined
    if (entry.expiresAt <= now()) {
      entries.delete(key)
      return undefined
    }
    return entry.payload
  }

  const write = (key: string, payload: AdapterPayload, expiresInS: number | undefined) => {
    entries.delete(key)
    entries.set(key, { payload, expiresAt: expiresInS === undefined ? Infinity : now() + expiresInS * 1000 })
    while (entries.size > MAX_ENTRIES) {
      const oldest = entries.keys().next().value
      if (oldest === undefined) break
      entries.delete(oldest)
    }
  }

  return (model: string): Adapter => {
    const key = (id: string) => `${model}:${id}`
    return {
      upsert: async (id, payload, expiresIn) => {
        write(key(id), payload, expiresIn)
        if (payload.uid && model === 'Session') uids.set(payload.uid, id)
        if (payload.userCode) userCodes.set(payload.userCode, id)
      },
      find: async (id) => read(key(id)),
      findByUid: async (uid) => {
        const id = uids.get(uid)
        const payload = id === undefined ? undefined : read(key(id))
        if (!payload) uids.delete(uid)
        return payload
      },
      findByUserCode: async (userCode) => {
        const id = userCodes.get(userCode)
        const payload = id === undefined ? undefined : read(key(id))
        if (!payload) userCodes.delete(userCode)
        return payload
      },
      consume: async (id) => {
        const payload = read(key(id))
        if (payload) payload.consumed = Math.floor(now() / 1000)
      },
      destroy: async (id) => {
        const payload = read(key(id))
        if (payload?.uid) uids.delete(payload.uid)
        if (payload?.userCode) userCodes.delete(payload.userCode)
        entries.delete(key(id))
      },
      revokeByGrantId: async (grantId) => {
        for (const [entryKey, entry] of entries) {
          if (entry.payload.grantId === grantId) entries.delete(entryKey)
        }
      },
    }
  }
}
