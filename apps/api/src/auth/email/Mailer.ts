import nodemailer from 'nodemailer'

/** One email. */
export type Mail = { to: string; subject: string; text: string; html: string }

/** Sends emails over SMTP. */
export type Mailer = {
  send: (mail: Mail) => Promise<void>
  close: () => void
}

/** How long SMTP may take to connect, greet and answer: a dead server fails a request, never hangs it. */
const TIMEOUTS_MS = { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 10_000 }

/**
 * A mailer for an SMTP URL (`smtp://host:port`, `smtps://user:pass@host:465`; nodemailer's syntax).
 *
 * @example
 * const mailer = Mailer.create({ url: config.smtpUrl, from: config.mailFrom })
 * await mailer.send({ to, subject, text, html })
 */
export function create(options: { url: string; from: string }): Mailer {
  const url = new URL(options.url)
  // A pool keeps SMTP connections open between emails (a login email in ~45 ms instead of ~160 ms on loopback).
  const transport = nodemailer.createTransport({
    pool: true,
    host: url.hostname,
    port: Number(url.port) || (url.protocol === 'smtps:' ? 465 : 587),
    secure: url.protocol === 'smtps:',
    ...(url.username
      ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } }
      : {}),
    ...TIMEOUTS_MS,
  })
  return {
    async send(mail) {
      await transport.sendMail({ from: options.from, ...mail })
    },
    close: () => transport.close(),
  }
}
