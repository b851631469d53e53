import { Errors as Messages } from '@frontdoor/schemas'
import { Hono } from 'hono'
import { afterAll, describe, expect, test } from 'vitest'
import * as Errors from '../http/Errors.js'
import * as TestApp from '../TestApp.js'
import * as KnownProject from './KnownProject.js'

const t = await TestApp.create()
afterAll(() => t.close())

// One group of routes behind the middleware, on the test app's real project cache (project 'demo').
const app = new Hono<KnownProject.Env>()
  .use('/q/*', KnownProject.required(t.deps))
  .use('/j/*', KnownProject.required(t.deps, 'json'))
  .get('/q/name', (c) => c.json({ project: c.get('project')?.projectId ?? null }))
  .post('/j/name', (c) => c.json({ project: c.get('project')?.projectId ?? null }))
app.onError(Errors.onError)

const post = (body: string, type = 'application/json') =>
  app.request('/j/name', { method: 'POST', headers: { 'content-type': type }, body })

describe('required', () => {
  test("a known project is the route's `project`; an unknown one is 401 'Unauthorized: invalid key'", async () => {
    const known = await app.request('/q/name?projectId=demo')
    expect([known.status, await known.json()]).toEqual([200, { project: 'demo' }])
    const unknown = await app.request('/q/name?projectId=nope')
    expect(unknown.status).toBe(401)
    expect(await unknown.json()).toEqual({
      error: { code: Errors.CODE.invalidKey, message: Messages.SERVER.INVALID_KEY, projectId: 'nope' },
    })
  })

  test("a missing or malformed id is left to the route's validator (no lookup, no project)", async () => {
    for (const query of ['', '?projectId=', '?projectId=a%20b', `?projectId=${'a'.repeat(65)}`]) {
      const response = await app.request(`/q/name${query}`)
      expect([response.status, await response.json()]).toEqual([200, { project: null }])
    }
  })

  test('from the JSON body: the same check; a body that is not JSON is left to the validator', async () => {
    expect(await (await post('{"projectId":"demo"}')).json()).toEqual({ project: 'demo' })
    expect((await post('{"projectId":"nope"}')).status).toBe(401)
    for (const [body, type] of [
      ['{"projectId":"demo"', 'application/json'],
      ['{"projectId":"demo"}', 'text/plain'],
      ['[]', 'application/json'],
    ] as const)
      expect(await (await post(body, type)).json()).toEqual({ project: null })
  })
})
