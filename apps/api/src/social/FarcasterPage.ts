import * as DevUser from './DevUser.js'
import type * as FarcasterChannels from './FarcasterChannels.js'
import * as Html from './Html.js'

/**
 * The dev approval page of a Farcaster channel (`/dev/farcaster/<channelToken>`): what a Farcaster app
 * would show after scanning the QR code. A username field and 'Approve'; the same username is the same
 * Farcaster account (fid).
 */

/** The form field of the username. */
export const USERNAME_FIELD = 'username'

/** What the page shows. */
export type View =
  | { kind: 'form'; error?: string; value?: string }
  | { kind: 'approved'; userName: string }
  | { kind: 'closed'; state: FarcasterChannels.State | 'unknown' }

/** The page for a channel. */
export function render(action: string, view: View): { html: string; headers: Record<string, string> } {
  if (view.kind === 'approved')
    return Html.render({
      title: 'Approved',
      body: `<h1>Approved</h1><p role="status">Signed in to Farcaster as ${Html.text(view.userName)}. You can return to the app.</p>`,
    })
  if (view.kind === 'closed') {
    const message =
      view.state === 'completed'
        ? 'This sign-in was already approved.'
        : view.state === 'expired'
          ? 'This sign-in request has expired. Start again from the app.'
          : 'This sign-in request does not exist.'
    return Html.render({
      title: 'Farcaster sign-in',
      body: `<h1>Farcaster sign-in</h1><p class="error" role="alert">${Html.text(message)}</p>`,
    })
  }
  const error = view.error
    ? `<p id="username-error" class="error" role="alert">${Html.text(view.error)}</p>`
    : ''
  const invalid = view.error ? ' aria-invalid="true" aria-describedby="username-error"' : ''
  return Html.render({
    title: 'Sign in with Farcaster (dev)',
    body: `<h1>Sign in with Farcaster</h1>
<p>Development approval: any username is a test Farcaster account, and the same username is the same account.</p>
<form method="post" action="${Html.text(action)}">
<label for="username">Username</label>
<input id="username" name="${USERNAME_FIELD}" autocomplete="username" autocapitalize="none" spellcheck="false" maxlength="${DevUser.USERNAME_MAX_LENGTH}" required autofocus value="${Html.text(view.value ?? '')}"${invalid}>
${error}
<button type="submit">Approve</button>
</form>`,
  })
}
