import { randomBytes } from 'node:crypto'
import { afterAll, describe, expect, test } from 'vitest'
import * as TestDb from '../db/TestDb.js'
import * as ProjectCache from './ProjectCache.js'
import * as Projects from './Projects.js'

/** The project cache over a real database (PGlite, or PostgreSQL with DATABASE_URL). */

const db = await TestDb.create()
afterAll(() => db.drop())

describe('create', () => {
  test('keeps a project and an unknown id for the TTL; a change shows after it', async () => {
    let time = 0
    const cache = ProjectCache.create(db.orm, { ttlMs: 5000, now: () => time })
    await Projects.create(db.orm, { projectId: 'ttl', name: 'TTL', allowedOrigins: ['https://a.example'] })
    expect((await cache.get('ttl'))?.allowedOrigins).toEqual(['https://a.example'])
    expect(await cache.get('later')).toBeUndefined()
    await Projects.update(db.orm, 'ttl', { allowedOrigins: ['https://b.example'] })
    await Projects.create(db.orm, { projectId: 'later', name: 'Later' })
    expect((await cache.get('ttl'))?.allowedOrigins).toEqual(['https://a.example'])
    expect(await cache.get('later')).toBeUndefined()
    time = 5000
    expect((await cache.get('ttl'))?.allowedOrigins).toEqual(['https://b.example'])
    expect(await cache.get('later')).toBeDefined()
  })

  test('the negative cache is apart: 10,001 random unknown ids do not push a project out', async () => {
    const cache = ProjectCache.create(db.orm, { now: () => 0 })
    await Projects.create(db.orm, { projectId: 'kept', name: 'Kept', allowedOrigins: ['https://a.example'] })
    expect((await cache.get('kept'))?.allowedOrigins).toEqual(['https://a.example'])
    for (let i = 0; i < 10_001; i += 100)
      await Promise.all(
        Array.from({ length: Math.min(100, 10_001 - i) }, () => cache.get(randomBytes(8).toString('hex'))),
      )
    // Changed in the database; the cache still answers its copy (it did not ask again).
    await Projects.update(db.orm, 'kept', { allowedOrigins: ['https://b.example'] })
    expect((await cache.get('kept'))?.allowedOrigins).toEqual(['https://a.example'])
  }, 120_000)
})
