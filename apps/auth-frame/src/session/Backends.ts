import * as Session from './Session.js'

/**
 * Where the session token can be kept, best first: the auth origin's localStorage; where the browser
 * denies a cross-site frame its storage (Chromium's default and incognito), a partitioned cookie
 * (CHIPS) of the auth origin, read by this frame's script only (the frame's API calls omit
 * credentials, so the API never sees it); else memory (the session lasts the page view).
 * Cookies are scoped by host, not port: were the modal served from this frame's host, the modal could
 * read the cookie, so the cookie is not used there. The stack's defaults give each its own host, as
 * production does (the modal 127.0.0.1, this frame 127.0.0.2).
 */

/** A key-value store. */
export type Backend = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

/** A store in memory. */
export function memory(): Backend {
  const map = new Map<string, string>()
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  }
}

/** A store in partitioned cookies of this document's origin (`doc.cookie`). */
export function partitionedCookies(doc: Pick<Document, 'cookie'>, maxAgeS = 7 * 24 * 60 * 60): Backend {
  const name = (key: string) => encodeURIComponent(key)
  const attributes = 'Path=/; Secure; SameSite=None; Partitioned'
  return {
    getItem(key) {
      for (const part of doc.cookie.split('; ')) {
        const eq = part.indexOf('=')
        if (eq > 0 && part.slice(0, eq) === name(key)) return decodeURIComponent(part.slice(eq + 1))
      }
      return null
    },
    setItem(key, value) {
      doc.cookie = `${name(key)}=${encodeURIComponent(value)}; ${attributes}; Max-Age=${maxAgeS}`
    },
    removeItem(key) {
      doc.cookie = `${name(key)}=; ${attributes}; Max-Age=0`
    },
  }
}

/** Whether `backend` keeps what is written (a write, read back, then removed). */
function works(backend: Backend): boolean {
  const probe = `${Session.KEY}:probe`
  try {
    backend.setItem(probe, '1')
    const ok = backend.getItem(probe) === '1'
    backend.removeItem(probe)
    return ok
  } catch {
    return false
  }
}

/** The best store this frame may use. */
export function choose(options: {
  local: () => Backend
  cookies: Backend
  modalHost: string
  ownHost: string
}): { backend: Backend; kind: 'localStorage' | 'cookie' | 'memory' } {
  try {
    const local = options.local()
    if (works(local)) return { backend: local, kind: 'localStorage' }
  } catch {}
  if (options.modalHost !== options.ownHost && works(options.cookies))
    return { backend: options.cookies, kind: 'cookie' }
  return { backend: memory(), kind: 'memory' }
}
