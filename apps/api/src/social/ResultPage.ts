import * as SocialPopup from '@frontdoor/protocol/social-popup'
import * as Html from './Html.js'

/**
 * The page the social login popup ends on: it posts the outcome, with the modal's attempt id, to
 * `window.opener` with the modal's origin as the explicit target (never '*'), then closes itself.
 * Without a known target it only shows the outcome.
 */

/** The `type` of the message the popup posts to the modal (packages/protocol). */
export const MESSAGE_TYPE = SocialPopup.MESSAGE_TYPE

/**
 * The result page.
 *
 * @example
 * ResultPage.render({ targetOrigin: 'http://127.0.0.1:5180', attempt, result: { code } })
 */
export function render(
  options: { targetOrigin: string | undefined } & (
    | { attempt: string; result: { code: string } }
    | { attempt?: string | undefined; error: string; detail?: string | undefined }
  ),
): { html: string; headers: Record<string, string> } {
  const message: SocialPopup.Message =
    'result' in options
      ? { type: MESSAGE_TYPE, attempt: options.attempt, result: { code: options.result.code } }
      : { type: MESSAGE_TYPE, ...(options.attempt ? { attempt: options.attempt } : {}), error: options.error }
  const body =
    'result' in options
      ? '<h1>Signed in</h1><p role="status">You can close this window.</p>'
      : `<h1>Sign-in failed</h1><p class="error" role="alert">${Html.text(options.detail ?? options.error)}</p><p>You can close this window.</p>`
  const script = options.targetOrigin
    ? `(function () {
  var message = ${Html.scriptLiteral(message)};
  var target = ${Html.scriptLiteral(options.targetOrigin)};
  if (window.opener) {
    window.opener.postMessage(message, target);
    window.close();
  }
})();`
    : undefined
  return Html.render({
    title: 'result' in options ? 'Signed in' : 'Sign-in failed',
    body,
    ...(script ? { script } : {}),
  })
}
