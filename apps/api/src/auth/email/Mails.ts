import { Constants } from '@frontdoor/schemas'

/**
 * The emails the API sends: one-time passwords for login and for an email change. The code is in the
 * body only, never in the subject (subjects show on lock screens and in notification previews).
 */

/** How long a one-time password is valid. */
export const OTP_LIFETIME_S = 10 * 60

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

function render(code: string, lines: { subject: string; intro: string; outro: string }) {
  const minutes = OTP_LIFETIME_S / 60
  const text = [
    lines.intro,
    '',
    `    ${code}`,
    '',
    `The code expires in ${minutes} minutes and works once.`,
    lines.outro,
  ].join('\n')
  const html = `<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif">
<p>${escapeHtml(lines.intro)}</p>
<p style="font-size:28px;letter-spacing:6px;font-weight:600">${code}</p>
<p>The code expires in ${minutes} minutes and works once.</p>
<p>${escapeHtml(lines.outro)}</p>
</body></html>`
  return { subject: lines.subject, text, html }
}

function checkCode(code: string) {
  if (!new RegExp(`^\\d{${Constants.OTP_LENGTH}}$`).test(code))
    throw new Error('Mails: not a one-time password')
}

/** The login email: the code to type in the wallet. */
export function login(options: { code: string; projectName: string }) {
  checkCode(options.code)
  return render(options.code, {
    subject: `Your login code for ${options.projectName}`,
    intro: `Use this code to log in to ${options.projectName}:`,
    outro: 'If you did not ask to log in, ignore this email: nobody can log in without the code.',
  })
}

/** An email change: the code sent to the current address (primary) or to the new one (secondary). */
export function updateEmail(options: { code: string; to: 'primary' | 'secondary'; newEmail: string }) {
  checkCode(options.code)
  return options.to === 'primary'
    ? render(options.code, {
        subject: 'Confirm the change of your email',
        intro: `Someone asked to change your wallet's email to ${options.newEmail}. To allow it, enter this code:`,
        outro: 'If it was not you, ignore this email: the email stays as it is without this code.',
      })
    : render(options.code, {
        subject: 'Confirm your new email',
        intro: 'To make this address the email of your wallet, enter this code:',
        outro: 'If you did not ask for it, ignore this email.',
      })
}

/**
 * The device approval email: the right login code of an existing account was entered in a browser it
 * has not used. The link approves that browser, and the login waiting there completes.
 */
export function approveDevice(options: { url: string; projectName: string; lifetimeS: number }) {
  const minutes = Math.round(options.lifetimeS / 60)
  const intro = `Someone is logging in to ${options.projectName} with this email from a browser your wallet has not used before. If it is you, approve the device:`
  const outro = `The link expires in ${minutes} minutes and works once. If it was not you, ignore this email: nobody can log in from that browser without it.`
  const text = [intro, '', options.url, '', outro].join('\n')
  const html = `<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif">
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(options.url)}" style="font-size:18px;font-weight:600">Approve this device</a></p>
<p>${escapeHtml(outro)}</p>
</body></html>`
  return { subject: `Approve a new device for ${options.projectName}`, text, html }
}
