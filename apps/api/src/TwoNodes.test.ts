import { randomInt } from 'node:crypto'
import { afterAll, beforeEach, describe, expect, test } from 'vitest'
import * as FarcasterPage from './social/FarcasterPage.js'
import * as TestApp from './TestApp.js'
import * as TestSmtp from './TestSmtp.js'

/**
 * State that must survive another process (issue 17): two API nodes on one database, as behind the
 * edge, each request of a flow sent to the other node than the one before. Nothing of one node's memory
 * reaches the other (TestApp.node: its own app, limiter, caches, mailer). Rate limits across nodes are
 * http/RateLimiter.test.ts's (Redis, REDIS_URL); the per-user send queue and nonces are
 * apps/dev/src/api/TwoNodesSend.test.ts's (a real devnet).
 */

const sink = await TestSmtp.start()
const a = await TestApp.create({ smtpUrl: sink.smtpUrl })
const b = a.node()
afterAll(async () => {
  await a.close()
  await sink.stop()
})

const AUTH_ORIGIN = a.deps.config.authOrigin
let clock = Date.now()
beforeEach(() => {
  clock = Date.now()
  a.deps.auth.now = () => clock
  b.deps.auth.now = () => clock
})
const newEmail = () => `two-nodes-${randomInt(1e9)}@example.com`
const ip = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(256)}`
const DEVICE = 'two-nodes-test-device'
type Node = typeof b

const post = (node: Node, path: string, body: unknown, token?: string) =>
  node.getJson(path, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: AUTH_ORIGIN,
      'x-forwarded-for': ip(),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  })
const sendOtp = (node: Node, email: string) =>
  post(node, '/v1/auth/email/otp', { projectId: 'demo', email, deviceId: DEVICE })
const verify = (node: Node, email: string, otp: string) =>
  post(node, '/v1/auth/email/verify', { projectId: 'demo', email, otp, deviceId: DEVICE })
const user = (node: Node, token: string) =>
  node.getJson('/v1/auth/user', { headers: { authorization: `Bearer ${token}`, origin: AUTH_ORIGIN } })
function codeFor(email: string): string {
  const [latest] = sink.messages(email)
  if (!latest?.otp) throw new Error(`no code mailed to ${email}`)
  return latest.otp
}
const wrong = (right: string) => String((Number(right) + 1) % 1_000_000).padStart(6, '0')

describe('two API nodes on one database', () => {
  test('the nodes are apart: their own limiter, project cache and mailer', () => {
    expect(b.app).not.toBe(a.app)
    expect(b.deps.limiter).not.toBe(a.deps.limiter)
    expect(b.deps.projects).not.toBe(a.deps.projects)
    expect(b.deps.auth).not.toBe(a.deps.auth)
    expect(b.deps.db).toBe(a.deps.db)
  })

  test('a code mailed by one node logs in on the other; the session works on both, its sign-out too', async () => {
    const email = newEmail()
    expect((await sendOtp(a, email)).status).toBe(200)
    const { status, body } = await verify(b, email, codeFor(email))
    expect(status).toBe(200)
    expect((await user(a, body.token)).status).toBe(200)
    expect((await user(b, body.token)).body.user).toEqual(body.user)
    // Signed out on one node, refused on the other.
    expect((await post(a, '/v1/auth/signout', {}, body.token)).status).toBeLessThan(300)
    expect((await user(b, body.token)).status).toBe(401)
  })

  test('the 30 s OTP cooldown holds on the other node', async () => {
    const email = newEmail()
    expect((await sendOtp(a, email)).status).toBe(200)
    clock += 10_000
    const early = await sendOtp(b, email)
    expect(early.status).toBe(429)
    expect(early.body.error).toMatchObject({ code: 'cooldown', retryAfterS: 20 })
    clock += 20_500
    expect((await sendOtp(b, email)).status).toBe(200)
    expect(sink.messages(email)).toHaveLength(2)
  })

  test('wrong codes count across nodes: the fifth, on either, locks the address on both', async () => {
    const email = newEmail()
    await sendOtp(b, email)
    const code = codeFor(email)
    const nodes = [a, b, a, b]
    for (const [index, node] of nodes.entries()) {
      const { status, body } = await verify(node, email, wrong(code))
      expect(status).toBe(400)
      expect(body.error).toMatchObject({ code: 'invalid_otp', attemptsLeft: 4 - index })
    }
    const locked = await verify(a, email, wrong(code))
    expect(locked.status).toBe(429)
    expect(locked.body.error.code).toBe('locked')
    // The right code does not help on the other node, nor does a new code.
    expect((await verify(b, email, code)).body.error.code).toBe('locked')
    expect((await sendOtp(b, email)).body.error.code).toBe('locked')
  })

  test('a Farcaster channel opened on one node is approved, polled and redeemed on the others', async () => {
    const opened = await post(a, '/v1/auth/farcaster/channel', { projectId: 'demo' })
    expect(opened.status).toBe(200)
    const { channelToken, url } = opened.body as { channelToken: string; url: string }
    const status = (node: Node) =>
      node.getJson(`/v1/auth/farcaster/status?${new URLSearchParams({ channelToken })}`)
    expect((await status(b)).body).toEqual({ state: 'pending' })
    // Redeeming before the approval is refused, on either node.
    expect((await post(b, '/v1/auth/farcaster/redeem', { channelToken })).status).toBe(409)
    // The dev stand-in's approval page, posted to node b.
    const apiOrigin = new URL(a.deps.config.publicUrl).origin
    const approved = await b.app.request(new URL(url).pathname, {
      method: 'POST',
      headers: { origin: apiOrigin, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ [FarcasterPage.USERNAME_FIELD]: `fc${randomInt(1e6)}` }),
    })
    expect(approved.status).toBe(200)
    expect((await status(a)).body).toEqual({ state: 'completed' })
    const redeemed = await post(a, '/v1/auth/farcaster/redeem', { channelToken })
    expect(redeemed.status).toBe(200)
    expect((await user(b, redeemed.body.token)).status).toBe(200)
    // Once: the other node refuses a second redemption.
    expect((await post(b, '/v1/auth/farcaster/redeem', { channelToken })).status).toBe(410)
  })
})
