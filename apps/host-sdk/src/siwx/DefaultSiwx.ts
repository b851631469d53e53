import * as PageStorage from '../PageStorage.js'
import type * as Siwx from './Siwx.js'

/** Options of the default sign-in (`siwx: { required?, statement? }`). */
export type Options = Siwx.DefaultOptions

/**
 * A session as the API's reads answer it (packages/schemas `Sessions.ReadSession`): `id` is its pci;
 * no signature (anyone who knows the address may read them).
 */
type Read = { id: string; session: Omit<Siwx.Session, 'signature'> }

/**
 * The default `siwx`: Frontdoor's API keeps the sessions. The message is for this page (domain = its
 * host, URI = its origin) with a single-use nonce from the API (`/v1/siwx/nonce`); the API verifies
 * the signature (EOA, ERC-1271, ERC-6492; ed25519 on Solana) before it stores the session
 * (`/v1/siwx/sessions`). An account's sessions are read by the spec's `GET /v1/sessions/{caipAddress}`,
 * which answers no signature: the signature revokes a session (`POST /v1/sessions/{id}/revoke` with
 * `{pci, signature}`), so the page keeps each of its own, by account and session id, in its storage
 * (`frontdoor:siwx:<projectId>:`). `getSessions` answers every live session of the account, this
 * browser's first with their signature; another browser's (or one whose key the storage lost) still
 * counts as a session, with an empty signature, and `revokeSession` leaves it to its holder.
 *
 * @example
 * createFrontdoor({ ..., siwx: { required: true } }) // uses this with the page's projectId
 */
export function create(apiUrl: string, projectId: string, options: Options = {}): Siwx.Config {
  const url = (path: string) => `${apiUrl}/v1/${path}?${new URLSearchParams({ projectId })}`
  async function call<T>(input: string, body?: unknown): Promise<T> {
    const response = await fetch(input, {
      method: body ? 'POST' : 'GET',
      ...(body ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {}),
    })
    const json = await response.json().catch(() => ({}))
    if (!response.ok) throw new Error(json.error?.message ?? `HTTP ${response.status}`)
    return json as T
  }
  // This page's signatures of an account's sessions: { [id]: signature }, one storage key per account.
  const prefix = `frontdoor:siwx:${projectId}:`
  const keyOf = (chainId: string, address: string) =>
    `${chainId}:${chainId.startsWith('eip155:') ? address.toLowerCase() : address}`
  const kept = (key: string): Record<string, string> => {
    try {
      return JSON.parse(PageStorage.read(prefix)[key] ?? '{}')
    } catch {
      return {}
    }
  }
  const keep = (key: string, signatures: Record<string, string>) =>
    PageStorage.write(prefix, key, Object.keys(signatures).length ? JSON.stringify(signatures) : null)
  /** The account's live sessions on the API, with this page's signatures (stale ones dropped). */
  async function list(chainId: string, address: string) {
    const key = keyOf(chainId, address)
    const { sessions } = await call<{ sessions: Read[] }>(
      url(`sessions/${encodeURIComponent(`${chainId}:${address}`)}`),
    )
    const mine = kept(key)
    const live: Record<string, string> = {}
    for (const { id } of sessions) if (mine[id]) live[id] = mine[id]
    keep(key, live)
    return { key, live, sessions }
  }
  return {
    async createMessage({ accountAddress, chainId }) {
      const { nonce } = await call<{ nonce: string }>(url('siwx/nonce'), {})
      return {
        domain: location.host,
        uri: location.origin,
        version: '1',
        nonce,
        issuedAt: new Date().toISOString(),
        accountAddress,
        chainId,
        ...(options.statement ? { statement: options.statement } : {}),
      }
    },
    async addSession({ data, message, signature, cacao }) {
      const { id } = await call<{ id: string }>(url('siwx/sessions'), {
        message,
        signature,
        ...(cacao ? { cacao } : {}),
      })
      const key = keyOf(data.chainId, data.accountAddress)
      keep(key, { ...kept(key), [id]: signature })
    },
    async getSessions(chainId, address) {
      const { live, sessions } = await list(chainId, address)
      return sessions
        .map(({ id, session }) => ({ ...session, signature: live[id] ?? '' }))
        .sort((a, b) => Number(!a.signature) - Number(!b.signature))
    },
    async revokeSession(chainId, address) {
      const { key, live } = await list(chainId, address)
      for (const [id, signature] of Object.entries(live)) {
        await call(url(`sessions/${id}/revoke`), { pci: id, signature })
        delete live[id]
        keep(key, live)
      }
    },
    getRequired: () => options.required === true,
  }
}
