import { describe, expect, test } from 'vitest'
import * as Mailbox from './Mailbox.js'

const TOPIC = 'a'.repeat(64)

describe('memory', () => {
  test('keeps a message until its TTL, then forgets it', () => {
    let time = 1000
    const mailbox = Mailbox.memory({ maxPerTopic: 10, now: () => time })
    mailbox.put(TOPIC, { data: 'short', publisher: 'p', expiresAt: 2000 })
    mailbox.put(TOPIC, { data: 'long', publisher: 'p', expiresAt: 5000 })
    expect((mailbox.list(TOPIC) as Mailbox.Stored[]).map((m) => m.data)).toEqual(['short', 'long'])
    expect(mailbox.size()).toBe(2)
    time = 2000
    expect((mailbox.list(TOPIC) as Mailbox.Stored[]).map((m) => m.data)).toEqual(['long'])
    expect(mailbox.size()).toBe(1)
    time = 5000
    expect(mailbox.list(TOPIC)).toEqual([])
    expect(mailbox.size()).toBe(0)
    mailbox.close()
  })

  test('drops the oldest past the per-topic cap', () => {
    const mailbox = Mailbox.memory({ maxPerTopic: 2, now: () => 0 })
    for (const data of ['1', '2', '3']) mailbox.put(TOPIC, { data, publisher: 'p', expiresAt: 10 })
    expect((mailbox.list(TOPIC) as Mailbox.Stored[]).map((m) => m.data)).toEqual(['2', '3'])
    expect(mailbox.size()).toBe(2)
    mailbox.close()
  })

  test('keeps topics apart', () => {
    const mailbox = Mailbox.memory({ maxPerTopic: 2, now: () => 0 })
    mailbox.put(TOPIC, { data: 'x', publisher: 'p', expiresAt: 10 })
    expect(mailbox.list('b'.repeat(64))).toEqual([])
    mailbox.close()
  })
})
