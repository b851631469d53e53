import { describe, expect, test } from 'vitest'
import * as z from 'zod/mini'
import * as Project from './project.js'

describe('ProjectId', () => {
  test('letters, digits, _ and -, 1-64', () => {
    expect(Project.ProjectId.safeParse('demo-project_1').success).toBe(true)
    expect(Project.ProjectId.safeParse('').success).toBe(false)
    expect(Project.ProjectId.safeParse('a b').success).toBe(false)
    expect(Project.ProjectId.safeParse('a'.repeat(65)).success).toBe(false)
  })
})

describe('ProjectQuery', () => {
  test('projectId, st, sv', () => {
    expect(z.parse(Project.ProjectQuery, { projectId: 'p1', st: 'frontdoor', sv: '4' })).toEqual({
      projectId: 'p1',
      st: 'frontdoor',
      sv: '4',
    })
    expect(z.parse(Project.ProjectQuery, { projectId: 'p1' })).toEqual({ projectId: 'p1' })
    expect(Project.ProjectQuery.safeParse({}).success).toBe(false)
  })
})

describe('FEATURE_IDS', () => {
  test('the ids of REFERENCE.md', () => {
    expect(Project.FEATURE_IDS).toEqual([
      'multi_wallet',
      'activity',
      'onramp',
      'swap',
      'social_login',
      'reown_branding',
      'email_capture',
      'payments',
      'headless',
    ])
  })
})

describe('FeatureId', () => {
  test('rejects an unknown id', () => {
    expect(Project.FeatureId.safeParse('swap').success).toBe(true)
    expect(Project.FeatureId.safeParse('teleport').success).toBe(false)
  })
})

describe('Feature', () => {
  test('config may be anything, including null', () => {
    expect(Project.Feature.safeParse({ id: 'swap', isEnabled: true, config: null }).success).toBe(true)
    expect(
      Project.Feature.safeParse({ id: 'social_login', isEnabled: true, config: ['email'] }).success,
    ).toBe(true)
    expect(Project.Feature.safeParse({ id: 'swap', isEnabled: 'yes' }).success).toBe(false)
  })
})

describe('RemoteConfigResponse', () => {
  test('a features list', () => {
    const body = { features: [{ id: 'activity', isEnabled: false, config: null }] }
    expect(z.parse(Project.RemoteConfigResponse, body)).toEqual(body)
  })
})

describe('AllowedOriginsResponse', () => {
  test('a list of origins', () => {
    expect(z.parse(Project.AllowedOriginsResponse, { allowedOrigins: ['http://localhost:5173'] })).toEqual({
      allowedOrigins: ['http://localhost:5173'],
    })
    expect(Project.AllowedOriginsResponse.safeParse({ allowedOrigins: 'x' }).success).toBe(false)
  })
})

describe('AnalyticsConfigResponse', () => {
  test('a boolean', () => {
    expect(z.parse(Project.AnalyticsConfigResponse, { isAnalyticsEnabled: true })).toEqual({
      isAnalyticsEnabled: true,
    })
  })
})

describe('AnalyticsEvent', () => {
  const event = {
    eventId: 'e1',
    url: 'http://localhost:5173/',
    domain: 'localhost',
    timestamp: 1_700_000_000_000,
    props: { type: 'track', event: 'MODAL_OPEN' },
  }

  test('a valid event', () => {
    expect(z.parse(Project.AnalyticsEvent, event)).toEqual(event)
  })

  test('bad fields are rejected', () => {
    expect(Project.AnalyticsEvent.safeParse({ ...event, url: 'not a url' }).success).toBe(false)
    expect(Project.AnalyticsEvent.safeParse({ ...event, timestamp: -1 }).success).toBe(false)
    expect(Project.AnalyticsEvent.safeParse({ ...event, eventId: '' }).success).toBe(false)
    expect(Project.AnalyticsEvent.safeParse({ ...event, props: [] }).success).toBe(false)
  })
})
