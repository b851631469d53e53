import { execFileSync } from 'node:child_process'
import { connect } from 'node:net'
import { describe, expect, test } from 'vitest'
import * as Services from '../scripts/services.mjs'

/**
 * The integration tests' throwaway PostgreSQL and Redis (scripts/services.mjs, issue 36): `npm test`
 * starts them for its unit tests, as CI does, unless the caller names its own.
 */

const pgAnswers = (url: string) => {
  const { hostname, port } = new URL(url)
  try {
    execFileSync('pg_isready', ['-q', '-h', hostname, '-p', port, '-d', 'frontdoor_test', '-U', 'frontdoor'])
    return true
  } catch {
    return false
  }
}

const redisAnswers = (url: string) =>
  new Promise<boolean>((resolve) => {
    const { hostname, port } = new URL(url)
    const socket = connect(Number(port), hostname)
    const done = (ok: boolean) => {
      socket.destroy()
      resolve(ok)
    }
    socket.setTimeout(1000, () => done(false))
    socket.on('error', () => done(false))
    socket.on('connect', () => socket.write('PING\r\n'))
    socket.on('data', (data) => done(data.toString().startsWith('+PONG')))
  })

describe('Services.start', { timeout: 60_000 }, () => {
  test('starts PostgreSQL and Redis, and stops both', async () => {
    const services = await Services.start({})
    const { DATABASE_URL, REDIS_URL } = services.urls
    try {
      expect(DATABASE_URL).toMatch(/^postgres:\/\/frontdoor@127\.0\.0\.1:\d+\/frontdoor_test$/)
      expect(REDIS_URL).toMatch(/^redis:\/\/127\.0\.0\.1:\d+$/)
      expect(pgAnswers(DATABASE_URL!)).toBe(true)
      expect(await redisAnswers(REDIS_URL!)).toBe(true)
    } finally {
      services.stop()
    }
    expect(pgAnswers(DATABASE_URL!)).toBe(false)
    await expect.poll(() => redisAnswers(REDIS_URL!)).toBe(false)
  })

  test("starts neither where the caller's environment names them", async () => {
    const services = await Services.start({
      DATABASE_URL: 'postgres://elsewhere/db',
      REDIS_URL: 'redis://elsewhere',
    })
    services.stop()
    expect(services.urls).toEqual({})
  })
})
