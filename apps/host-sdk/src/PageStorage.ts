/**
 * The modal's state kept in the page's localStorage, for browsers that deny the modal's third-party
 * frame its own storage (Chromium's incognito default, some privacy settings). Only the modal's
 * non-secret state comes here: stored connections, recent wallets, WalletConnect sessions.
 */

/** Most keys kept per project. */
export const MAX_KEYS = 200

function storage(): Storage | undefined {
  try {
    return window.localStorage
  } catch {
    return undefined
  }
}

/** Every key under `prefix`, without the prefix. */
export function read(prefix: string): Record<string, string> {
  const store = storage()
  const result: Record<string, string> = {}
  if (!store) return result
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i)
    if (!key?.startsWith(prefix)) continue
    const value = store.getItem(key)
    if (value !== null) result[key.slice(prefix.length)] = value
    if (Object.keys(result).length >= MAX_KEYS) break
  }
  return result
}

/** Writes `value` under `prefix + key` (null removes it). A full storage drops the write. */
export function write(prefix: string, key: string, value: string | null): void {
  const store = storage()
  if (!store) return
  try {
    if (value === null) store.removeItem(prefix + key)
    else if (store.getItem(prefix + key) !== null || Object.keys(read(prefix)).length < MAX_KEYS)
      store.setItem(prefix + key, value)
  } catch {
    // Quota exceeded or storage denied: the modal keeps the value in memory for this page view.
  }
}
