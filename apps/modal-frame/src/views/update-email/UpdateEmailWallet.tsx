import { type FormEvent, useEffect, useId, useState } from 'react'
import type * as Embedded from '../../connectors/embedded/Embedded.js'
import { useController } from '../../controller/context.js'
import { useStore } from '../../store/useStore.js'
import '../../ui/email.css'
import './update-email.css'
import * as Otp from '../../ui/Otp.js'
import { OtpField } from '../../ui/OtpField.js'
import * as UpdateEmail from './UpdateEmail.js'

/**
 * The UpdateEmailWallet view (lazy chunk): a new email, then the code sent to the current address,
 * then the code sent to the new one.
 */
export default function UpdateEmailWallet() {
  const controller = useController()
  const [embedded, setEmbedded] = useState<Embedded.Embedded | undefined>()
  useEffect(() => {
    void controller.embedded().then(setEmbedded)
  }, [controller])
  if (!embedded) return <div className="fd-spinner" role="status" aria-label="Loading" />
  return <Flow embedded={embedded} />
}

function Flow({ embedded }: { embedded: Embedded.Embedded }) {
  const controller = useController()
  const { user } = useStore(embedded.state)
  const [step, setStep] = useState<UpdateEmail.Step>({ kind: 'email' })
  const [newEmail, setNewEmail] = useState('')
  const [code, setCode] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | undefined>()
  const emailId = useId()
  const hintId = useId()

  const act = async (work: () => Promise<UpdateEmail.Step>) => {
    setBusy(true)
    setError(undefined)
    try {
      setStep(await work())
      setCode('')
    } catch (thrown) {
      setError(Otp.errorMessage(thrown))
      setCode('')
    } finally {
      setBusy(false)
    }
  }

  const submitEmail = (event: FormEvent) => {
    event.preventDefault()
    const invalid = UpdateEmail.checkNewEmail(newEmail, user?.email)
    if (invalid) return setError(invalid)
    void act(async () => {
      await embedded.updateEmail(newEmail.trim())
      return UpdateEmail.next(step, newEmail.trim())
    })
  }
  const submitCode = (otp: string) =>
    act(async () => {
      if (step.kind === 'primary') {
        await embedded.updateEmailPrimaryOtp(otp)
        return UpdateEmail.next(step)
      }
      return UpdateEmail.next(step, await embedded.updateEmailSecondaryOtp(otp))
    })

  if (step.kind === 'done') {
    return (
      <div className="fd-connecting">
        <p role="status">Your email is now {step.newEmail}</p>
        <button type="button" className="fd-button" onClick={controller.router.goBack} data-autofocus>
          Done
        </button>
      </div>
    )
  }
  if (step.kind === 'email') {
    return (
      <form className="fd-otp" onSubmit={submitEmail} noValidate>
        <p className="fd-muted">Current email: {user?.email ?? 'none'}</p>
        <label htmlFor={emailId} className="fd-visually-hidden">
          New email
        </label>
        <input
          id={emailId}
          className="fd-otp-input fd-update-email-input"
          type="email"
          autoComplete="email"
          placeholder="New email"
          value={newEmail}
          onChange={(event) => setNewEmail(event.target.value)}
          aria-invalid={error !== undefined}
          disabled={busy}
          data-autofocus
        />
        {error ? (
          <p className="fd-error-text" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="fd-button" disabled={busy || !newEmail.trim()}>
          {busy ? 'Sending codes…' : 'Continue'}
        </button>
      </form>
    )
  }
  const target = step.kind === 'primary' ? (user?.email ?? 'your current email') : step.newEmail
  return (
    <form className="fd-otp" onSubmit={(event) => event.preventDefault()} noValidate>
      <p className="fd-muted" id={hintId}>
        Enter the code sent to <strong>{target}</strong>
      </p>
      <OtpField
        key={step.kind}
        label={step.kind === 'primary' ? 'Code from your current email' : 'Code from your new email'}
        value={code}
        onChange={setCode}
        onComplete={(otp) => void submitCode(otp)}
        disabled={busy}
        invalid={error !== undefined}
        describedBy={hintId}
      />
      {busy ? (
        <p className="fd-muted" role="status">
          Verifying…
        </p>
      ) : null}
      {error ? (
        <p className="fd-error-text" role="alert">
          {error}
        </p>
      ) : null}
      <button
        type="button"
        className="fd-button"
        data-variant="secondary"
        onClick={() => setStep({ kind: 'email' })}
      >
        Start over
      </button>
    </form>
  )
}
