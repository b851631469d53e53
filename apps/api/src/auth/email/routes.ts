import { EmailRule, Errors } from '@frontdoor/schemas'
import { type Context, Hono } from 'hono'
import * as zm from 'zod/mini'
import type * as Config from '../../Config.js'
import type * as Deps from '../../Deps.js'
import * as ClientIp from '../../http/ClientIp.js'
import * as Query from '../../http/Query.js'
import * as RateLimiter from '../../http/RateLimiter.js'
import * as Validate from '../../http/Validate.js'
import * as AuthErrors from '../AuthErrors.js'
import * as Devices from '../device/Devices.js'
import * as Login from '../Login.js'
import * as Bearer from '../sessions/Bearer.js'
import * as Sessions from '../sessions/Sessions.js'
import * as Users from '../users/Users.js'
import * as Vault from '../vault/Vault.js'
import * as Challenges from './Challenges.js'
import type * as Mailer from './Mailer.js'
import * as Mails from './Mails.js'
import * as Otp from './Otp.js'

const Code = zm.string().check(zm.regex(new RegExp(`^[0-9]{${Otp.LENGTH}}$`), `must be ${Otp.LENGTH} digits`))
const Email = EmailRule.Email.check(zm.maxLength(254, Errors.INVALID_EMAIL))

const SendBody = zm.object({
  projectId: Query.ProjectId,
  email: Email,
  deviceId: zm.optional(Devices.DeviceId),
})
const VerifyBody = zm.object({
  projectId: Query.ProjectId,
  email: Email,
  otp: Code,
  deviceId: zm.optional(Devices.DeviceId),
})
const UpdateBody = zm.object({ newEmail: Email })
const UpdateVerifyBody = zm.object({ primaryOtp: Code, secondaryOtp: Code })

/** The label the OTP hashing key is derived under from the master key. */
export const OTP_KEY_LABEL = 'email otp'

const LIMITS = ['otpSendPerIp', 'otpSendPerEmail', 'otpVerifyPerIp', 'otpVerifyPerEmail'] as const
type Limit = (typeof LIMITS)[number] & keyof Config.Config['limits']

/** Message of a lockout: why, then the spec's 'Please try again after {n} seconds'. */
function lockedMessage(retryAfterS: number) {
  return `Too many wrong codes. ${Errors.pleaseTryAgainAfter(retryAfterS)}`
}

/** The 429 of an address that may not get a code yet. */
function notIssued(result: Extract<Challenges.Issued, { ok: false }>) {
  return result.reason === 'locked'
    ? AuthErrors.tooMany('locked', lockedMessage(result.retryAfterS), result.retryAfterS)
    : AuthErrors.tooMany('cooldown', Errors.pleaseTryAgainAfter(result.retryAfterS), result.retryAfterS)
}

/** The error of a code that did not check out; `which` names the code of an email change. */
function notChecked(result: Extract<Challenges.Checked, { ok: false }>, which?: 'primary' | 'secondary') {
  const details = which ? { which } : {}
  if (result.reason === 'locked')
    return AuthErrors.tooMany('locked', lockedMessage(result.retryAfterS), result.retryAfterS)
  if (result.reason === 'expired')
    return AuthErrors.fail(410, 'expired_otp', 'The code has expired; ask for a new one', details)
  return AuthErrors.fail(400, 'invalid_otp', 'The code is not valid', {
    ...details,
    ...(result.failuresLeft !== undefined ? { attemptsLeft: result.failuresLeft } : {}),
  })
}

/** The 403 of a right login code of an account, from a client that names no device to approve. */
const deviceNotApproved = () =>
  AuthErrors.fail(403, 'device_not_approved', 'This account logs in only from a browser it approved')

/**
 * Email OTP login (`POST /v1/auth/email/otp`, `/v1/auth/email/verify`), with device approval, and email
 * change (`POST /v1/auth/email/update`, `/v1/auth/email/update/verify`, bearer; a change revokes the
 * account's other sessions). Nobody learns whether an address has an account, or which browsers it
 * approved, without its code: every address gets the same answer, the same email and the same work
 * until a right code. Then a new account is made (its first browser approved by that code), a known
 * browser logs in, and a browser the account has not approved gets a pending login (202,
 * `action: 'VERIFY_DEVICE'`) that the approval link mailed to the address completes (device/routes.ts).
 * An email change mails both addresses whatever they are; a taken address is refused only once both
 * codes were right.
 */
export function routes(deps: Deps.Deps) {
  const { vault } = deps.auth
  /** Codes are checked under every master key held: during a rotation, another node may have hashed it. */
  const otpKeys = [vault.masterKeyId, vault.previousKeyId].flatMap((id) =>
    id ? [vault.derive(OTP_KEY_LABEL, id)] : [],
  )
  /** New codes are hashed under the key new data keys are wrapped under, which every node holds. */
  const issueKey = async () =>
    vault.derive(
      OTP_KEY_LABEL,
      Vault.wrappingKeyId(vault, await Vault.recordedKeyId(deps.db.orm)) ?? vault.masterKeyId,
    )
  const now = () => deps.auth.now()

  /** Each limit's budget, keyed by the client's address or by an email address (normalized). */
  const budgets = Object.fromEntries(
    LIMITS.map((name) => [name, RateLimiter.budget(deps.limiter, deps.config.limits[name])]),
  ) as Record<Limit, ReturnType<typeof RateLimiter.budget>>
  const perIp = (name: Limit) => budgets[name]((c) => `auth:${name}:${ClientIp.of(c, deps.config)}`)
  const perEmail = (name: Limit, emailOf: (c: Context<Bearer.Env>) => Promise<string | undefined>) =>
    budgets[name](async (c) => {
      const email = await emailOf(c)
      // An account without an email is refused by the route; it counts against its address meanwhile.
      return email
        ? `auth:${name}:${Users.normalizeEmail(email)}`
        : `auth:${name}:${ClientIp.of(c, deps.config)}`
    })
  /** The email of the session's account (its budget is drawn on by an email change). */
  const accountEmail = async (c: Context<Bearer.Env>) =>
    (await Users.get(deps.db, c.get('session').userId))?.email ?? undefined
  const bodyEmail = (field: 'email' | 'newEmail') => async (c: Context) =>
    (c.req.valid('json' as never) as Record<string, string>)[field]

  const project = async (projectId: string) => {
    const found = await deps.projects.get(projectId)
    if (!found) throw AuthErrors.fail(401, 'invalid_key', Errors.SERVER.INVALID_KEY)
    return found
  }

  /**
   * Sends the emails; on failure withdraws what they carried (`withdraw`: no cooldown for an email
   * never sent) and answers 502.
   */
  const send = async (c: Context, mails: Mailer.Mail[], withdraw: () => Promise<unknown>) => {
    try {
      await Promise.all(mails.map((mail) => deps.auth.mailer.send(mail)))
    } catch (error) {
      c.get('logger')?.error({ err: error }, 'auth: the email could not be sent')
      deps.metrics?.count('frontdoor_email_failures_total')
      await withdraw()
      throw AuthErrors.fail(502, 'email_failed', 'The email could not be sent; try again')
    }
  }
  const withdrawCodes = (keys: Challenges.Key[]) => () =>
    Promise.all(keys.map((key) => Challenges.withdraw(deps.db, key)))

  const bearer = Bearer.required(deps)

  return new Hono<Bearer.Env>()
    .post(
      '/v1/auth/email/otp',
      perIp('otpSendPerIp'),
      Validate.json(SendBody),
      perEmail('otpSendPerEmail', bodyEmail('email')),
      async (c) => {
        const body = c.req.valid('json')
        const { name } = await project(body.projectId)
        const email = Users.normalizeEmail(body.email)
        // The same for every address: nothing about its account is read before its code is right.
        const key: Challenges.Key = { purpose: 'login', email }
        const issued = await Challenges.issue(deps.db, await issueKey(), key, { now: now() })
        if (!issued.ok) throw notIssued(issued)
        await send(
          c,
          [{ to: email, ...Mails.login({ code: issued.code, projectName: name }) }],
          withdrawCodes([key]),
        )
        return c.json({ sent: true, cooldownS: Otp.COOLDOWN_S })
      },
    )
    .post(
      '/v1/auth/email/verify',
      perIp('otpVerifyPerIp'),
      Validate.json(VerifyBody),
      perEmail('otpVerifyPerEmail', bodyEmail('email')),
      async (c) => {
        const body = c.req.valid('json')
        const { name } = await project(body.projectId)
        const email = Users.normalizeEmail(body.email)
        const key: Challenges.Key = { purpose: 'login', email }
        // The code first: until it is right, the answer is the same whether the address has an account.
        const checked = await Challenges.check(deps.db, otpKeys, key, body.otp, { now: now() })
        if (!checked.ok) throw notChecked(checked)
        if (!(await Challenges.consume(deps.db, otpKeys, key, body.otp, { now: now() })))
          throw notChecked({ ok: false, reason: 'invalid' })
        const existing = await Users.findByIdentity(deps.db, { kind: 'email', subject: email })
        if (!existing) {
          const user = await Users.findOrCreateByIdentity(deps.db, { kind: 'email', subject: email })
          // A new account's first code approves the browser it was entered in.
          if (body.deviceId) await Devices.remember(deps.db, user.id, body.deviceId, now())
          return c.json(await Login.complete(deps, user.id))
        }
        if (body.deviceId && (await Devices.isKnown(deps.db, existing.id, body.deviceId, now())))
          return c.json(await Login.complete(deps, existing.id))
        if (!body.deviceId) throw deviceNotApproved()
        const requested = await Devices.requestApproval(deps.db, existing.id, body.deviceId, now())
        if (requested.token) {
          const url = Devices.approvalUrl(deps.config.publicUrl, requested.token)
          const mail = Mails.approveDevice({ url, projectName: name, lifetimeS: Devices.APPROVAL_LIFETIME_S })
          const { deviceId } = body
          await send(c, [{ to: email, ...mail }], () => Devices.withdraw(deps.db, existing.id, deviceId))
        }
        return c.json({ action: 'VERIFY_DEVICE', pendingLogin: requested.login }, 202)
      },
    )
    .post(
      '/v1/auth/email/update',
      bearer,
      perIp('otpSendPerIp'),
      Validate.json(UpdateBody),
      perEmail('otpSendPerEmail', accountEmail),
      perEmail('otpSendPerEmail', bodyEmail('newEmail')),
      async (c) => {
        const body = c.req.valid('json')
        const { userId } = c.get('session')
        const user = await Users.get(deps.db, userId)
        if (!user?.email) throw AuthErrors.fail(400, 'no_email', 'This account has no email to change')
        const current = user.email
        const newEmail = Users.normalizeEmail(body.newEmail)
        if (newEmail === current)
          throw AuthErrors.fail(400, 'same_email', 'This is already the email of the account')
        // Whether another account has the new address is told only to whoever has both codes (verify).
        const primary: Challenges.Key = { purpose: 'update_primary', email: current }
        const secondary: Challenges.Key = { purpose: 'update_secondary', email: newEmail }
        const ride = { now: now(), userId, newEmail }
        const otpKey = await issueKey()
        const first = await Challenges.issue(deps.db, otpKey, primary, ride)
        if (!first.ok) throw notIssued(first)
        const second = await Challenges.issue(deps.db, otpKey, secondary, ride)
        if (!second.ok) {
          await Challenges.withdraw(deps.db, primary)
          throw notIssued(second)
        }
        await send(
          c,
          [
            { to: current, ...Mails.updateEmail({ code: first.code, to: 'primary', newEmail }) },
            { to: newEmail, ...Mails.updateEmail({ code: second.code, to: 'secondary', newEmail }) },
          ],
          withdrawCodes([primary, secondary]),
        )
        return c.json({ sent: true, cooldownS: Otp.COOLDOWN_S })
      },
    )
    .post(
      '/v1/auth/email/update/verify',
      bearer,
      perIp('otpVerifyPerIp'),
      Validate.json(UpdateVerifyBody),
      perEmail('otpVerifyPerEmail', accountEmail),
      async (c) => {
        const body = c.req.valid('json')
        const { userId } = c.get('session')
        const user = await Users.get(deps.db, userId)
        const pending = user?.email ? await Challenges.pendingUpdate(deps.db, userId, user.email) : undefined
        if (!user?.email || !pending) throw notChecked({ ok: false, reason: 'invalid' }, 'primary')
        const primary: Challenges.Key = { purpose: 'update_primary', email: user.email }
        const secondary: Challenges.Key = { purpose: 'update_secondary', email: pending.newEmail }
        const options = { now: now(), userId }
        const first = await Challenges.check(deps.db, otpKeys, primary, body.primaryOtp, options)
        if (!first.ok) throw notChecked(first, 'primary')
        const second = await Challenges.check(deps.db, otpKeys, secondary, body.secondaryOtp, options)
        if (!second.ok) throw notChecked(second, 'secondary')
        if (!(await Challenges.consume(deps.db, otpKeys, primary, body.primaryOtp, options)))
          throw notChecked({ ok: false, reason: 'invalid' }, 'primary')
        if (!(await Challenges.consume(deps.db, otpKeys, secondary, body.secondaryOtp, options)))
          throw notChecked({ ok: false, reason: 'invalid' }, 'secondary')
        try {
          await Users.changeEmail(deps.db, userId, user.email, pending.newEmail)
        } catch (error) {
          if (error instanceof Users.EmailTakenError)
            throw AuthErrors.fail(409, 'email_taken', 'Another account uses this email')
          throw error
        }
        await Sessions.revokeOthers(deps.db, userId, c.get('session').tokenHash, { now: now() })
        return c.json({ user: await Login.user(deps, userId) })
      },
    )
}
