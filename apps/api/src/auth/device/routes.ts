import { Errors } from '@frontdoor/schemas'
import { Hono } from 'hono'
import * as zm from 'zod/mini'
import type * as Deps from '../../Deps.js'
import * as ClientIp from '../../http/ClientIp.js'
import * as Query from '../../http/Query.js'
import * as RateLimiter from '../../http/RateLimiter.js'
import * as Validate from '../../http/Validate.js'
import * as Html from '../../social/Html.js'
import * as AuthErrors from '../AuthErrors.js'
import * as Login from '../Login.js'
import * as Devices from './Devices.js'

/** Where the auth frame redeems a pending login once its device is approved. */
const LOGIN_PATH = '/v1/auth/device/login'

const LoginBody = zm.object({ projectId: Query.ProjectId, pendingLogin: Devices.PendingLogin })

/** The approval page's texts. */
export const PAGE = {
  title: 'Approve this device',
  ask: 'A browser is logging in to your wallet with your email. Approve it only if it is you, logging in now.',
  button: 'Approve',
  approved: 'Device approved',
  approvedNext: 'Go back to the app: the login finishes there.',
  invalid: 'This link no longer works',
  invalidNext: 'It was used already or has expired. Start the login again to get a new one.',
} as const

function page(title: string, body: string, status: 200 | 400 = 200) {
  const { html, headers } = Html.render({ title, body })
  return new Response(html, { status, headers })
}

const invalidPage = () =>
  page(PAGE.invalid, `<h1>${Html.text(PAGE.invalid)}</h1><p>${Html.text(PAGE.invalidNext)}</p>`, 400)

/**
 * Device approval: `POST /v1/auth/device/login` (the auth frame polls it with the pending login its
 * right code got, while the user opens the link: 202 `{ approved: false }`, then once the link approved
 * the device the session, once), and the link's page, `GET /v1/device/approve?token=` (asks, so that a
 * mail scanner fetching the link approves nothing) and `POST /v1/device/approve` (its form: uses the
 * token up and remembers the device).
 */
export function routes(deps: Deps.Deps) {
  const now = () => deps.auth.now()
  const perIp = (name: 'deviceLoginPerIp' | 'deviceApprovePerIp') =>
    RateLimiter.budget(
      deps.limiter,
      deps.config.limits[name],
    )((c) => `auth:${name}:${ClientIp.of(c, deps.config)}`)
  return new Hono()
    .use(LOGIN_PATH, perIp('deviceLoginPerIp'))
    .use(Devices.APPROVE_PATH, perIp('deviceApprovePerIp'))
    .post(LOGIN_PATH, Validate.json(LoginBody), async (c) => {
      const body = c.req.valid('json')
      if (!(await deps.projects.get(body.projectId)))
        throw AuthErrors.fail(401, 'invalid_key', Errors.SERVER.INVALID_KEY)
      const completion = await Devices.completeLogin(deps.db, body.pendingLogin, now())
      if (completion.state === 'pending') return c.json({ approved: false }, 202)
      if (completion.state === 'invalid')
        throw AuthErrors.fail(400, 'invalid_login', 'This login no longer works; start again')
      return c.json(await Login.complete(deps, completion.userId))
    })
    .get(Devices.APPROVE_PATH, async (c) => {
      const token = zm.safeParse(Devices.Token, c.req.query('token'))
      if (!token.success || !(await Devices.isPending(deps.db, token.data, now()))) return invalidPage()
      return page(
        PAGE.title,
        `<h1>${Html.text(PAGE.title)}</h1><p>${Html.text(PAGE.ask)}</p>
<form method="post" action="${Devices.APPROVE_PATH}"><input type="hidden" name="token" value="${Html.text(token.data)}"><button type="submit">${Html.text(PAGE.button)}</button></form>`,
      )
    })
    .post(Devices.APPROVE_PATH, async (c) => {
      const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>)
      const token = zm.safeParse(Devices.Token, form.token)
      if (!token.success || !(await Devices.approve(deps.db, token.data, now()))) return invalidPage()
      return page(PAGE.approved, `<h1>${Html.text(PAGE.approved)}</h1><p>${Html.text(PAGE.approvedNext)}</p>`)
    })
}
