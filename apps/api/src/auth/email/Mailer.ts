import { rootCertificates } from 'node:tls'
import nodemailer from 'nodemailer'
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js'

/** One email. */
export type Mail = { to: string; subject: string; text: string; html: string }

/** Sends emails over SMTP. */
export type Mailer = {
  send: (mail: Mail) => Promise<void>
  close: () => void
}

/** How long SMTP may take to connect, greet and answer: a dead server fails a request, never hangs it. */
const TIMEOUTS_MS = { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 10_000 }

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i

/**
 * How to reach the server of an SMTP URL, and how securely:
 * - `smtps://user:pass@host:465`: TLS from the first byte (implicit TLS; port 465 by default).
 * - `smtp://user:pass@host:587`: STARTTLS, REQUIRED when the URL carries credentials (they are never sent
 *   in clear text); without credentials, STARTTLS whenever the server offers it (port 587 by default).
 * - `?tls=off` sends in clear text, credentials too: only to a loopback host (a relay on the same machine).
 * User and password are URL-decoded (`%40` for `@`). The server's certificate is always checked, against
 * the system's CAs plus `ca` (SMTP_CA_FILE's PEM, for a private CA). Throws on an unusable URL, without
 * echoing the URL (it may hold the password).
 */
export function transportOptions(smtpUrl: string, ca?: string): SMTPTransport.Options {
  let url: URL
  try {
    url = new URL(smtpUrl)
  } catch {
    throw new Error('SMTP_URL is not a URL (smtp://host:port or smtps://user:pass@host:465)')
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    throw new Error(`SMTP_URL must start with smtp:// or smtps:// (got ${url.protocol}//)`)
  }
  const secure = url.protocol === 'smtps:'
  const tls = url.searchParams.get('tls')
  if (tls !== null && tls !== 'off')
    throw new Error(`SMTP_URL's tls parameter can only be 'off' (got '${tls}')`)
  const clear = tls === 'off'
  if (clear && secure)
    throw new Error("SMTP_URL: smtps:// is TLS from the first byte; '?tls=off' contradicts it")
  if (clear && !LOOPBACK.test(url.hostname)) {
    throw new Error(`SMTP_URL: '?tls=off' is allowed only for a loopback host (got '${url.hostname}')`)
  }
  const user = decodeURIComponent(url.username)
  return {
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: Number(url.port) || (secure ? 465 : 587),
    secure,
    ...(user ? { auth: { user, pass: decodeURIComponent(url.password) } } : {}),
    // Credentials over smtp://: STARTTLS or nothing. `tls=off`: never STARTTLS (a loopback relay).
    ...(clear ? { ignoreTLS: true } : user ? { requireTLS: true } : {}),
    // Node's `ca` replaces its CA list: the private CA joins the system's, it does not stand for them.
    tls: { rejectUnauthorized: true, ...(ca ? { ca: [...rootCertificates, ca] } : {}) },
  }
}

/**
 * A mailer for an SMTP URL (see {@link transportOptions}); `ca` adds a private CA's certificates (PEM).
 *
 * @example
 * const mailer = Mailer.create({ url: config.smtpUrl, from: config.mailFrom, ca: config.smtpCa })
 * await mailer.send({ to, subject, text, html })
 */
export function create(options: { url: string; from: string; ca?: string | undefined }): Mailer {
  // A pool keeps SMTP connections open between emails (a login email in ~45 ms instead of ~160 ms on loopback).
  const transport = nodemailer.createTransport({
    pool: true,
    ...transportOptions(options.url, options.ca),
    ...TIMEOUTS_MS,
  })
  return {
    async send(mail) {
      await transport.sendMail({ from: options.from, ...mail })
    },
    close: () => transport.close(),
  }
}
