import { describe, expect, test } from 'vitest'
import * as Config from './Config.js'

describe('fromEnv', () => {
  test('listens where RELAY_URL points by default, with the spec heartbeat', () => {
    const config = Config.fromEnv({})
    expect(config).toMatchObject({
      publicUrl: 'ws://127.0.0.1:4001',
      host: '127.0.0.1',
      port: 4001,
      redisUrl: undefined,
      heartbeatMs: 5000,
    })
    expect(config.heartbeatMs).toBeLessThan(30_000)
  })

  test('behind a proxy: the public wss address, and RELAY_LISTEN for the socket', () => {
    expect(
      Config.fromEnv({
        RELAY_URL: 'wss://relay.example.com',
        RELAY_LISTEN: '0.0.0.0:4101',
        REDIS_URL: 'redis://r:6379',
      }),
    ).toMatchObject({
      publicUrl: 'wss://relay.example.com',
      host: '0.0.0.0',
      port: 4101,
      redisUrl: 'redis://r:6379',
    })
  })

  test('asks the API at API_INTERNAL_URL when set (behind an edge), else at API_URL', () => {
    expect(Config.fromEnv({ API_URL: 'https://api.example.com' }).apiUrl).toBe('https://api.example.com')
    expect(
      Config.fromEnv({ API_URL: 'https://api.example.com', API_INTERNAL_URL: 'http://api-1:4000' }).apiUrl,
    ).toBe('http://api-1:4000')
  })

  test('limits from the environment, defaults otherwise', () => {
    const config = Config.fromEnv({ RELAY_MESSAGES_PER_SECOND: '50', RELAY_MESSAGES_BURST: 'x' })
    expect(config.limits.messagesPerSecond).toBe(50)
    expect(config.limits.messagesBurst).toBe(Config.DEFAULT_LIMITS.messagesBurst)
  })

  test('the memory caps and the JWT lifetime from the environment', () => {
    expect(Config.fromEnv({}).limits).toMatchObject({
      maxSubscriptionsPerSocket: Config.MAX_SUBSCRIPTIONS_PER_SOCKET,
      maxBatchTopics: 500,
      maxMailboxMessagesPerTopic: Config.MAX_MAILBOX_MESSAGES_PER_TOPIC,
      maxMailboxBytesPerTopic: Config.MAX_MAILBOX_BYTES_PER_TOPIC,
      maxMailboxBytes: Config.MAX_MAILBOX_BYTES,
      maxFetchBytes: Config.MAX_FETCH_BYTES,
    })
    const config = Config.fromEnv({
      RELAY_MAX_SUBSCRIPTIONS_PER_SOCKET: '10',
      RELAY_MAX_BATCH_TOPICS: '20',
      RELAY_MAX_MAILBOX_MESSAGES_PER_TOPIC: '30',
      RELAY_MAX_MAILBOX_BYTES_PER_TOPIC: '4000',
      RELAY_MAX_MAILBOX_BYTES: '50000',
      RELAY_MAX_FETCH_BYTES: '6000',
      RELAY_MAX_JWT_LIFETIME_S: '3600',
    })
    expect(config.limits).toMatchObject({
      maxSubscriptionsPerSocket: 10,
      maxBatchTopics: 20,
      maxMailboxMessagesPerTopic: 30,
      maxMailboxBytesPerTopic: 4000,
      maxMailboxBytes: 50_000,
      maxFetchBytes: 6000,
    })
    expect(config.jwtMaxLifetimeS).toBe(3600)
    expect(Config.fromEnv({}).jwtMaxLifetimeS).toBe(7 * 86_400)
  })

  test('the shares and the limits per client address: 1/64 and 1/16 of the mailbox, from the environment', () => {
    expect(Config.fromEnv({}).limits).toMatchObject({
      maxMailboxBytesPerClient: 4 * 1024 * 1024,
      maxMailboxBytesPerAddress: 16 * 1024 * 1024,
      newSocketsPerMinute: 300,
      maxSocketsPerAddress: 500,
      unknownProjectsPerMinute: 10,
    })
    expect(Config.MAX_MAILBOX_BYTES / Config.MAX_MAILBOX_BYTES_PER_CLIENT).toBe(64)
    expect(Config.MAX_MAILBOX_BYTES / Config.MAX_MAILBOX_BYTES_PER_ADDRESS).toBe(16)
    const config = Config.fromEnv({
      RELAY_MAX_MAILBOX_BYTES_PER_CLIENT: '1000',
      RELAY_MAX_MAILBOX_BYTES_PER_ADDRESS: '2000',
      RELAY_NEW_SOCKETS_PER_MINUTE: '30',
      RELAY_MAX_SOCKETS_PER_ADDRESS: '40',
      RELAY_UNKNOWN_PROJECTS_PER_MINUTE: '5',
    })
    expect(config.limits).toMatchObject({
      maxMailboxBytesPerClient: 1000,
      maxMailboxBytesPerAddress: 2000,
      newSocketsPerMinute: 30,
      maxSocketsPerAddress: 40,
      unknownProjectsPerMinute: 5,
    })
  })

  test('TRUST_PROXY: no proxy of ours by default (X-Forwarded-For ignored), or how many', () => {
    expect(Config.fromEnv({}).trustProxy).toBe(0)
    expect(Config.fromEnv({ TRUST_PROXY: '1' }).trustProxy).toBe(1)
    expect(() => Config.fromEnv({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/)
  })
})

describe('parseListen', () => {
  test('host:port and [v6]:port', () => {
    expect(Config.parseListen('127.0.0.1:4001')).toEqual({ host: '127.0.0.1', port: 4001 })
    expect(Config.parseListen('[::1]:4001')).toEqual({ host: '::1', port: 4001 })
    expect(Config.parseListen('4001')).toBeUndefined()
    expect(Config.parseListen(undefined)).toBeUndefined()
  })
})
