import { Caip, Sessions as SessionSchemas, SiwxMessage } from '@frontdoor/schemas'
import { type Context, Hono } from 'hono'
import * as zm from 'zod/mini'
import * as Clients from '../chains/Clients.js'
import type * as Deps from '../Deps.js'
import * as ClientIp from '../http/ClientIp.js'
import * as Errors from '../http/Errors.js'
import * as Query from '../http/Query.js'
import * as RateLimiter from '../http/RateLimiter.js'
import * as Validate from '../http/Validate.js'
import * as KnownProject from '../projects/KnownProject.js'
import * as Nonces from './Nonces.js'
import * as Rules from './Rules.js'
import * as Sessions from './Sessions.js'
import * as Signature from './Signature.js'

/** The longest sign-in message accepted (EIP-4361 messages are a few hundred characters). */
export const MESSAGE_MAX_CHARS = 4_096

/** The longest signature accepted (an ERC-6492 one wraps a deployment, so it can be long). */
export const SIGNATURE_MAX_CHARS = 16_384

const ProjectQuery = zm.object({ projectId: Query.ProjectId })

/** `POST /v1/siwx/sessions` body: the message as signed, its signature, and the CACAO if the wallet gave one. */
export const AddSessionBody = zm.object({
  message: zm.string().check(zm.minLength(1), zm.maxLength(MESSAGE_MAX_CHARS)),
  signature: zm.string().check(zm.minLength(1), zm.maxLength(SIGNATURE_MAX_CHARS)),
  cacao: zm.optional(zm.unknown()),
})

/** `GET /v1/siwx/sessions` query: whose sessions, on which network. */
export const ListQuery = zm.object({
  projectId: Query.ProjectId,
  chainId: Caip.Caip2Schema,
  address: zm.string().check(zm.minLength(1), zm.maxLength(128)),
})

/** `POST /v1/sessions/{id}/revoke` body: the session's id (pci) and its own signature, bounded. */
export const RevokeBody = zm.extend(SessionSchemas.RevokeSessionBody, {
  signature: zm.string().check(zm.minLength(1), zm.maxLength(SIGNATURE_MAX_CHARS)),
})

/** `POST /v1/siwx/sessions/{id}/revoke` body (the first form, kept for its callers): the signature only. */
export const SiwxRevokeBody = zm.pick(RevokeBody, { signature: true })

const IdParam = zm.object({ id: SessionSchemas.SessionId })

/** A CAIP-10 account as CAIP-10 writes it (no byte outside these reaches the database). */
const CAIP10 = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}:[-.%a-zA-Z0-9]{1,128}$/

/** `/v1/sessions/{id}`: a session id (pci), or a CAIP-10 account (REFERENCE's `{caipAddress}`). */
const SessionOrAccountParam = zm.object({
  id: zm
    .string()
    .check(
      zm.refine(
        (id) => SessionSchemas.SessionId.safeParse(id).success || CAIP10.test(id),
        'must be a session id or a CAIP-10 account',
      ),
    ),
})

/** The account a `{id}` path names, or undefined when it names a session. */
function accountOf(id: string): Sessions.Account | undefined {
  if (SessionSchemas.SessionId.safeParse(id).success) return undefined
  const { caipNetworkId, address } = Caip.parseCaip10(id)
  return { chainId: caipNetworkId, address }
}

/** The 404 of a session that is not live (never was, revoked, expired, another project's or account's). */
export const NO_SESSION = 'No such session'

/** The 401 of a revoke whose signature is not the session's own. */
export const NOT_ITS_SIGNATURE = "The signature is not the session's own"

/** The 400 of a revoke whose pci is not the session its path names. */
const PCI_NOT_PATH = 'must be the session id of the path'

const refused = (message: string) => Errors.fail(400, Errors.CODE.invalidRequest, message)

/**
 * Sign in with the wallet (SIWX, CAIP-122 / EIP-4361) for a project's site: a single-use nonce, the
 * verified session made from a signed message, and the spec's session routes: `GET /v1/sessions/{id}`
 * (one session by its id, or an account's by its CAIP-10 id) and `POST /v1/sessions/{id}/revoke`
 * (`{pci, signature}`). The reads are public (an address is enough), so they never answer a
 * signature: only the page that signed in holds it, and it alone revokes. `GET /v1/siwx/sessions` and `POST /v1/siwx/sessions/{id}/revoke`, the first
 * forms, answer the same. The page (or our modal frame on its behalf) calls these with `?projectId=`;
 * CORS answers the project's allowed origins.
 *
 * @example
 * app.route('/', Siwx.routes(deps))
 */
export function routes(deps: Deps.Deps) {
  const limit = RateLimiter.budget(
    deps.limiter,
    deps.config.limits.account,
  )((c) => `siwx:${ClientIp.of(c, deps.config)}:${c.req.query('projectId') ?? ''}`)
  const now = () => deps.auth.now()
  const parse = SiwxMessage.parse
  /** The live sessions of an account: one answer for both list routes. */
  const listed = async (c: Context, projectId: string, account: Sessions.Account) => {
    const sessions = await Sessions.list(deps.db, projectId, account, { now: now(), parse })
    return c.json({ sessions } satisfies SessionSchemas.SessionsResponse)
  }
  /** Revokes session `pci` with its signature: one answer for both revoke routes. */
  const revoked = async (
    c: Context,
    projectId: string,
    pci: string,
    signature: string,
    account?: Sessions.Account,
  ) => {
    const outcome = await Sessions.revoke(deps.db, projectId, pci, signature, { now: now(), account })
    if (outcome === 'unknown') throw Errors.fail(404, Errors.CODE.notFound, NO_SESSION)
    if (outcome === 'refused') throw Errors.fail(401, Errors.CODE.unauthorized, NOT_ITS_SIGNATURE)
    return c.json({ ok: true })
  }
  const project = KnownProject.required(deps)
  return new Hono<KnownProject.Env>()
    .use('/v1/siwx/*', limit, project)
    .use('/v1/sessions/*', limit, project)
    .post('/v1/siwx/nonce', Validate.query(ProjectQuery), async (c) => {
      const { projectId } = c.req.valid('query')
      const { nonce, expiresAt } = await Nonces.issue(deps.db, projectId, { now: now() })
      return c.json({ nonce, expiresAt: expiresAt.toISOString() })
    })
    .post('/v1/siwx/sessions', Validate.query(ProjectQuery), Validate.json(AddSessionBody), async (c) => {
      const { projectId } = c.req.valid('query')
      const { message, signature, cacao } = c.req.valid('json')
      let data: ReturnType<typeof SiwxMessage.parse>
      try {
        data = SiwxMessage.parse(message)
      } catch (error) {
        throw refused((error as Error).message)
      }
      const at = now()
      const rule = Rules.check(data, {
        now: at,
        allowedOrigins: c.get('project').allowedOrigins,
        requestOrigin: c.req.header('origin'),
        trustedOrigins: deps.config.corsOrigins,
      })
      if (rule) throw refused(rule)
      let valid: boolean
      try {
        valid = await Signature.verify(deps.upstreams, data, message, signature)
      } catch (error) {
        if (error instanceof Clients.ChainError)
          throw Errors.fail(400, Errors.CODE.unsupportedChain, Rules.REFUSED.namespace, {
            chainId: data.chainId,
          })
        throw error
      }
      if (!valid) throw Errors.fail(401, Errors.CODE.unauthorized, Rules.REFUSED.signature)
      // The nonce is used up last, so a bad signature does not burn the visitor's nonce.
      if (!(await Nonces.consume(deps.db, projectId, data.nonce, { now: at })))
        throw refused(Rules.REFUSED.nonce)
      const session = await Sessions.add(deps.db, projectId, { data, message, signature, cacao }, { now: at })
      return c.json(session, 201)
    })
    .get('/v1/siwx/sessions', Validate.query(ListQuery), async (c) => {
      const { projectId, chainId, address } = c.req.valid('query')
      return listed(c, projectId, { chainId, address })
    })
    .get(
      '/v1/sessions/:id',
      Validate.param(SessionOrAccountParam),
      Validate.query(ProjectQuery),
      async (c) => {
        const { id } = c.req.valid('param')
        const { projectId } = c.req.valid('query')
        const account = accountOf(id)
        if (account) return listed(c, projectId, account)
        const found = await Sessions.get(deps.db, projectId, id, { now: now(), parse })
        if (!found) throw Errors.fail(404, Errors.CODE.notFound, NO_SESSION)
        return c.json(found satisfies SessionSchemas.ReadSession)
      },
    )
    .post(
      '/v1/sessions/:id/revoke',
      Validate.param(SessionOrAccountParam),
      Validate.query(ProjectQuery),
      Validate.json(RevokeBody),
      async (c) => {
        const { id } = c.req.valid('param')
        const { pci, signature } = c.req.valid('json')
        const account = accountOf(id)
        if (!account && id !== pci) throw refused(`Invalid body field 'pci': ${PCI_NOT_PATH}`)
        return revoked(c, c.req.valid('query').projectId, pci, signature, account)
      },
    )
    .post(
      '/v1/siwx/sessions/:id/revoke',
      Validate.param(IdParam),
      Validate.query(ProjectQuery),
      Validate.json(SiwxRevokeBody),
      async (c) => {
        const { id } = c.req.valid('param')
        return revoked(c, c.req.valid('query').projectId, id, c.req.valid('json').signature)
      },
    )
}
