import { Constants, EmailRule, Errors } from '@frontdoor/schemas'
import { useCallback, useEffect, useId, useRef, useState } from 'react'
import { useController } from '../../controller/context.js'
import type * as Schemas from '../../router/Schemas.js'
import '../../ui/email.css'
import * as Otp from '../../ui/Otp.js'
import { OtpField } from '../../ui/OtpField.js'

type Phase = 'sending' | 'device' | 'code' | 'verifying' | 'failed'

/**
 * The EmailLogin view (lazy chunk): sends a one-time code to the email the Connect view took (every
 * address alike), then takes the 6-digit code (typed or pasted) and logs in with the embedded wallet.
 * When the code was right but the account has not approved this browser, the view waits while the user
 * approves it with the link then emailed, and the login completes. 'Resend code' waits out the 30 s
 * cooldown ('Please try again after {n} seconds').
 */
export default function EmailLogin({ data }: { data: Schemas.EmailData }) {
  const controller = useController()
  const { email } = data
  const [phase, setPhase] = useState<Phase>('sending')
  const [error, setError] = useState<string | undefined>()
  /** A send was asked for during the cooldown: the countdown shows as an error. */
  const [blocked, setBlocked] = useState(false)
  const [code, setCode] = useState('')
  const [remaining, setRemaining] = useState(() => Otp.COOLDOWNS.remainingS(email))
  const input = useRef<HTMLInputElement>(null)
  const hintId = useId()
  const alive = useRef(true)
  useEffect(
    () => () => {
      alive.current = false
    },
    [],
  )

  const send = useCallback(
    async (resend: boolean) => {
      if (!EmailRule.isEmail(email)) {
        setError(Errors.INVALID_EMAIL)
        setPhase('failed')
        return
      }
      setRemaining(Otp.COOLDOWNS.remainingS(email))
      if (Otp.COOLDOWNS.message(email)) {
        // A code was sent moments ago: it is still good, so the code can be entered.
        setBlocked(true)
        setError(undefined)
        setPhase('code')
        return
      }
      setPhase('sending')
      setError(undefined)
      setBlocked(false)
      try {
        const embedded = await controller.embedded()
        await embedded.sendEmailOtp(email)
        Otp.COOLDOWNS.sent(email)
        if (alive.current) setPhase('code')
      } catch (thrown) {
        const seconds = Otp.retryAfterS(thrown)
        if (seconds !== undefined) Otp.COOLDOWNS.sent(email, seconds)
        if (!alive.current) return
        if (seconds !== undefined) setBlocked(true)
        else setError(Otp.errorMessage(thrown))
        setPhase(seconds !== undefined || resend ? 'code' : 'failed')
      }
      setRemaining(Otp.COOLDOWNS.remainingS(email))
    },
    [controller, email],
  )

  useEffect(() => {
    void send(false)
  }, [send])

  useEffect(() => {
    const timer = setInterval(() => setRemaining(Otp.COOLDOWNS.remainingS(email)), 1000)
    return () => clearInterval(timer)
  }, [email])

  useEffect(() => {
    if (phase === 'code') input.current?.focus({ preventScroll: true })
  }, [phase])

  const verify = async (otp: string) => {
    setPhase('verifying')
    setError(undefined)
    // Once the code was right and the browser waits for its approval, the code is used up.
    let approving = false
    try {
      const embedded = await controller.embedded()
      await controller.connect(embedded, {
        data: { email, otp },
        onDeviceApproval: () => {
          approving = true
          if (alive.current) setPhase('device')
        },
      })
    } catch (thrown) {
      if (!alive.current) return
      setError(Otp.errorMessage(thrown))
      setCode('')
      setPhase(approving ? 'failed' : 'code')
    }
  }

  if (phase === 'sending') {
    return (
      <div className="fd-connecting" role="status" aria-live="polite">
        <div className="fd-spinner" aria-hidden="true" />
        <p className="fd-muted">Sending a code to {email}…</p>
      </div>
    )
  }
  if (phase === 'device') {
    return (
      <div className="fd-connecting" role="status" aria-live="polite">
        <div className="fd-spinner" aria-hidden="true" />
        <p>
          <strong>Approve this device</strong>
        </p>
        <p className="fd-muted">
          Open the link we sent to {email} to approve this browser. You are logged in here once it is
          approved.
        </p>
      </div>
    )
  }
  if (phase === 'failed') {
    return (
      <div className="fd-connecting">
        <p className="fd-error-text" role="alert">
          {error}
        </p>
        {EmailRule.isEmail(email) ? (
          <button type="button" className="fd-button" onClick={() => void send(false)} data-autofocus>
            Try again
          </button>
        ) : null}
      </div>
    )
  }
  return (
    <form className="fd-otp" onSubmit={(event) => event.preventDefault()} noValidate>
      <p className="fd-muted" id={hintId}>
        Enter the {Constants.OTP_LENGTH}-digit code sent to <strong>{email}</strong>
      </p>
      <OtpField
        inputRef={input}
        value={code}
        onChange={setCode}
        onComplete={(otp) => {
          if (phase === 'code') void verify(otp)
        }}
        disabled={phase === 'verifying'}
        invalid={error !== undefined && phase === 'code'}
        describedBy={hintId}
      />
      {phase === 'verifying' ? (
        <p className="fd-muted" role="status">
          <span className="fd-spinner fd-otp-spinner" aria-hidden="true" /> Verifying…
        </p>
      ) : null}
      {error && phase === 'code' ? (
        <p className="fd-error-text" role="alert">
          {error}
        </p>
      ) : null}
      <div className="fd-otp-resend">
        <button
          type="button"
          className="fd-button"
          data-variant="secondary"
          disabled={remaining > 0 || phase === 'verifying'}
          onClick={() => void send(true)}
        >
          Resend code
        </button>
        {remaining > 0 ? (
          <p className={blocked ? 'fd-error-text' : 'fd-muted'} role={blocked ? 'alert' : undefined}>
            {Errors.pleaseTryAgainAfter(remaining)}
          </p>
        ) : null}
      </div>
    </form>
  )
}
