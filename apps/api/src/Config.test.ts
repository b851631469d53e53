import { describe, expect, test } from 'vitest'
import * as Config from './Config.js'

const config = (env: Record<string, string>) => Config.fromEnv(env).config

describe('fromEnv: environment and dev logins', () => {
  test('dev logins are off unless the stack runs in development', () => {
    expect(config({}).devLogins).toBe(false)
    expect(config({}).environment).toBe('unnamed')
    expect(config({ FRONTDOOR_ENV: 'development' })).toMatchObject({
      environment: 'development',
      devLogins: true,
    })
    expect(config({ FRONTDOOR_ENV: 'development', AUTH_DEV_PROVIDERS: '0' }).devLogins).toBe(false)
    expect(config({ FRONTDOOR_ENV: 'development', AUTH_DEV_PROVIDERS: ' False ' }).devLogins).toBe(false)
    // Outside development only an explicit AUTH_DEV_PROVIDERS=1 turns them on (a staging stack).
    expect(config({ AUTH_DEV_PROVIDERS: '1' }).devLogins).toBe(true)
    expect(config({ NODE_ENV: 'production' })).toMatchObject({ environment: 'production', devLogins: false })
  })

  test('a production configuration refuses to start with dev logins', () => {
    expect(() => config({ NODE_ENV: 'production', AUTH_DEV_PROVIDERS: '1' })).toThrow(/dev logins/)
    expect(() => config({ FRONTDOOR_ENV: 'production', AUTH_DEV_PROVIDERS: 'true' })).toThrow(/dev logins/)
    expect(() => config({ FRONTDOOR_ENV: 'development', NODE_ENV: 'production' })).toThrow(/FRONTDOOR_ENV/)
    expect(() => config({ FRONTDOOR_ENV: 'dev' })).toThrow(/FRONTDOOR_ENV/)
  })
})

describe('API_LISTEN', () => {
  test('behind an edge: the public API_URL, and API_LISTEN for the socket', () => {
    expect(Config.fromEnv({}).process).toMatchObject({ host: '127.0.0.1', port: 4000 })
    const edge = Config.fromEnv({ API_URL: 'https://api.example.com', API_LISTEN: '0.0.0.0:4100' })
    expect(edge.config.publicUrl).toBe('https://api.example.com')
    expect(edge.process).toMatchObject({ host: '0.0.0.0', port: 4100 })
    expect(Config.fromEnv({ API_LISTEN: '[::1]:4101' }).process).toMatchObject({ host: '::1', port: 4101 })
    expect(() => Config.fromEnv({ API_LISTEN: '4100' })).toThrow(/API_LISTEN must be host:port/)
  })
})

describe('secureCookies', () => {
  test('Secure unless the public URL is plain http on a loopback host (a TLS proxy in front changes nothing)', () => {
    for (const url of [
      'http://127.0.0.1:4000',
      'http://localhost:4000',
      'http://api.localhost',
      'http://[::1]:4000',
    ])
      expect([url, Config.secureCookies(url)]).toEqual([url, false])
    for (const url of [
      'https://api.frontdoor.example',
      'https://127.0.0.1:4000',
      'http://api.frontdoor.example',
      'http://10.0.0.5:4000',
      'http://localhost.example.com',
      'http://127.0.0.1.example.com',
    ])
      expect([url, Config.secureCookies(url)]).toEqual([url, true])
  })
})
