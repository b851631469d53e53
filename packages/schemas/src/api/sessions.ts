import * as z from 'zod/mini'
import * as Siwx from '../entities/siwx.js'

/** A stored sign-in's id, the spec's `pci` (permission context id): 32 hex characters. */
export const SessionId = z.string().check(z.regex(/^[0-9a-f]{32}$/, 'must be a session id'))

/** A stored sign-in as the API answers it: its id (the `pci` that revokes it) and the SIWX session. */
export const StoredSession = z.object({ id: SessionId, session: Siwx.SiwxSession })
/** A stored sign-in as the API answers it: its id (the `pci` that revokes it) and the SIWX session. */
export type StoredSession = z.infer<typeof StoredSession>

/**
 * `GET /v1/sessions/{caipAddress}` response (and `GET /v1/siwx/sessions`): the account's live
 * sessions, newest first. `GET /v1/sessions/{id}` answers one {@link StoredSession}.
 */
export const SessionsResponse = z.object({ sessions: z.array(StoredSession) })
/** `GET /v1/sessions/{caipAddress}` response: the account's live sessions, newest first. */
export type SessionsResponse = z.infer<typeof SessionsResponse>

/**
 * `POST /v1/sessions/{id}/revoke` body: `pci` is the session's id, `signature` the session's own
 * signature (holding it proves the caller is the page that signed in).
 */
export const RevokeSessionBody = z.object({ pci: SessionId, signature: z.string().check(z.minLength(1)) })
/** `POST /v1/sessions/{id}/revoke` body. */
export type RevokeSessionBody = z.infer<typeof RevokeSessionBody>
