import { randomUUID } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { Constants } from '@frontdoor/schemas'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

/**
 * The development mail sink: an SMTP server that accepts every message and keeps the last ones in
 * memory, and a mailbox on HTTP — a page for a person trying the demo (`GET /`) and JSON for tests
 * (`GET /messages?to=<email>`, newest first, with the one-time password found in each).
 */

/** One received message. */
export type Message = {
  id: string
  /** The recipients, comma-separated. */
  to: string
  from: string
  subject: string
  text: string
  /** The one-time password: a line of only 6 digits, else the first run of exactly 6 digits of the subject or text. */
  otp: string | null
  receivedAt: string
}

/** Messages kept by default. */
export const DEFAULT_MAX_MESSAGES = 200
/** Largest message accepted. */
const MAX_MESSAGE_BYTES = 1024 * 1024

const OTP = new RegExp(`(?<![0-9])[0-9]{${Constants.OTP_LENGTH}}(?![0-9])`)

const OTP_LINE = new RegExp(`^\\s*([0-9]{${Constants.OTP_LENGTH}})\\s*$`, 'm')

/** The one-time password of a message, if it holds one: a line of only the code first (the API's mails). */
export function otpOf(subject: string, text: string): string | null {
  return OTP_LINE.exec(text)?.[1] ?? OTP.exec(subject)?.[0] ?? OTP.exec(text)?.[0] ?? null
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

/** The mailbox page: newest first, optionally one address; reloads itself when a message arrives. */
function page(messages: Message[], to: string | undefined): string {
  const rows = messages
    .map(
      (m) => `<tr><td>${escapeHtml(m.to)}</td><td>${escapeHtml(m.subject)}</td>
<td class="otp">${m.otp ? `<output aria-label="Code for ${escapeHtml(m.to)}">${m.otp}</output>` : '—'}</td>
<td><time datetime="${m.receivedAt}">${m.receivedAt.replace('T', ' ').slice(0, 19)}</time></td></tr>`,
    )
    .join('\n')
  const query = to ? `?to=${encodeURIComponent(to)}` : ''
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Frontdoor dev mailbox</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 2rem; color: #111; }
  table { border-collapse: collapse; width: 100%; }
  th, td { text-align: left; padding: .5rem .75rem; border-bottom: 1px solid #ddd; vertical-align: top; }
  .otp { font-size: 1.4rem; font-weight: 600; letter-spacing: .2rem; font-variant-numeric: tabular-nums; }
  form { margin: 1rem 0; display: flex; gap: .5rem; align-items: center; }
  input { padding: .4rem; min-width: 18rem; }
  .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
</style>
</head>
<body>
<main>
<h1>Dev mailbox</h1>
<p>Emails the API sent through the development SMTP sink, newest first. This page reloads when a new one arrives.</p>
<form method="get" action="/">
  <label for="to">Recipient</label>
  <input id="to" name="to" type="email" value="${escapeHtml(to ?? '')}" placeholder="all recipients">
  <button type="submit">Filter</button>
  <a href="/">Show all</a>
</form>
${
  messages.length
    ? `<table><caption class="visually-hidden">Received emails</caption>
<thead><tr><th scope="col">To</th><th scope="col">Subject</th><th scope="col">Code</th><th scope="col">Received (UTC)</th></tr></thead>
<tbody>
${rows}
</tbody></table>`
    : '<p role="status">No emails yet.</p>'
}
</main>
<script>
  const seen = ${JSON.stringify(messages[0]?.id ?? null)};
  setInterval(async () => {
    try {
      const list = await (await fetch('/messages${query}')).json();
      if ((list[0]?.id ?? null) !== seen) location.reload();
    } catch {}
  }, 2000);
</script>
</body>
</html>`
}

/** A running sink. */
export type SmtpSink = {
  /** `smtp://host:port`, for SMTP_URL. */
  smtpUrl: string
  /** `http://host:port`, for MAILBOX_URL. */
  mailboxUrl: string
  /** Messages newest first, optionally only those to `to`. */
  messages: (to?: string) => Message[]
  stop: () => Promise<void>
}

export type StartOptions = {
  /** Where to accept SMTP (port 0: any free port). */
  smtp: { host: string; port: number }
  /** Where to serve the mailbox (port 0: any free port). */
  http: { host: string; port: number }
  max?: number
}

/**
 * Starts the SMTP server and the mailbox.
 *
 * @example
 * const sink = await SmtpSink.start({ smtp: { host: '127.0.0.1', port: 0 }, http: { host: '127.0.0.1', port: 0 } })
 * const [latest] = sink.messages('alice@example.com')
 */
export async function start(options: StartOptions): Promise<SmtpSink> {
  const max = options.max ?? DEFAULT_MAX_MESSAGES
  const stored: Message[] = []
  const messages = (to?: string) => {
    const wanted = to?.trim().toLowerCase()
    const list = wanted
      ? stored.filter((m) =>
          m.to
            .toLowerCase()
            .split(/,\s*/)
            .some((address) => address === wanted),
        )
      : stored
    return [...list].reverse()
  }

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    size: MAX_MESSAGE_BYTES,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          const envelopeTo = session.envelope.rcptTo.map((rcpt) => rcpt.address)
          const subject = mail.subject ?? ''
          const text = mail.text ?? ''
          stored.push({
            id: randomUUID(),
            to: envelopeTo.join(', '),
            from: mail.from?.text ?? (session.envelope.mailFrom ? session.envelope.mailFrom.address : ''),
            subject,
            text,
            otp: otpOf(subject, text),
            receivedAt: new Date().toISOString(),
          })
          if (stored.length > max) stored.splice(0, stored.length - max)
          callback()
        },
        (error: Error) => callback(error),
      )
    },
  })
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject)
    smtp.listen(options.smtp.port, options.smtp.host, () => {
      smtp.off('error', reject)
      resolve()
    })
  })
  // An SMTP client's broken connection must not end the sink.
  smtp.on('error', () => {})

  const app = new Hono()
    .get('/healthz', (c) => c.json({ status: 'ok', messages: stored.length }))
    .get('/messages', (c) => c.json(messages(c.req.query('to')), 200, { 'cache-control': 'no-store' }))
    .get('/', (c) => {
      const to = c.req.query('to') || undefined
      return c.html(page(messages(to), to), 200, { 'cache-control': 'no-store' })
    })
  const http = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port: options.http.port, hostname: options.http.host }, () =>
      resolve(server),
    )
    server.once('error', reject)
  })

  const smtpAddress = smtp.server.address() as AddressInfo
  const httpAddress = http.address() as AddressInfo
  return {
    smtpUrl: `smtp://${options.smtp.host}:${smtpAddress.port}`,
    mailboxUrl: `http://${options.http.host}:${httpAddress.port}`,
    messages,
    stop: async () => {
      await Promise.all([
        new Promise<void>((resolve) => smtp.close(() => resolve())),
        new Promise<void>((resolve) => {
          http.close(() => resolve())
          if ('closeAllConnections' in http) http.closeAllConnections()
        }),
      ])
    },
  }
}
