import nodemailer from 'nodemailer'
import { afterAll, describe, expect, test } from 'vitest'
import * as SmtpSink from './SmtpSink.js'

const sink = await SmtpSink.start({
  smtp: { host: '127.0.0.1', port: 0 },
  http: { host: '127.0.0.1', port: 0 },
  max: 3,
})
const transport = nodemailer.createTransport(sink.smtpUrl)
afterAll(async () => {
  transport.close()
  await sink.stop()
})

const send = (to: string, subject: string, text: string) =>
  transport.sendMail({ from: 'Frontdoor <no-reply@frontdoor.localhost>', to, subject, text })

describe('otpOf', () => {
  test('the first run of exactly six digits, subject first', () => {
    expect(SmtpSink.otpOf('123456 is your code', 'nothing')).toBe('123456')
    expect(SmtpSink.otpOf('Your code', 'Order 1234567, code 042424.')).toBe('042424')
    expect(SmtpSink.otpOf('hello', 'no code here, 12345')).toBeNull()
  })
})

describe('start', () => {
  test('keeps what it receives; GET /messages filters by recipient, newest first, with the OTP', async () => {
    await send('alice@example.com', '111111 is your login code', 'Use 111111')
    await send('bob@example.com', 'Hello', 'Your code: 222222')
    await send('Alice@Example.com', '333333 is your login code', 'Use 333333')
    const response = await fetch(`${sink.mailboxUrl}/messages?to=alice@example.com`)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const list = (await response.json()) as SmtpSink.Message[]
    expect(list.map((m) => [m.to.toLowerCase(), m.otp])).toEqual([
      ['alice@example.com', '333333'],
      ['alice@example.com', '111111'],
    ])
    expect(list[0]).toMatchObject({
      subject: '333333 is your login code',
      from: expect.stringContaining('no-reply'),
    })
    expect(Date.parse(list[0]!.receivedAt)).toBeGreaterThan(0)
    expect(sink.messages().map((m) => m.otp)).toEqual(['333333', '222222', '111111'])
  })

  test('keeps only the last N messages', async () => {
    await send('carol@example.com', '444444', 'x')
    expect(sink.messages()).toHaveLength(3)
    expect(sink.messages().at(-1)?.otp).toBe('222222')
  })

  test('the mailbox page lists recipients, subjects and codes; healthz answers', async () => {
    const html = await (await fetch(`${sink.mailboxUrl}/?to=carol@example.com`)).text()
    expect(html).toContain('<h1>Dev mailbox</h1>')
    expect(html).toContain('carol@example.com')
    expect(html).toContain('>444444</output>')
    expect(html).not.toContain('333333')
    expect((await fetch(`${sink.mailboxUrl}/healthz`)).status).toBe(200)
  })
})
