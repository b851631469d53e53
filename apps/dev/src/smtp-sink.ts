// The development SMTP sink and mailbox: `node --import tsx apps/dev/src/smtp-sink.ts`.
// Accepts mail on SMTP_URL and serves the mailbox on MAILBOX_URL (see SmtpSink.ts).
import * as Addresses from '@frontdoor/protocol/addresses'
import * as SmtpSink from './SmtpSink.js'

const addresses = Addresses.from(process.env)
const smtp = new URL(addresses.SMTP_URL)
const mailbox = new URL(addresses.MAILBOX_URL)
const sink = await SmtpSink.start({
  smtp: { host: smtp.hostname, port: Number(smtp.port) || 25 },
  http: { host: mailbox.hostname, port: Addresses.port(addresses.MAILBOX_URL) },
})
console.log(`smtp sink: accepting mail on ${sink.smtpUrl}; mailbox on ${sink.mailboxUrl}`)

const stop = () => {
  sink.stop().then(
    () => process.exit(0),
    () => process.exit(1),
  )
}
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
