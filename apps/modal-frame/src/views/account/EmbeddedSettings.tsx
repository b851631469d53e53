import * as Errors from '@frontdoor/schemas/errors'
import { useEffect, useState } from 'react'
import type * as Embedded from '../../connectors/embedded/Embedded.js'
import { useController } from '../../controller/context.js'
import { useStore } from '../../store/useStore.js'
import './embedded-settings.css'

/**
 * The embedded wallet's settings in the Account view (lazy chunk): the login email with 'Update
 * email' (UpdateEmailWallet), and the account type toggle (EOA or smart account; the spec's 'This
 * application might not support Smart Accounts' shows while the smart account is used).
 */
export default function EmbeddedSettings() {
  const controller = useController()
  const [embedded, setEmbedded] = useState<Embedded.Embedded | undefined>()
  useEffect(() => {
    void controller.embedded().then(setEmbedded)
  }, [controller])
  if (!embedded) return null
  return <Settings embedded={embedded} />
}

function Settings({ embedded }: { embedded: Embedded.Embedded }) {
  const controller = useController()
  const { user } = useStore(embedded.state)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | undefined>()
  if (!user) return null
  const smart = user.preferredAccountType === 'smartAccount'
  const toggle = async () => {
    setBusy(true)
    setError(undefined)
    try {
      await embedded.setPreferredAccount(smart ? 'eoa' : 'smartAccount')
    } catch (thrown) {
      setError(thrown instanceof Error ? thrown.message : String(thrown))
    } finally {
      setBusy(false)
    }
  }
  return (
    <section className="fd-embedded-settings" aria-label="Embedded wallet">
      {user.email ? (
        <div className="fd-embedded-row">
          <span className="fd-muted">{user.email}</span>
          <button
            type="button"
            className="fd-button"
            data-variant="secondary"
            onClick={() => controller.router.push('UpdateEmailWallet')}
          >
            Update email
          </button>
        </div>
      ) : null}
      <div className="fd-embedded-row">
        <span id="fd-account-type">Smart account</span>
        <button
          type="button"
          role="switch"
          className="fd-switch"
          aria-checked={smart}
          aria-labelledby="fd-account-type"
          disabled={busy}
          onClick={() => void toggle()}
        >
          <span aria-hidden="true" />
        </button>
      </div>
      {smart ? (
        <p className="fd-muted" role="note">
          {Errors.SMART_ACCOUNTS_MAYBE_UNSUPPORTED}
        </p>
      ) : null}
      {error ? (
        <p className="fd-error-text" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  )
}
