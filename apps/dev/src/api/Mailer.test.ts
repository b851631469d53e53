import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as Mailer from '@frontdoor/api/auth/email/Mailer'
import * as Config from '@frontdoor/api/Config'
import * as TestApp from '@frontdoor/api/TestApp'
import { SMTPServer, type SMTPServerOptions } from 'smtp-server'
import { afterAll, describe, expect, test } from 'vitest'

// Real SMTP servers (smtp-server) that require AUTH, with a self-signed certificate made for this run by
// the openssl CLI: the mailer delivers over smtps:// and STARTTLS with the right credentials, never sends
// them in clear text, and refuses a certificate it does not trust unless SMTP_CA_FILE names its CA.

const dir = mkdtempSync(join(tmpdir(), 'frontdoor-mailer-'))
const keyPath = join(dir, 'key.pem')
const certPath = join(dir, 'cert.pem')
// biome-ignore format: one openssl command
execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '1',
  '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1', '-keyout', keyPath, '-out', certPath],
  { stdio: 'ignore' })
const key = readFileSync(keyPath)
const cert = readFileSync(certPath, 'utf8')

const USER = 'mailer@frontdoor.test'
const PASS = 'p@ss:w/rd%'
/** The credentials as a URL carries them (URL-encoded). */
const CREDENTIALS = `${encodeURIComponent(USER)}:${encodeURIComponent(PASS)}`

type Server = {
  url: (scheme: 'smtp' | 'smtps', credentials?: string, query?: string) => string
  /** Each AUTH attempt: who, and whether the connection was TLS by then. */
  auths: { user: string; pass: string; secure: boolean }[]
  /** The recipients of each delivered message. */
  delivered: string[][]
}
const servers: SMTPServer[] = []

async function serve(options: SMTPServerOptions): Promise<Server> {
  const state: Server = { url: () => '', auths: [], delivered: [] }
  const server = new SMTPServer({
    key,
    cert,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    ...options,
    onAuth(auth, session, callback) {
      state.auths.push({ user: auth.username ?? '', pass: auth.password ?? '', secure: session.secure })
      if (auth.username === USER && auth.password === PASS) callback(null, { user: USER })
      else callback(new Error('Invalid username or password'))
    },
    onData(stream, session, callback) {
      stream.resume()
      stream.on('end', () => {
        state.delivered.push(session.envelope.rcptTo.map((to) => to.address))
        callback()
      })
    },
  })
  // A client that drops an untrusted certificate ends the TLS handshake: the server reports it, as it should.
  server.on('error', () => {})
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  state.url = (scheme, credentials, query = '') =>
    `${scheme}://${credentials ? `${credentials}@` : ''}127.0.0.1:${port}${query}`
  return state
}

const implicitTls = await serve({ secure: true })
const startTls = await serve({ secure: false })
/** No STARTTLS at all (and AUTH allowed without it): what a mailer must never send credentials to. */
const clearText = await serve({ secure: false, disabledCommands: ['STARTTLS'], allowInsecureAuth: true })

afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))))
  rmSync(dir, { recursive: true, force: true })
})

const mail = (to: string): Mailer.Mail => ({
  to,
  subject: 'Your code',
  text: '123456',
  html: '<b>123456</b>',
})

/** Sends one email through a fresh mailer and closes it. */
async function send(url: string, to: string, ca?: string) {
  const mailer = Mailer.create({ url, from: 'Frontdoor <login@frontdoor.test>', ca })
  try {
    await mailer.send(mail(to))
  } finally {
    mailer.close()
  }
}

describe('SMTP authentication and TLS (a real server requiring AUTH)', { timeout: 30_000 }, () => {
  test('smtps:// (implicit TLS) with URL-encoded credentials and SMTP_CA_FILE: delivered', async () => {
    expect(implicitTls.delivered).toEqual([])
    await send(implicitTls.url('smtps', CREDENTIALS), 'a@example.com', cert)
    expect(implicitTls.delivered).toEqual([['a@example.com']])
    expect(implicitTls.auths).toEqual([{ user: USER, pass: PASS, secure: true }])
  })

  test('smtp:// with credentials: STARTTLS, then AUTH, then delivered', async () => {
    expect(startTls.delivered).toEqual([])
    await send(startTls.url('smtp', CREDENTIALS), 'b@example.com', cert)
    expect(startTls.delivered).toEqual([['b@example.com']])
    expect(startTls.auths).toEqual([{ user: USER, pass: PASS, secure: true }])
  })

  test('wrong credentials: refused, nothing delivered', async () => {
    const before = implicitTls.delivered.length
    await expect(
      send(implicitTls.url('smtps', `${encodeURIComponent(USER)}:wrong`), 'c@example.com', cert),
    ).rejects.toThrow(/Invalid username or password/)
    expect(implicitTls.delivered.length).toBe(before)
    expect(implicitTls.auths.at(-1)).toEqual({ user: USER, pass: 'wrong', secure: true })
  })

  test('a certificate not trusted (SMTP_CA_FILE unset): refused before any credentials leave', async () => {
    const [tlsAuths, startAuths] = [implicitTls.auths.length, startTls.auths.length]
    await expect(send(implicitTls.url('smtps', CREDENTIALS), 'd@example.com')).rejects.toThrow(
      /self[- ]signed/i,
    )
    await expect(send(startTls.url('smtp', CREDENTIALS), 'd@example.com')).rejects.toThrow(/self[- ]signed/i)
    expect([implicitTls.auths.length, startTls.auths.length]).toEqual([tlsAuths, startAuths])
    expect(implicitTls.delivered.flat()).not.toContain('d@example.com')
  })

  test('credentials and a server without STARTTLS: refused, the credentials never sent in clear text', async () => {
    await expect(send(clearText.url('smtp', CREDENTIALS), 'e@example.com')).rejects.toThrow(/STARTTLS/)
    expect(clearText.auths).toEqual([])
    expect(clearText.delivered).toEqual([])
  })

  test("'?tls=off' on a loopback host: AUTH in clear text, as the URL says explicitly", async () => {
    await send(clearText.url('smtp', CREDENTIALS, '?tls=off'), 'f@example.com')
    expect(clearText.auths).toEqual([{ user: USER, pass: PASS, secure: false }])
    expect(clearText.delivered).toEqual([['f@example.com']])
  })

  // A whole API (PGlite migrations: 10 to 20 s on a busy machine).
  test('the API answers wrong SMTP credentials with the email error the user sees, not a 500', {
    timeout: 90_000,
  }, async () => {
    const t = await TestApp.create({
      smtpUrl: clearText.url('smtp', `${encodeURIComponent(USER)}:wrong`, '?tls=off'),
    })
    try {
      const response = await t.getJson('/v1/auth/email/otp', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: t.deps.config.authOrigin,
          'x-forwarded-for': '10.9.8.7',
        },
        body: JSON.stringify({ projectId: 'demo', email: 'g@example.com', deviceId: 'mailer-test-device' }),
      })
      expect(response.status).toBe(502)
      expect(response.body.error).toEqual({
        code: 'email_failed',
        message: 'The email could not be sent; try again',
      })
      expect(clearText.auths.at(-1)).toEqual({ user: USER, pass: 'wrong', secure: false })
      expect(clearText.delivered.flat()).not.toContain('g@example.com')
    } finally {
      await t.close()
    }
  })
})

describe('Mailer.transportOptions: the SMTP_URL rules', () => {
  test('smtps:// is implicit TLS on 465 by default; smtp:// with credentials requires STARTTLS on 587', () => {
    expect(Mailer.transportOptions('smtps://u:p@mail.example.com')).toMatchObject({ port: 465, secure: true })
    const starttls = Mailer.transportOptions('smtp://u%40x:p%2Fq@mail.example.com')
    expect(starttls).toMatchObject({
      port: 587,
      secure: false,
      requireTLS: true,
      auth: { user: 'u@x', pass: 'p/q' },
    })
  })

  test('without credentials: STARTTLS when offered, not required; certificates always checked', () => {
    const options = Mailer.transportOptions('smtp://127.0.0.1:2525')
    expect(options).toMatchObject({ port: 2525, secure: false, tls: { rejectUnauthorized: true } })
    expect(options).not.toHaveProperty('requireTLS')
    expect(options).not.toHaveProperty('auth')
  })

  test("'?tls=off' only for a loopback host, never with smtps://; other schemes and tls values refused", () => {
    expect(Mailer.transportOptions('smtp://u:p@localhost:25?tls=off')).toMatchObject({ ignoreTLS: true })
    expect(Mailer.transportOptions('smtp://u:p@[::1]:25?tls=off')).toMatchObject({
      host: '::1',
      ignoreTLS: true,
    })
    expect(() => Mailer.transportOptions('smtp://u:p@mail.example.com?tls=off')).toThrow(
      /only for a loopback host/,
    )
    expect(() => Mailer.transportOptions('smtps://u:p@127.0.0.1?tls=off')).toThrow(/contradicts/)
    expect(() => Mailer.transportOptions('smtp://127.0.0.1?tls=no')).toThrow(/can only be 'off'/)
    expect(() => Mailer.transportOptions('http://u:secret@mail.example.com')).toThrow(
      /smtp:\/\/ or smtps:\/\//,
    )
    expect(() => Mailer.transportOptions('not a url secret')).toThrow(/not a URL/)
    // The errors never echo the password.
    expect(() => Mailer.transportOptions('http://u:secret@mail.example.com')).not.toThrow(/secret/)
  })

  test('a CA joins the system CAs, it does not replace them', () => {
    const ca = (Mailer.transportOptions('smtps://h', cert).tls as { ca: string[] }).ca
    expect(ca).toContain(cert)
    expect(ca.length).toBeGreaterThan(1)
    expect(Mailer.transportOptions('smtps://h').tls).toEqual({ rejectUnauthorized: true })
  })
})

describe('SMTP_CA_FILE', () => {
  test('unset: none; a PEM file: its text; unreadable or not a certificate: a clear error', () => {
    expect(Config.smtpCaFromEnv(undefined)).toBeUndefined()
    expect(Config.smtpCaFromEnv(' ')).toBeUndefined()
    expect(Config.smtpCaFromEnv(certPath)).toBe(cert)
    expect(Config.fromEnv({ SMTP_CA_FILE: certPath }).config.smtpCa).toBe(cert)
    expect(() => Config.smtpCaFromEnv(join(dir, 'missing.pem'))).toThrow(/SMTP_CA_FILE cannot be read/)
    writeFileSync(join(dir, 'key-only.pem'), key)
    expect(() => Config.smtpCaFromEnv(join(dir, 'key-only.pem'))).toThrow(/must hold PEM certificates/)
  })
})
