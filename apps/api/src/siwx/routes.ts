import { Caip, SiwxMessage } from '@frontdoor/schemas'
import { Hono } from 'hono'
import * as zm from 'zod/mini'
import * as Clients from '../chains/Clients.js'
import type * as Deps from '../Deps.js'
import * as ClientIp from '../http/ClientIp.js'
import * as Errors from '../http/Errors.js'
import * as Query from '../http/Query.js'
import * as RateLimiter from '../http/RateLimiter.js'
import * as Validate from '../http/Validate.js'
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

/** `POST /v1/siwx/sessions/{id}/revoke` body: the session's own signature, as proof of holding it. */
export const RevokeBody = zm.object({
  signature: zm.string().check(zm.minLength(1), zm.maxLength(SIGNATURE_MAX_CHARS)),
})

const IdParam = zm.object({ id: zm.string().check(zm.regex(/^[0-9a-f]{32}$/, 'must be a session id')) })

const refused = (message: string) => Errors.fail(400, Errors.CODE.invalidRequest, message)

/**
 * Sign in with the wallet (SIWX, CAIP-122 / EIP-4361) for a project's site: a single-use nonce, the
 * verified session made from a signed message, the sessions of an account, and revoking one. The
 * page (or our modal frame on its behalf) calls these with `?projectId=`; CORS answers the project's
 * allowed origins.
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
  return new Hono()
    .use('/v1/siwx/*', limit)
    .post('/v1/siwx/nonce', Validate.query(ProjectQuery), async (c) => {
      const { projectId } = c.req.valid('query')
      await deps.projects.require(projectId)
      const { nonce, expiresAt } = await Nonces.issue(deps.db, projectId, { now: now() })
      return c.json({ nonce, expiresAt: expiresAt.toISOString() })
    })
    .post('/v1/siwx/sessions', Validate.query(ProjectQuery), Validate.json(AddSessionBody), async (c) => {
      const { projectId } = c.req.valid('query')
      const { message, signature, cacao } = c.req.valid('json')
      const project = await deps.projects.require(projectId)
      let data: ReturnType<typeof SiwxMessage.parse>
      try {
        data = SiwxMessage.parse(message)
      } catch (error) {
        throw refused((error as Error).message)
      }
      const at = now()
      const rule = Rules.check(data, {
        now: at,
        allowedOrigins: project.allowedOrigins,
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
      await deps.projects.require(projectId)
      const sessions = await Sessions.list(deps.db, projectId, chainId, address, {
        now: now(),
        parse: SiwxMessage.parse,
      })
      return c.json({ sessions })
    })
    .post(
      '/v1/siwx/sessions/:id/revoke',
      Validate.param(IdParam),
      Validate.query(ProjectQuery),
      Validate.json(RevokeBody),
      async (c) => {
        const { id } = c.req.valid('param')
        const { projectId } = c.req.valid('query')
        await deps.projects.require(projectId)
        const revoked = await Sessions.revoke(deps.db, projectId, id, c.req.valid('json').signature, {
          now: now(),
        })
        if (!revoked) throw Errors.fail(404, Errors.CODE.notFound, 'No such session')
        return c.json({ ok: true })
      },
    )
}
