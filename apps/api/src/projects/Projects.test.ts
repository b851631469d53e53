import { afterAll, describe, expect, test } from 'vitest'
import * as TestDb from '../db/TestDb.js'
import * as Projects from './Projects.js'

const db = await TestDb.create()
afterAll(() => db.drop())

describe('create', () => {
  test('stores defaults and refuses a taken id', async () => {
    const project = await Projects.create(db.orm, {
      projectId: 'p1',
      name: 'One',
      allowedOrigins: ['https://a.example'],
    })
    expect(project).toMatchObject({
      projectId: 'p1',
      allowedOrigins: ['https://a.example'],
      isAnalyticsEnabled: true,
    })
    expect(project.features.filter((f) => f.isEnabled).map((f) => f.id)).toEqual([
      'multi_wallet',
      'activity',
      'onramp',
      'swap',
      'social_login',
      'reown_branding',
    ])
    await expect(Projects.create(db.orm, { projectId: 'p1', name: 'Again' })).rejects.toThrow(
      /already exists/,
    )
  })
})

describe('setFeature', () => {
  test('switches one feature and keeps its config unless given', async () => {
    await Projects.create(db.orm, { projectId: 'p2', name: 'Two' })
    const off = await Projects.setFeature(db.orm, 'p2', { id: 'onramp', isEnabled: false })
    expect(off.features.find((f) => f.id === 'onramp')).toEqual({
      id: 'onramp',
      isEnabled: false,
      config: ['meld', 'coinbase'],
    })
    const on = await Projects.setFeature(db.orm, 'p2', {
      id: 'headless',
      isEnabled: true,
      config: { mode: 'x' },
    })
    expect(on.features.map((f) => f.id)).toEqual([...Projects.FEATURE_IDS])
    await expect(Projects.setFeature(db.orm, 'none', { id: 'swap', isEnabled: true })).rejects.toThrow(
      /does not exist/,
    )
  })
})

describe('seedDemo', () => {
  test('creates the demo project once and adds a new DEMO_URL to its origins', async () => {
    await Promise.all([
      Projects.seedDemo(db.orm, 'http://localhost:5173'),
      Projects.seedDemo(db.orm, 'http://localhost:5173'),
    ])
    expect((await Projects.get(db.orm, 'demo'))?.allowedOrigins).toEqual(['http://localhost:5173'])
    const moved = await Projects.seedDemo(db.orm, 'http://localhost:6000')
    expect(moved.allowedOrigins).toEqual(['http://localhost:5173', 'http://localhost:6000'])
  })
})

describe('list', () => {
  test('lists projects by id', async () => {
    expect((await Projects.list(db.orm)).map((p) => p.projectId)).toEqual(['demo', 'p1', 'p2'])
  })
})
