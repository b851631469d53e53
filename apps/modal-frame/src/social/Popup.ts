import * as SocialAttempt from '@frontdoor/protocol/social-attempt'
import * as Constants from '@frontdoor/schemas/constants'
import { SOCIAL_NAMES } from './Names.js'

/**
 * The social login popup (OAuth providers refuse to be framed). It must open SYNCHRONOUSLY in the
 * click's task: any `await` before `window.open` loses the user activation (Safari blocks the popup).
 * So it opens blank, under a random per-attempt name (no other page can target it by name), and is
 * sent to the API's start URL once the binding's hash is computed. Each attempt has a random id and a
 * secret binding kept here in memory (packages/protocol social-popup): the start URL carries the id
 * and the binding's hash, the result comes back with the id, and the auth frame redeems the code with
 * the binding. This module is in the modal's first load (the Connect view's click), so it stays tiny;
 * waiting for the outcome is in PopupResult.ts (lazy).
 */

/** The social start URL: the API redirects to the provider (PKCE and state kept server-side). */
export function startUrl(
  apiUrl: string,
  projectId: string,
  provider: string,
  modalOrigin: string,
  binding: { attempt: string; bindingHash: string },
): string {
  const query = new URLSearchParams({
    projectId,
    origin: modalOrigin,
    attempt: binding.attempt,
    binding: binding.bindingHash,
  })
  return `${apiUrl}/v1/auth/social/${encodeURIComponent(provider)}/start?${query}`
}

/** The popup's features: 600 x 800, centred on the screen. */
export function features(screen: {
  availWidth: number
  availHeight: number
  availLeft?: number
  availTop?: number
}) {
  const width = Constants.SOCIAL_POPUP_WIDTH_PX
  const height = Constants.SOCIAL_POPUP_HEIGHT_PX
  const left = Math.max(0, Math.round((screen.availLeft ?? 0) + (screen.availWidth - width) / 2))
  const top = Math.max(0, Math.round((screen.availTop ?? 0) + (screen.availHeight - height) / 2))
  return `popup=yes,width=${width},height=${height},left=${left},top=${top}`
}

/** A popup being waited for: its attempt id and the binding only this frame knows. */
export type Attempt = { provider: string; popup: Window | null; attempt: string; binding: string }

let current: Attempt | undefined

/** Where {@link open} sends the popup: the start URL of an attempt. */
export type Start = (binding: { attempt: string; bindingHash: string }) => string

/**
 * Opens the popup now (call it in the click handler, before any `await`), blank and under a random
 * name, then sends it to `start` of a fresh attempt; keeps it for the view that waits for its outcome.
 * `popup` is null when the browser blocked it.
 */
export function open(start: Start, provider: string, win: Window = window): Attempt {
  const { attempt, binding } = SocialAttempt.attempt()
  let popup: Window | null = null
  try {
    popup = win.open(
      'about:blank',
      SocialAttempt.windowName(attempt),
      features(win.screen as Screen & { availLeft?: number }),
    )
  } catch {}
  const opened = popup
  if (opened)
    void SocialAttempt.bindingHash(binding)
      .then((bindingHash) => opened.location.replace(start({ attempt, bindingHash })))
      .catch(() => {
        try {
          opened.close()
        } catch {}
      })
  current = { provider, popup, attempt, binding }
  return current
}

/** The attempt the last click opened for `provider`, left in place (render functions may run twice). */
export function pending(provider: string): Attempt | undefined {
  return current?.provider === provider ? current : undefined
}

/** Takes the attempt the last click opened (once). */
export function take(): Attempt | undefined {
  const attempt = current
  current = undefined
  return attempt
}

/** What {@link start} needs of the controller. */
export type Starter = {
  env: { apiUrl: string; projectId: string | undefined }
  router: { push: (view: 'ConnectingExternal', data: { social: string; name: string }) => void }
}

/**
 * The click on a social button: opens the popup at once (synchronously, keeping the click's user
 * activation), then shows the view that waits for it.
 */
export function start(controller: Starter, provider: string, win: Window = window) {
  const name = SOCIAL_NAMES[provider as keyof typeof SOCIAL_NAMES] ?? provider
  const origin = win.location.origin
  open(
    (binding) => startUrl(controller.env.apiUrl, controller.env.projectId ?? '', provider, origin, binding),
    provider,
    win,
  )
  controller.router.push('ConnectingExternal', { social: provider, name })
}
