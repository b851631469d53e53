import { safeJsonParse, safeJsonStringify } from '@walletconnect/safe-json'

/**
 * sign-client's key-value storage over the modal's storage (the frame's localStorage, or the page's
 * when the browser denies the frame its own), so WalletConnect sessions survive a reload wherever the
 * modal's other state does. Keys get a `wc:` prefix; values are JSON that keeps bigints and 19-digit
 * request ids exact, as sign-client's own storage does.
 */

/** The modal storage this runs over; `keys` lists what it holds. */
export type Backend = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> & {
  keys?: (() => string[]) | undefined
}

/** The prefix of sign-client's keys in the modal storage. */
const PREFIX = 'wc:'

/** sign-client's storage interface (IKeyValueStorage). */
export type KeyValueStorage = {
  getKeys: () => Promise<string[]>
  getEntries: <T = unknown>() => Promise<[string, T][]>
  getItem: <T = unknown>(key: string) => Promise<T | undefined>
  setItem: <T = unknown>(key: string, value: T) => Promise<void>
  removeItem: (key: string) => Promise<void>
}

/** The storage for sign-client over `backend`. */
export function over(backend: Backend): KeyValueStorage {
  const read = <T>(key: string): T | undefined => {
    const raw = backend.getItem(PREFIX + key)
    // Strings are kept as they are (safeJsonStringify leaves them unquoted) and read back the same way.
    return raw === null ? undefined : (safeJsonParse(raw) as T)
  }
  const keys = () =>
    (backend.keys?.() ?? []).filter((key) => key.startsWith(PREFIX)).map((key) => key.slice(PREFIX.length))
  return {
    getKeys: async () => keys(),
    getEntries: async <T>() =>
      keys().flatMap((key): [string, T][] => {
        const value = read<T>(key)
        return value === undefined ? [] : [[key, value]]
      }),
    getItem: async <T>(key: string) => read<T>(key),
    setItem: async (key, value) => backend.setItem(PREFIX + key, safeJsonStringify(value)),
    removeItem: async (key) => backend.removeItem(PREFIX + key),
  }
}
