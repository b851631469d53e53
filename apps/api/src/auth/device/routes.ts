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
import * as Users from '../users/Users.js'
import * as Devices from './Devices.js'

const StatusBody = zm.object({
  projectId: Query.ProjectId,
  email: zm.string().check(zm.maxLength(254)),
  deviceId: Devices.DeviceId,
})

/** The approval page's texts. */
export const PAGE = {
  title: 'Approve this device',
  ask: 'A browser is logging in to your wallet with your email. Approve it only if it is you, logging in now.',
  button: 'Approve',
  approved: 'Device approved',
  approvedNext: 'Go back to the app: the login code is on its way to your inbox.',
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
 * Device approval: `POST /v1/auth/device/status` (the auth frame polls it while the user opens the
 * link: `{ approved }`), and the link's page, `GET /v1/device/approve?token=` (asks, so that a mail
 * scanner fetching the link approves nothing) and `POST /v1/device/approve` (its form: uses the token
 * up and remembers the device).
 */
export function routes(deps: Deps.Deps) {
  const now = () => deps.auth.now()
  const perIp = (name: 'deviceStatusPerIp' | 'deviceApprovePerIp') =>
    RateLimiter.budget(
      deps.limiter,
      deps.config.limits[name],
    )((c) => `auth:${name}:${ClientIp.of(c, deps.config)}`)
  return new Hono()
    .use('/v1/auth/device/status', perIp('deviceStatusPerIp'))
    .use(Devices.APPROVE_PATH, perIp('deviceApprovePerIp'))
    .post('/v1/auth/device/status', Validate.json(StatusBody), async (c) => {
      const body = c.req.valid('json')
      if (!(await deps.projects.get(body.projectId)))
        throw AuthErrors.fail(401, 'invalid_key', Errors.SERVER.INVALID_KEY)
      const email = Users.normalizeEmail(body.email)
      const user = await Users.findByIdentity(deps.db, { kind: 'email', subject: email })
      const approved = user ? await Devices.isKnown(deps.db, user.id, body.deviceId, now()) : false
      return c.json({ approved })
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
