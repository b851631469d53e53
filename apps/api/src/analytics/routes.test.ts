import * as Client from '@frontdoor/protocol/analytics'
import { afterAll, describe, expect, test } from 'vitest'
import * as Projects from '../projects/Projects.js'
import * as TestApp from '../TestApp.js'
import * as Dashboard from './Dashboard.js'
import * as Events from './Events.js'

const t = await TestApp.create()
afterAll(() => t.close())

const report = (props: Record<string, unknown>) => ({
  eventId: crypto.randomUUID(),
  url: 'http://localhost:5173/',
  domain: 'localhost',
  timestamp: Date.now(),
  props,
})
const OPEN = { type: 'track', event: 'MODAL_OPEN', properties: { view: 'Connect' } }
const post = (projectId: string, body: unknown, headers: Record<string, string> = {}) =>
  t.getJson(`/e?projectId=${projectId}&st=appkit&sv=html-4.0.0`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })

describe('POST /e', () => {
  test('stores events', async () => {
    const { status, body } = await post('demo', report({ type: 'track', event: 'MODAL_OPEN' }), {
      origin: TestApp.MODAL_URL,
    })
    expect(status).toBe(202)
    expect(body).toEqual({ stored: true })
    expect(await Events.countOf(t.deps.db.orm, 'demo', 'event')).toBe(1)
  })

  test('takes a beacon: the same JSON sent as text/plain (no preflight) is stored', async () => {
    const before = await Events.countOf(t.deps.db.orm, 'beacon', 'event')
    await Projects.create(t.deps.db.orm, { projectId: 'beacon', name: 'Beacon' })
    expect(before).toBe(0)
    const { status } = await post('beacon', report({ type: 'track', event: 'MODAL_OPEN' }), {
      'content-type': 'text/plain;charset=UTF-8',
      origin: TestApp.MODAL_URL,
    })
    expect(status).toBe(202)
    expect(await Events.countOf(t.deps.db.orm, 'beacon', 'event')).toBe(1)
    const form = await post('beacon', report({}), { 'content-type': 'application/x-www-form-urlencoded' })
    expect(form.status).toBe(400)
  })

  test('caps error reports at 5 per 60 s per project (spec section 9)', async () => {
    const statuses = []
    const error = { source: 'modal', kind: 'uncaught', name: 'Error', message: 'boom' }
    for (let i = 0; i < 7; i++)
      statuses.push((await post('demo', report({ type: 'error', event: 'ERROR', properties: error }))).status)
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429, 429])
    expect(await Events.countOf(t.deps.db.orm, 'demo', 'error')).toBe(5)
    // Plain events are not capped by the error-report cap.
    expect((await post('demo', report({ type: 'track', event: 'CONNECT_SUCCESS' }))).status).toBe(202)
  })

  test('an origin off the allowlist gets 403', async () => {
    const { status, body } = await post('demo', report(OPEN), { origin: 'https://evil.example' })
    expect(status).toBe(403)
    expect(body.error).toMatchObject({
      code: 'forbidden_origin',
      message: 'Unauthorized: origin not allowed',
    })
  })

  test('a project with analytics off: accepted, not stored', async () => {
    await Projects.create(t.deps.db.orm, { projectId: 'no-analytics', name: 'No', isAnalyticsEnabled: false })
    expect((await post('no-analytics', report(OPEN))).body).toEqual({ stored: false })
    expect(await Events.countOf(t.deps.db.orm, 'no-analytics', 'event')).toBe(0)
  })

  test('bad input: 400 naming the field; unknown project: 401', async () => {
    const missing = await post('demo', { ...report(OPEN), url: 'not a url' })
    expect(missing.status).toBe(400)
    expect(missing.body.error.issues[0].field).toBe('url')
    const notJson = await post('demo', '{oops')
    expect(notJson.status).toBe(400)
    expect(notJson.body.error).toEqual({ code: 'invalid_request', message: 'Malformed JSON in request body' })
    expect((await post('ghost', report(OPEN))).status).toBe(401)
  })

  test("props: every event the modal sends and both frames' error reports, as the client sends them (beacons, text/plain)", async () => {
    await Projects.create(t.deps.db.orm, { projectId: 'props', name: 'Props' })
    const bodies: string[] = []
    const client = Client.create({
      apiUrl: '',
      projectId: 'props',
      sdkType: 'frontdoor',
      sdkVersion: () => '1.0.0',
      page: () => 'http://localhost:5173',
      send: (_url, body) => bodies.push(body) > 0,
    })
    client.setEnabled(true)
    const wcWallet = 'c57ca95b47569778a828d19178114f4db188b89b763c899ba0be274e97267d96'
    // As apps/modal-frame/src/analytics (Analytics.follow, Track.outcome) records them.
    const sent: [Parameters<typeof client.track>[0], Record<string, string | number | boolean>?][] = [
      ['MODAL_OPEN', { view: 'Connect' }],
      ['SELECT_METHOD', { method: 'injected', kind: 'injected', wallet: 'io.metamask' }],
      ['CONNECT_ATTEMPT', { method: 'walletConnect', kind: 'walletConnect', wallet: wcWallet }],
      ['CONNECT_ERROR', { method: 'social', kind: 'embedded', wallet: 'google' }],
      ['CONNECT_SUCCESS', { method: 'email', kind: 'embedded', chainId: 31337 }],
      ['SWITCH_NETWORK', { from: 31337, to: 31338, kind: 'injected' }],
      ['SIWX_SUCCESS', { kind: 'injected', chainId: 31337 }],
      ['SIWX_ERROR', { kind: 'walletConnect', chainId: 31337, declined: true }],
      ['SEND_SUCCESS', { kind: 'embedded', chainId: 31337, token: 'ETH' }],
      ['SEND_ERROR', { kind: 'embedded', chainId: 31338, token: 'FUSD', declined: false }],
      ['SWAP_SUCCESS', { kind: 'injected', chainId: 31337, from: 'ETH', to: 'FUSD' }],
      [
        'SWAP_ERROR',
        { kind: 'injected', chainId: 31337, from: 'ETH', to: 'FUSD', step: 'approve', declined: true },
      ],
      ['BUY_STARTED'],
      ['MODAL_CLOSE', { connected: true }],
    ]
    for (const [event, properties] of sent) client.track(event, properties)
    client.report(
      { name: 'TypeError', message: "Cannot read properties of undefined (reading 'x')" },
      { source: 'modal', kind: 'uncaught' },
    )
    client.report(
      { name: 'HttpError', message: `HTTP 503 GET /v1/account/${'0x'.padEnd(42, 'a')}/balance` },
      { source: 'auth', kind: 'request' },
    )
    client.flush()
    expect(bodies).toHaveLength(sent.length + 2)
    for (const body of bodies) {
      const response = await t.app.request('/e?projectId=props&st=frontdoor&sv=1.0.0', {
        method: 'POST',
        headers: { 'content-type': 'text/plain;charset=UTF-8', origin: TestApp.MODAL_URL },
        body,
      })
      expect({ body, status: response.status }).toEqual({ body, status: 202 })
    }
    expect(await Events.countOf(t.deps.db.orm, 'props', 'event')).toBe(sent.length)
    expect(await Events.countOf(t.deps.db.orm, 'props', 'error')).toBe(2)
  })

  test('props: an unknown event, nested or odd properties, a bad error report: 400 naming the field', async () => {
    const error = { source: 'modal', kind: 'uncaught', name: 'Error', message: 'boom' }
    const cases: [Record<string, unknown>, string][] = [
      [{ type: 'track', event: 'NOPE' }, 'props.event'],
      [
        { type: 'track', event: 'MODAL_OPEN', properties: { view: { email: 'a@b.co' } } },
        'props.properties.view',
      ],
      [
        { type: 'track', event: 'MODAL_OPEN', properties: { view: 'x'.repeat(301) } },
        'props.properties.view',
      ],
      [{ type: 'track', event: 'MODAL_OPEN', properties: [1] }, 'props.properties'],
      [
        { type: 'error', event: 'ERROR', properties: { ...error, message: undefined } },
        'props.properties.message',
      ],
      [
        { type: 'error', event: 'ERROR', properties: { ...error, source: 'page' } },
        'props.properties.source',
      ],
      [{ type: 'error', event: 'MODAL_OPEN', properties: error }, 'props.event'],
      [{ type: 'secret', event: 'MODAL_OPEN' }, 'props.type'],
      [{ event: 'MODAL_OPEN' }, 'props.type'],
    ]
    for (const [props, field] of cases) {
      const { status, body } = await post('demo', report(props), {
        'content-type': 'text/plain;charset=UTF-8',
        origin: TestApp.MODAL_URL,
      })
      expect({ props, status, field: body.error?.issues?.[0]?.field }).toEqual({ props, status: 400, field })
      expect(body.error.message).toContain(`'${field}'`)
    }
  })

  test('an error report is redacted here too: emails, addresses, tokens and codes never stored', async () => {
    await Projects.create(t.deps.db.orm, { projectId: 'redact', name: 'Redact' })
    const address = '0x52908400098527886E0F7030069857D2E4169EE7'
    const { status } = await post(
      'redact',
      report({
        type: 'error',
        event: 'ERROR',
        properties: {
          source: 'auth',
          kind: 'uncaught',
          name: 'Error ada@example.com',
          message: `no session for ada@example.com at ${address}: code 123456, token ${'Zk9'.repeat(12)}`,
        },
      }),
      { origin: TestApp.MODAL_URL },
    )
    expect(status).toBe(202)
    const [stored] = await Dashboard.latest(t.deps.db.orm, 'redact')
    expect(stored?.props).toEqual({
      type: 'error',
      event: 'ERROR',
      properties: {
        source: 'auth',
        kind: 'uncaught',
        name: 'Error <email>',
        message: 'no session for <email> at 0x5290…169EE7: code <code>, token <redacted>',
      },
    })
  })
})
