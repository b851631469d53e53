import type { AddressInfo } from 'node:net'
import { createServer, type Socket } from 'node:net'
import { Constants } from '@frontdoor/schemas'

/**
 * For tests: a small SMTP receiver on a free port of 127.0.0.1 that keeps every message in memory, so
 * the API's tests send their mail over real SMTP (nodemailer, as in production) without the
 * development mail sink (`@frontdoor/dev`, which the API does not depend on). It speaks the few
 * commands nodemailer uses without TLS or AUTH and decodes the MIME parts nodemailer writes
 * (multipart, quoted-printable, base64, encoded-word subjects).
 */

/** One received message. */
export type Message = {
  /** The envelope recipients, comma-separated. */
  to: string
  subject: string
  /** The text/plain part. */
  text: string
  /** The one-time password: the first line of the text that is only the code's digits. */
  otp: string | null
}

/** A running receiver. */
export type TestSmtp = {
  /** `smtp://127.0.0.1:port`, for `TestApp.create({ smtpUrl })`. */
  smtpUrl: string
  /** Messages newest first, optionally only those to `to`. */
  messages: (to?: string) => Message[]
  stop: () => Promise<void>
}

const OTP_LINE = new RegExp(`^\\s*([0-9]{${Constants.OTP_LENGTH}})\\s*$`, 'm')

type Part = { headers: Map<string, string>; body: string }

function parsePart(raw: string): Part {
  const split = raw.indexOf('\r\n\r\n')
  const head = split < 0 ? raw : raw.slice(0, split)
  const body = split < 0 ? '' : raw.slice(split + 4)
  const headers = new Map<string, string>()
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':')
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim())
  }
  return { headers, body }
}

const utf8 = (bytes: number[]) => new TextDecoder().decode(new Uint8Array(bytes))

function quotedPrintable(text: string, underscores: boolean): string {
  const source = underscores ? text.replace(/_/g, ' ') : text.replace(/=\r\n/g, '')
  const bytes: number[] = []
  for (let i = 0; i < source.length; i++) {
    const hex = source.slice(i + 1, i + 3)
    if (source[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16))
      i += 2
    } else bytes.push(...new TextEncoder().encode(source[i]))
  }
  return utf8(bytes)
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase()
  if (encoding === 'quoted-printable') return quotedPrintable(part.body, false)
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8')
  return part.body
}

/** Decodes RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`). */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?[^?]+\?([QqBb])\?([^?]*)\?=/g, (_, kind: string, text: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : quotedPrintable(text, true),
    )
}

/** The text/plain of a message, looking into multipart bodies. */
function textOf(part: Part): string {
  const type = part.headers.get('content-type') ?? 'text/plain'
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1]
  if (/^multipart\//i.test(type) && boundary) {
    const pieces = part.body.split(`--${boundary}`).slice(1)
    for (const piece of pieces) {
      if (piece.startsWith('--')) break
      const text = textOf(parsePart(piece.replace(/^\r\n/, '')))
      if (text) return text
    }
    return ''
  }
  return /^text\/plain/i.test(type) ? decodeBody(part).replace(/\r\n$/, '') : ''
}

/**
 * Starts a receiver.
 *
 * @example
 * const smtp = await TestSmtp.start() // on a free port, or start(port) on that one
 * const t = await TestApp.create({ smtpUrl: smtp.smtpUrl })
 * const [latest] = smtp.messages('alice@example.com')
 */
export async function start(port = 0): Promise<TestSmtp> {
  const stored: Message[] = []
  const sockets = new Set<Socket>()
  const server = createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => {})
    let buffer = ''
    let data: string | undefined
    let rcpt: string[] = []
    const reply = (line: string) => socket.write(`${line}\r\n`)
    reply('220 test-smtp ready')
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('latin1')
      while (true) {
        if (data !== undefined) {
          const end = buffer.indexOf('\r\n.\r\n')
          if (end < 0) return
          data += buffer.slice(0, end + 2)
          buffer = buffer.slice(end + 5)
          const raw = Buffer.from(data.replace(/^\.\./gm, '.'), 'latin1').toString('utf8')
          const message = parsePart(raw)
          const text = textOf(message)
          stored.push({
            to: rcpt.join(', '),
            subject: decodeWords(message.headers.get('subject') ?? ''),
            text,
            otp: OTP_LINE.exec(text)?.[1] ?? null,
          })
          data = undefined
          rcpt = []
          reply('250 OK')
          continue
        }
        const end = buffer.indexOf('\r\n')
        if (end < 0) return
        const line = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        const verb = line.slice(0, 4).toUpperCase()
        if (verb === 'EHLO') reply('250-test-smtp\r\n250 8BITMIME')
        else if (verb === 'HELO' || verb === 'MAIL' || verb === 'RSET' || verb === 'NOOP') reply('250 OK')
        else if (verb === 'RCPT') {
          const address = /<([^>]*)>/.exec(line)?.[1]
          if (address) rcpt.push(address.toLowerCase())
          reply('250 OK')
        } else if (verb === 'DATA') {
          data = ''
          reply('354 end with <CRLF>.<CRLF>')
        } else if (verb === 'QUIT') {
          reply('221 bye')
          socket.end()
          return
        } else reply('502 not implemented')
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const address = server.address() as AddressInfo
  return {
    smtpUrl: `smtp://127.0.0.1:${address.port}`,
    messages: (to) => {
      const wanted = to?.trim().toLowerCase()
      const list = wanted ? stored.filter((m) => m.to.split(', ').includes(wanted)) : stored
      return [...list].reverse()
    },
    stop: async () => {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
