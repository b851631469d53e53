import { randomInt } from 'node:crypto'
import { performance } from 'node:perf_hooks'
import { afterAll, describe, expect, test } from 'vitest'
import * as TestApp from '../../TestApp.js'
import * as TestSmtp from '../../TestSmtp.js'
import * as Otp from './Otp.js'

/**
 * Account enumeration: for an email that has an account and one that has none, everything a caller sees
 * of the login and email-change routes must be the same: status, body and time. Each sample takes a
 * fresh address of each group: an account made the real way (a code, then the verify that creates it
 * in a browser it then approves), and an address nobody asked a code for. The rate limits are raised out
 * of the way, and the test's clock moves past every cooldown and lockout between rounds. Requests
 * alternate between the groups (the order flips with each pair), so load from elsewhere on the machine
 * falls on both alike. The figures (medians, a two-sided Mann-Whitney U test, and the chance that a
 * request about a known address is the slower of a pair: 0.5 tells nothing) are printed for SECURITY.md;
 * `ENUMERATION_ROUNDS` sets the rounds (16 addresses per group each).
 */

const ROUNDS = Number(process.env.ENUMERATION_ROUNDS ?? 8)
const PER_ROUND = 16

const sink = await TestSmtp.start()
const unlimited = { limit: 1_000_000, windowMs: 60_000 }
const t = await TestApp.create({
  smtpUrl: sink.smtpUrl,
  limits: {
    otpSendPerIp: unlimited,
    otpSendPerEmail: unlimited,
    otpVerifyPerIp: unlimited,
    otpVerifyPerEmail: unlimited,
  },
})
afterAll(async () => {
  await t.close()
  await sink.stop()
})

const AUTH_ORIGIN = t.deps.config.authOrigin
let clock = Date.now()
t.deps.auth.now = () => clock

const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(256)}`
const fresh = (name: string) => `${name}-${randomInt(1e9)}-${randomInt(1e9)}@example.com`
/** The browser the accounts were made in, and another one none of them approved. */
const APPROVED = `enumeration-approved-${randomInt(1e9)}`
const UNAPPROVED = `enumeration-new-browser-${randomInt(1e9)}`

type Answer = { status: number; body: string; ms: number }

/** One POST, timed from the request to the last byte of the answer. */
async function post(path: string, body: unknown, token?: string): Promise<Answer> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-forwarded-for': randomIp(),
    origin: AUTH_ORIGIN,
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  }
  const started = performance.now()
  const response = await t.app.request(path, { method: 'POST', headers, body: JSON.stringify(body) })
  const text = await response.text()
  return { status: response.status, body: text, ms: performance.now() - started }
}

/** A wrong code for `email`: never the newest code mailed to it. */
function wrongCode(email: string): string {
  const right = sink.messages(email).find((m) => m.otp)?.otp
  const guess = String(randomInt(10 ** Otp.LENGTH)).padStart(Otp.LENGTH, '0')
  return guess === right ? String((Number(guess) + 1) % 10 ** Otp.LENGTH).padStart(Otp.LENGTH, '0') : guess
}

/** An account made as a visitor makes one: a code, then the verify, in the browser {@link APPROVED}. */
async function signUp(email: string): Promise<string> {
  const sent = await post('/v1/auth/email/otp', { projectId: 'demo', email, deviceId: APPROVED })
  expect(sent.status).toBe(200)
  const otp = sink.messages(email)[0]?.otp as string
  const verified = await post('/v1/auth/email/verify', { projectId: 'demo', email, otp, deviceId: APPROVED })
  expect(verified.status, verified.body).toBe(200)
  return JSON.parse(verified.body).token as string
}

/** The two-sided Mann-Whitney U test (normal approximation, ties corrected) and the effect size. */
function mannWhitney(a: number[], b: number[]) {
  const all = [...a.map((v) => ({ v, g: 0 })), ...b.map((v) => ({ v, g: 1 }))].sort((x, y) => x.v - y.v)
  const ranks = new Array<number>(all.length)
  let ties = 0
  for (let i = 0; i < all.length; ) {
    let j = i
    while (j + 1 < all.length && all[j + 1]!.v === all[i]!.v) j++
    const rank = (i + j) / 2 + 1
    for (let k = i; k <= j; k++) ranks[k] = rank
    const n = j - i + 1
    ties += n ** 3 - n
    i = j + 1
  }
  const n1 = a.length
  const n2 = b.length
  const r1 = all.reduce((sum, x, i) => (x.g === 0 ? sum + ranks[i]! : sum), 0)
  const u = r1 - (n1 * (n1 + 1)) / 2
  const n = n1 + n2
  const sigma = Math.sqrt(((n1 * n2) / 12) * (n + 1 - ties / (n * (n - 1))))
  const z = (u - (n1 * n2) / 2) / sigma
  return { p: 2 * (1 - normalCdf(Math.abs(z))), auc: u / (n1 * n2) }
}

/** The standard normal CDF (Abramowitz and Stegun 26.2.17, error < 7.5e-8). */
function normalCdf(z: number): number {
  const t = 1 / (1 + 0.2316419 * Math.abs(z))
  const d = 0.3989423 * Math.exp((-z * z) / 2)
  const tail = d * t * (0.3193815 + t * (-0.3565638 + t * (1.781478 + t * (-1.821256 + t * 1.330274))))
  return z > 0 ? 1 - tail : tail
}

const median = (values: number[]) => {
  const sorted = [...values].sort((x, y) => x - y)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

/** What one item of the comparison gathered: each group's answers. */
type Item = { name: string; known: Answer[]; unknown: Answer[] }

function report(item: Item) {
  const known = item.known.map((a) => a.ms)
  const unknown = item.unknown.map((a) => a.ms)
  const { p, auc } = mannWhitney(known, unknown)
  const answers = (list: Answer[]) => [...new Set(list.map((a) => `${a.status} ${a.body}`))]
  const figures = {
    n: known.length,
    knownMs: median(known),
    unknownMs: median(unknown),
    differenceMs: median(known) - median(unknown),
    p,
    auc,
    knownAnswers: answers(item.known),
    unknownAnswers: answers(item.unknown),
  }
  console.log(
    `enumeration: ${item.name}: n=${figures.n} each; median known ${figures.knownMs.toFixed(2)} ms, unknown ` +
      `${figures.unknownMs.toFixed(2)} ms (difference ${figures.differenceMs.toFixed(2)} ms); Mann-Whitney ` +
      `p=${p < 1e-6 ? '< 1e-6' : p.toPrecision(2)}; P(known slower)=${auc.toFixed(3)}; answers known ${JSON.stringify(figures.knownAnswers)}, ` +
      `unknown ${JSON.stringify(figures.unknownAnswers)}`,
  )
  return figures
}

describe('account enumeration', () => {
  test('an email with an account and one without: the same answers and the same time', async () => {
    // The accounts that ask for an email change: to a taken address or to a free one.
    const forKnown: string[] = []
    const forUnknown: string[] = []
    for (let i = 0; i < PER_ROUND; i++) {
      forKnown.push(await signUp(fresh('changer')))
      forUnknown.push(await signUp(fresh('changer')))
    }
    const items: Record<string, Item> = {}
    const item = (name: string) => {
      items[name] ??= { name, known: [], unknown: [] }
      return items[name]
    }
    for (let round = 0; round <= ROUNDS; round++) {
      // Past every cooldown, code lifetime and lockout of the round before.
      clock += (Otp.LOCKOUT_S + 60) * 1000
      const known: string[] = []
      const unknown: string[] = []
      for (let i = 0; i < PER_ROUND; i++) {
        known.push(fresh('known'))
        await signUp(known[i]!)
        unknown.push(fresh('unknown'))
      }
      clock += (Otp.COOLDOWN_S + 1) * 1000
      /** Asks the same of both groups, alternating, the first group flipping with each pair. */
      const both = async (
        name: string,
        ask: (email: string, i: number, group: 'known' | 'unknown') => Promise<Answer>,
      ) => {
        for (let i = 0; i < PER_ROUND; i++) {
          const order = (round + i) % 2 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const)
          for (const group of order) {
            const answer = await ask(group === 'known' ? known[i]! : unknown[i]!, i, group)
            // The first round warms up (JIT, connections, caches) and is not counted.
            if (round > 0) item(name)[group].push(answer)
          }
        }
      }
      await both('POST /v1/auth/email/otp without a device id', (email) =>
        post('/v1/auth/email/otp', { projectId: 'demo', email }),
      )
      clock += (Otp.COOLDOWN_S + 1) * 1000
      await both('POST /v1/auth/email/otp from a browser the account has not approved', (email) =>
        post('/v1/auth/email/otp', { projectId: 'demo', email, deviceId: UNAPPROVED }),
      )
      await both('POST /v1/auth/email/verify with a wrong code', (email) =>
        post('/v1/auth/email/verify', {
          projectId: 'demo',
          email,
          otp: wrongCode(email),
          deviceId: UNAPPROVED,
        }),
      )
      await both('POST /v1/auth/email/update to a taken or a free address', (email, i, group) =>
        post('/v1/auth/email/update', { newEmail: email }, group === 'known' ? forKnown[i] : forUnknown[i]),
      )
    }
    const figures = Object.values(items).map(report)
    for (const figure of figures) {
      expect(figure.knownAnswers).toEqual(figure.unknownAnswers)
      // No difference in time at 4 standard errors (two-sided p >= 6e-5): load on the machine falls
      // on both groups alike, a difference in the work done does not.
      expect(figure.p).toBeGreaterThan(6e-5)
    }
  }, 1_800_000)
})
