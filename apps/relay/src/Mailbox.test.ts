import { describe, expect, test } from 'vitest'
import * as Mailbox from './Mailbox.js'

const TOPIC = 'a'.repeat(64)
/** The publishers' address (shares are tested apart). */
const ADDRESS = '203.0.113.7'
const OTHER = 'b'.repeat(64)

const caps = (caps: Partial<Mailbox.Caps> = {}): Mailbox.Caps => ({
  maxMessagesPerTopic: 10,
  maxBytesPerTopic: 1 << 20,
  maxBytesPerClient: 1 << 20,
  maxBytesPerAddress: 1 << 20,
  maxBytes: 1 << 20,
  ...caps,
})

const data = (mailbox: Mailbox.Mailbox, topic = TOPIC) =>
  (mailbox.list(topic) as Mailbox.Stored[]).map((m) => m.data)

describe('bytes', () => {
  test('counts data and publisher in UTF-8', () => {
    expect(Mailbox.bytes({ data: 'abc', publisher: 'p' })).toBe(4)
    expect(Mailbox.bytes({ data: 'é', publisher: '' })).toBe(2)
  })
})

describe('memory', () => {
  test('keeps a message until its TTL, then forgets it', () => {
    let time = 1000
    const mailbox = Mailbox.memory({ ...caps(), now: () => time })
    mailbox.put(TOPIC, { messageId: 1, data: 'short', publisher: 'p', expiresAt: 2000 }, ADDRESS)
    mailbox.put(TOPIC, { messageId: 1, data: 'long', publisher: 'p', expiresAt: 5000 }, ADDRESS)
    expect(data(mailbox)).toEqual(['short', 'long'])
    expect(mailbox.size()).toBe(2)
    expect(mailbox.bytes()).toBe(11)
    time = 2000
    expect(data(mailbox)).toEqual(['long'])
    expect(mailbox.size()).toBe(1)
    expect(mailbox.bytes()).toBe(5)
    time = 5000
    expect(mailbox.list(TOPIC)).toEqual([])
    expect(mailbox.size()).toBe(0)
    expect(mailbox.bytes()).toBe(0)
    mailbox.close()
  })

  test('refuses a message past the per-topic message cap and keeps what it holds', () => {
    const mailbox = Mailbox.memory({ ...caps({ maxMessagesPerTopic: 2 }), now: () => 0 })
    const verdicts = ['1', '2', '3'].map((data) =>
      mailbox.put(TOPIC, { messageId: 1, data, publisher: 'p', expiresAt: 10 }, ADDRESS),
    )
    expect(verdicts).toEqual(['stored', 'stored', 'topic_messages'])
    expect(data(mailbox)).toEqual(['1', '2'])
    expect(mailbox.put(OTHER, { messageId: 1, data: '4', publisher: 'p', expiresAt: 10 }, ADDRESS)).toBe(
      'stored',
    )
    expect(mailbox.size()).toBe(3)
    mailbox.close()
  })

  test('refuses a message past the per-topic byte cap', () => {
    const mailbox = Mailbox.memory({ ...caps({ maxBytesPerTopic: 10 }), now: () => 0 })
    expect(
      mailbox.put(TOPIC, { messageId: 1, data: '1234567', publisher: 'p', expiresAt: 10 }, ADDRESS),
    ).toBe('stored')
    expect(mailbox.put(TOPIC, { messageId: 1, data: '12', publisher: 'p', expiresAt: 10 }, ADDRESS)).toBe(
      'topic_bytes',
    )
    expect(mailbox.put(TOPIC, { messageId: 1, data: '1', publisher: 'p', expiresAt: 10 }, ADDRESS)).toBe(
      'stored',
    )
    expect(
      mailbox.put(OTHER, { messageId: 1, data: '12345678', publisher: 'p', expiresAt: 10 }, ADDRESS),
    ).toBe('stored')
    expect(mailbox.bytes()).toBe(19)
    mailbox.close()
  })

  test('past the total byte cap evicts the messages closest to expiry, and refuses one larger than the cap', () => {
    let time = 0
    const evictions: number[] = []
    const mailbox = Mailbox.memory({
      ...caps({ maxBytes: 25 }),
      now: () => time,
      onEvict: (count) => evictions.push(count),
    })
    const topics = ['1', '2', '3'].map((n) => n.repeat(64))
    const verdicts = topics.map((topic, i) =>
      mailbox.put(
        topic,
        { messageId: 1, data: '123456789', publisher: 'p', expiresAt: [300, 100, 200][i]! },
        ADDRESS,
      ),
    )
    expect(verdicts).toEqual(['stored', 'stored', 'stored'])
    expect(evictions).toEqual([1])
    expect(mailbox.list(topics[1]!)).toEqual([])
    expect(data(mailbox, topics[0])).toEqual(['123456789'])
    expect(data(mailbox, topics[2])).toEqual(['123456789'])
    expect(mailbox.bytes()).toBe(20)
    expect(
      mailbox.put(TOPIC, { messageId: 1, data: 'x'.repeat(30), publisher: 'p', expiresAt: 300 }, ADDRESS),
    ).toBe('total_bytes')
    // Expired messages make room without evicting.
    time = 250
    expect(
      mailbox.put(topics[1]!, { messageId: 1, data: '123456789', publisher: 'p', expiresAt: 400 }, ADDRESS),
    ).toBe('stored')
    expect(evictions).toEqual([1])
    expect(mailbox.bytes()).toBe(20)
    expect(mailbox.size()).toBe(2)
    mailbox.close()
  })

  test("refuses a publisher past its client's share, and past its address's share over all its clients", () => {
    let time = 0
    const mailbox = Mailbox.memory({
      ...caps({ maxBytesPerClient: 20, maxBytesPerAddress: 30 }),
      now: () => time,
    })
    // 10 bytes each: 9 of data and the publisher's 1.
    const put = (topic: string, publisher: string, address: string, expiresAt = 1000) =>
      mailbox.put(topic, { messageId: 1, data: '123456789', publisher, expiresAt }, address)
    expect([put(TOPIC, 'p', 'A', 100), put(OTHER, 'p', 'A'), put(TOPIC, 'p', 'A')]).toEqual([
      'stored',
      'stored',
      'client_bytes',
    ])
    expect([put(TOPIC, 'q', 'A'), put(OTHER, 'r', 'A')]).toEqual(['stored', 'address_bytes'])
    // Another address has its own share; the refused messages were not kept.
    expect(put(TOPIC, 'r', 'B')).toBe('stored')
    expect(mailbox.bytes()).toBe(40)
    // An expired message gives its share back.
    time = 100
    expect(put(TOPIC, 'p', 'A')).toBe('stored')
    expect(put(TOPIC, 'p', 'A')).toBe('client_bytes')
    mailbox.close()
  })

  test('an evicted message gives its share back', () => {
    const mailbox = Mailbox.memory({
      ...caps({ maxBytesPerClient: 20, maxBytesPerAddress: 20, maxBytes: 20 }),
      now: () => 0,
    })
    const put = (publisher: string, address: string, expiresAt: number) =>
      mailbox.put(TOPIC, { messageId: 1, data: '123456789', publisher, expiresAt }, address)
    expect([put('p', 'A', 100), put('p', 'A', 200)]).toEqual(['stored', 'stored'])
    // Full: B's message evicts p's closest to expiry, and p may then store one more.
    expect(put('q', 'B', 300)).toBe('stored')
    expect(put('p', 'A', 400)).toBe('stored')
    expect(data(mailbox)).toHaveLength(2)
    mailbox.close()
  })

  test('holds no more than its total bytes under a flood of many topics', () => {
    const mailbox = Mailbox.memory({ ...caps({ maxBytes: 100_000 }), now: () => 0 })
    for (let i = 0; i < 20_000; i++) {
      const topic = i.toString(16).padStart(64, '0')
      expect(
        mailbox.put(
          topic,
          {
            messageId: 1,
            data: 'x'.repeat(i % 200),
            publisher: 'p',
            expiresAt: 1 + (i % 97),
          },
          ADDRESS,
        ),
      ).toBe('stored')
      expect(mailbox.bytes()).toBeLessThanOrEqual(100_000)
    }
    mailbox.close()
    // 20,000 puts with two expects each take about 2 s on a quiet machine and over 5 s on a loaded one.
  }, 30_000)

  test('a receipt marks the messages with its ids for that client only, also after others expired', () => {
    let time = 0
    const mailbox = Mailbox.memory({ ...caps({ maxMessagesPerTopic: 1000 }), now: () => time })
    for (let id = 1; id <= 500; id++)
      mailbox.put(
        TOPIC,
        { messageId: id, data: String(id), publisher: 'p', expiresAt: id <= 100 ? 5 : 50 },
        ADDRESS,
      )
    const unread = (clientId: string) => (mailbox.list(TOPIC, clientId) as Mailbox.Stored[]).length
    expect([unread('a'), unread('b')]).toEqual([500, 500])
    mailbox.receive(TOPIC, 'a', [250, 499, 501])
    expect([unread('a'), unread('b')]).toEqual([498, 500])
    expect((mailbox.list(TOPIC, 'a') as Mailbox.Stored[]).some((m) => m.messageId === 250)).toBe(false)
    time = 10
    mailbox.sweep()
    mailbox.receive(TOPIC, 'a', [50, 300])
    expect([unread('a'), unread('b')]).toEqual([397, 400])
    // A second and third client on the same messages, and a repeated receipt.
    mailbox.receive(TOPIC, 'b', [250, 300])
    mailbox.receive(TOPIC, 'c', [250])
    mailbox.receive(TOPIC, 'a', [250])
    expect([unread('a'), unread('b'), unread('c')]).toEqual([397, 398, 399])
    mailbox.close()
  })

  test('a receipt marks every message given the same id', () => {
    const mailbox = Mailbox.memory({ ...caps(), now: () => 0 })
    for (const data of ['x', 'y'])
      mailbox.put(TOPIC, { messageId: 7, data, publisher: 'p', expiresAt: 10 }, ADDRESS)
    mailbox.put(TOPIC, { messageId: 8, data: 'z', publisher: 'p', expiresAt: 10 }, ADDRESS)
    expect(mailbox.list(TOPIC, 'a')).toHaveLength(3)
    mailbox.receive(TOPIC, 'a', [7])
    expect((mailbox.list(TOPIC, 'a') as Mailbox.Stored[]).map((m) => m.data)).toEqual(['z'])
    mailbox.close()
  })

  test('keeps topics apart', () => {
    const mailbox = Mailbox.memory({ ...caps(), now: () => 0 })
    mailbox.put(TOPIC, { messageId: 1, data: 'x', publisher: 'p', expiresAt: 10 }, ADDRESS)
    expect(mailbox.list(OTHER)).toEqual([])
    mailbox.close()
  })
})
