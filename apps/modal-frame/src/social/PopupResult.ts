import * as SocialPopup from '@frontdoor/protocol/social-popup'
import { Errors } from '@frontdoor/schemas'
import * as z from 'zod/mini'

/**
 * The outcome of the social login popup: the API's callback page posts it to its opener with this
 * modal's origin as the target; only a message from the API's origin AND from this popup's window AND
 * of this attempt is read, and it is validated (an error that names no attempt is taken too: it can
 * only end the wait).
 */

/** How often the popup is checked for having been closed by the user. */
const CLOSED_POLL_MS = 500

/** The message the API's callback page posts (packages/protocol). */
const Result = SocialPopup.Message

/**
 * Waits for the popup's outcome: the one-time redeem code. Rejects with 'Failed to initiate social
 * connection' when there is no popup, 'Popup closed' when the user closes it, 'Failed to connect'
 * when the provider or the API reported a failure.
 */
export function result(
  popup: Window | null,
  attempt: string,
  apiOrigin: string,
  options: { signal?: AbortSignal; win?: Window; pollMs?: number } = {},
): Promise<{ code: string }> {
  const win = options.win ?? window
  if (!popup) return Promise.reject(new Error(Errors.LOGIN.FAILED_TO_INITIATE_SOCIAL))
  return new Promise((resolve, reject) => {
    const done = () => {
      win.removeEventListener('message', onMessage)
      clearInterval(poll)
      options.signal?.removeEventListener('abort', onAbort)
    }
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== apiOrigin || event.source !== popup) return
      const parsed = z.safeParse(Result, event.data)
      if (!parsed.success) return
      if (
        'result' in parsed.data
          ? parsed.data.attempt !== attempt
          : (parsed.data.attempt ?? attempt) !== attempt
      )
        return
      done()
      if ('result' in parsed.data) resolve(parsed.data.result)
      else reject(new Error(Errors.LOGIN.FAILED_TO_CONNECT))
    }
    const onAbort = () => {
      done()
      try {
        popup.close()
      } catch {}
      reject(new Error(Errors.LOGIN.MODAL_CLOSED))
    }
    const poll = setInterval(() => {
      if (!popup.closed) return
      // The callback page posts, then closes itself: give a message already queued its turn first.
      setTimeout(() => {
        done()
        reject(new Error(Errors.LOGIN.POPUP_CLOSED))
      }, 0)
      clearInterval(poll)
    }, options.pollMs ?? CLOSED_POLL_MS)
    win.addEventListener('message', onMessage)
    options.signal?.addEventListener('abort', onAbort, { once: true })
  })
}
