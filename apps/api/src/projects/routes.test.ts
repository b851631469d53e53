import { Project } from '@frontdoor/schemas'
import { afterAll, describe, expect, test } from 'vitest'
import * as z from 'zod/mini'
import * as TestApp from '../TestApp.js'
import * as Projects from './Projects.js'

const t = await TestApp.create({ limits: { origins: { limit: 3, windowMs: 60_000 } } })
afterAll(() => t.close())

describe('GET /appkit/v1/project-limits', () => {
  test("answers AppKit's planLimits: no plan, never over a limit", async () => {
    const { status, body } = await t.getJson(
      '/appkit/v1/project-limits?projectId=demo&st=appkit&sv=html-wagmi-1.8.24',
    )
    expect(status).toBe(200)
    expect(body).toMatchInlineSnapshot(`
      {
        "planLimits": {
          "isAboveMauLimit": false,
          "isAboveRpcLimit": false,
          "tier": "none",
        },
      }
    `)
  })

  test('unknown project: 401; missing projectId: 400', async () => {
    expect((await t.getJson('/appkit/v1/project-limits?projectId=nope')).status).toBe(401)
    const { status, body } = await t.getJson('/appkit/v1/project-limits')
    expect(status).toBe(400)
    expect(body.error.issues[0].field).toBe('projectId')
  })
})

describe('GET /appkit/v1/config', () => {
  test('lists every feature of the demo project', async () => {
    const { status, body } = await t.getJson('/appkit/v1/config?projectId=demo&st=appkit&sv=html-4.0.0')
    expect(status).toBe(200)
    expect(z.safeParse(Project.RemoteConfigResponse, body).error).toBeUndefined()
    expect(body.features.map((f: { id: string }) => f.id)).toEqual([...Projects.FEATURE_IDS])
    expect(body.features.find((f: { id: string }) => f.id === 'social_login')).toEqual({
      id: 'social_login',
      isEnabled: true,
      config: ['email', 'google', 'x', 'farcaster', 'discord', 'apple', 'github', 'facebook'],
    })
  })

  test('reflects a feature switched off', async () => {
    await Projects.create(t.deps.db.orm, { projectId: 'cfg-test', name: 'Config test' })
    await Projects.setFeature(t.deps.db.orm, 'cfg-test', { id: 'swap', isEnabled: false })
    const { body } = await t.getJson('/appkit/v1/config?projectId=cfg-test')
    expect(body.features.find((f: { id: string }) => f.id === 'swap')).toEqual({
      id: 'swap',
      isEnabled: false,
      config: ['1inch'],
    })
  })

  test('unknown project: 401 naming the project', async () => {
    const { status, body } = await t.getJson('/appkit/v1/config?projectId=nope')
    expect(status).toBe(401)
    expect(body).toEqual({
      error: { code: 'invalid_key', message: 'Unauthorized: invalid key', projectId: 'nope' },
    })
  })

  test('missing projectId: 400 naming the field', async () => {
    const { status, body } = await t.getJson('/appkit/v1/config')
    expect(status).toBe(400)
    expect(body.error.issues[0].field).toBe('projectId')
  })
})

describe('GET /projects/v1/origins', () => {
  test('returns the allowed origins, then 429 past the limit per address and project', async () => {
    const get = (ip: string) =>
      t.getJson('/projects/v1/origins?projectId=demo', { headers: { 'x-forwarded-for': ip } })
    for (let i = 0; i < 3; i++) {
      const { status, body } = await get('10.0.0.1')
      expect(status).toBe(200)
      expect(body).toEqual({ allowedOrigins: [TestApp.DEMO_URL] })
    }
    const limited = await get('10.0.0.1')
    expect(limited.status).toBe(429)
    expect(limited.body.error).toMatchObject({ code: 'rate_limited', message: 'Rate Limited' })
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await get('10.0.0.2')).status).toBe(200)
  })

  test('unknown project: 401', async () => {
    const { status, body } = await t.getJson('/projects/v1/origins?projectId=missing', {
      headers: { 'x-forwarded-for': '10.0.0.9' },
    })
    expect(status).toBe(401)
    expect(body.error).toMatchObject({ message: 'Unauthorized: invalid key', projectId: 'missing' })
  })
})

describe('GET /getAnalyticsConfig', () => {
  test('answers isAnalyticsEnabled', async () => {
    await Projects.create(t.deps.db.orm, { projectId: 'quiet', name: 'Quiet', isAnalyticsEnabled: false })
    expect((await t.getJson('/getAnalyticsConfig?projectId=demo')).body).toEqual({ isAnalyticsEnabled: true })
    expect((await t.getJson('/getAnalyticsConfig?projectId=quiet')).body).toEqual({
      isAnalyticsEnabled: false,
    })
  })
})
