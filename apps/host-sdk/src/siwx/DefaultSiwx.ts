import type * as Siwx from './Siwx.js'

/** Options of the default sign-in (`siwx: { required?, statement? }`). */
export type Options = {
  /** True: the visitor must sign in (default false). */
  required?: boolean
  /** The statement shown in the message. */
  statement?: string
}

/** A stored session as the API answers it (packages/schemas `Sessions.StoredSession`): `id` is its pci. */
type Stored = { id: string; session: Siwx.Session }

/**
 * The default `siwx`: Frontdoor's API keeps the sessions. The message is for this page (domain = its
 * host, URI = its origin) with a single-use nonce from the API (`/v1/siwx/nonce`); the API verifies
 * the signature (EOA, ERC-1271, ERC-6492; ed25519 on Solana) before it stores the session
 * (`/v1/siwx/sessions`). An account's sessions are read and revoked by the spec's routes,
 * `GET /v1/sessions/{caipAddress}` and `POST /v1/sessions/{id}/revoke` with `{pci, signature}`.
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
  const list = (chainId: string, address: string) =>
    call<{ sessions: Stored[] }>(url(`sessions/${encodeURIComponent(`${chainId}:${address}`)}`)).then(
      (r) => r.sessions,
    )
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
    async addSession({ message, signature, cacao }) {
      await call(url('siwx/sessions'), { message, signature, ...(cacao ? { cacao } : {}) })
    },
    async getSessions(chainId, address) {
      return (await list(chainId, address)).map((stored) => stored.session)
    },
    async revokeSession(chainId, address) {
      for (const { id, session } of await list(chainId, address))
        await call(url(`sessions/${id}/revoke`), { pci: id, signature: session.signature })
    },
    getRequired: () => options.required === true,
  }
}
