import { afterAll, describe, expect, test } from 'vitest'
import * as Projects from '../projects/Projects.js'
import * as TestApp from '../TestApp.js'
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
    for (let i = 0; i < 7; i++)
      statuses.push((await post('demo', report({ type: 'error', event: 'ERROR' }))).status)
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429, 429])
    expect(await Events.countOf(t.deps.db.orm, 'demo', 'error')).toBe(5)
    // Plain events are not capped by the error-report cap.
    expect((await post('demo', report({ type: 'track', event: 'CONNECT_SUCCESS' }))).status).toBe(202)
  })

  test('an origin off the allowlist gets 403', async () => {
    const { status, body } = await post('demo', report({ type: 'track' }), { origin: 'https://evil.example' })
    expect(status).toBe(403)
    expect(body.error).toMatchObject({
      code: 'forbidden_origin',
      message: 'Unauthorized: origin not allowed',
    })
  })

  test('a project with analytics off: accepted, not stored', async () => {
    await Projects.create(t.deps.db.orm, { projectId: 'no-analytics', name: 'No', isAnalyticsEnabled: false })
    expect((await post('no-analytics', report({ type: 'track' }))).body).toEqual({ stored: false })
    expect(await Events.countOf(t.deps.db.orm, 'no-analytics', 'event')).toBe(0)
  })

  test('bad input: 400 naming the field; unknown project: 401', async () => {
    const missing = await post('demo', { ...report({}), url: 'not a url' })
    expect(missing.status).toBe(400)
    expect(missing.body.error.issues[0].field).toBe('url')
    const notJson = await post('demo', '{oops')
    expect(notJson.status).toBe(400)
    expect(notJson.body.error).toEqual({ code: 'invalid_request', message: 'Malformed JSON in request body' })
    expect((await post('ghost', report({}))).status).toBe(401)
  })
})
