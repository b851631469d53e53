import { Errors } from '@frontdoor/schemas'
import { useEffect, useState } from 'react'
import { useController } from '../../controller/context.js'
import type * as Schemas from '../../router/Schemas.js'
import { SOCIAL_NAMES } from '../../social/Names.js'
import * as Popup from '../../social/Popup.js'
import * as PopupResult from '../../social/PopupResult.js'

type Status = { kind: 'waiting' } | { kind: 'connecting' } | { kind: 'error'; message: string }

/** No popup (nothing to wait for): the view says the connection could not be initiated. */
const blocked = (provider: string): Popup.Attempt => ({ provider, popup: null, attempt: '', binding: '' })

const messageOf = (error: unknown) =>
  error instanceof Error && error.message ? error.message : Errors.LOGIN.FAILED_TO_CONNECT

/**
 * The social login view (lazy chunk): waits for the popup the click opened, then logs in with the
 * one-time code it posted back. 'Try again' opens a new popup from its own click.
 */
export default function ConnectingSocial({ data }: { data: Schemas.SocialData }) {
  const controller = useController()
  const provider = data.social
  const name = SOCIAL_NAMES[provider as keyof typeof SOCIAL_NAMES] ?? provider
  const [attempt, setAttempt] = useState<Popup.Attempt>(() => Popup.pending(provider) ?? blocked(provider))
  const [status, setStatus] = useState<Status>({ kind: 'waiting' })

  useEffect(() => {
    if (Popup.pending(provider) === attempt) Popup.take()
    const abort = new AbortController()
    setStatus({ kind: 'waiting' })
    const apiOrigin = new URL(controller.env.apiUrl).origin
    PopupResult.result(attempt.popup, attempt.attempt, apiOrigin, { signal: abort.signal })
      .then(async ({ code }) => {
        setStatus({ kind: 'connecting' })
        const embedded = await controller.embedded()
        await controller.connect(embedded, {
          data: { social: provider, code, binding: attempt.binding },
          signal: abort.signal,
        })
      })
      .catch((error: unknown) => {
        if (!abort.signal.aborted) setStatus({ kind: 'error', message: messageOf(error) })
      })
    return () => abort.abort()
  }, [attempt, controller, provider])

  const retry = () => {
    const origin = location.origin
    Popup.open(
      (binding) =>
        Popup.startUrl(controller.env.apiUrl, controller.env.projectId ?? '', provider, origin, binding),
      provider,
    )
    setAttempt(Popup.take() ?? blocked(provider))
  }

  return (
    <div className="fd-connecting">
      <div className="fd-connecting-logo" data-state={status.kind === 'error' ? 'error' : 'connecting'}>
        <span aria-hidden="true">{name.slice(0, 1)}</span>
      </div>
      {status.kind === 'error' ? (
        <>
          <p className="fd-error-text" role="alert">
            {status.message}
          </p>
          <button type="button" className="fd-button" onClick={retry} data-autofocus>
            Try again
          </button>
        </>
      ) : (
        <p className="fd-connecting-text" role="status" aria-live="polite">
          {status.kind === 'waiting' ? `Continue in the ${name} window` : `Logging in with ${name}…`}
        </p>
      )}
    </div>
  )
}
