import * as z from 'zod/mini'
import * as Siwx from '../entities/siwx.js'

/** A stored sign-in's id, the spec's `pci` (permission context id): 32 hex characters. */
export const SessionId = z.string().check(z.regex(/^[0-9a-f]{32}$/, 'must be a session id'))

/**
 * A stored sign-in as `POST /v1/siwx/sessions` answers it: its id (the `pci` that revokes it) and the
 * SIWX session with its signature (the caller sent it, and keeps it to revoke the session).
 */
export const StoredSession = z.object({ id: SessionId, session: Siwx.SiwxSession })
/** A stored sign-in as signing in answers it: its id and the SIWX session with its signature. */
export type StoredSession = z.infer<typeof StoredSession>

/**
 * A stored sign-in as the reads answer it (`GET /v1/sessions/{id}`, `/v1/sessions/{caipAddress}`,
 * `/v1/siwx/sessions`): enough to know the session exists (its id, its message and what it says, its
 * expiry among them) and never its signature, nor the CACAO's (`s`): anyone who knows an address may
 * read these, and the signature is what revokes a session.
 */
export const ReadSession = z.object({
  id: SessionId,
  session: z.object({
    data: Siwx.SiwxMessageData,
    message: z.string(),
    /** The CACAO's header and payload, without its signature. */
    cacao: z.optional(z.unknown()),
  }),
})
/** A stored sign-in as the reads answer it: no signature. */
export type ReadSession = z.infer<typeof ReadSession>

/**
 * `GET /v1/sessions/{caipAddress}` response (and `GET /v1/siwx/sessions`): the account's live
 * sessions, newest first, without signatures. `GET /v1/sessions/{id}` answers one {@link ReadSession}.
 */
export const SessionsResponse = z.object({ sessions: z.array(ReadSession) })
/** `GET /v1/sessions/{caipAddress}` response: the account's live sessions, newest first. */
export type SessionsResponse = z.infer<typeof SessionsResponse>

/**
 * `POST /v1/sessions/{id}/revoke` body: `pci` is the session's id, `signature` the session's own
 * signature (holding it proves the caller is the page that signed in).
 */
export const RevokeSessionBody = z.object({ pci: SessionId, signature: z.string().check(z.minLength(1)) })
/** `POST /v1/sessions/{id}/revoke` body. */
export type RevokeSessionBody = z.infer<typeof RevokeSessionBody>
