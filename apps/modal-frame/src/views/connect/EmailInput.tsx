import { type FormEvent, useId, useState } from 'react'

/**
 * The email field of the Connect view; submitting goes to the EmailLogin view. Focusing it (the
 * autofocus on open included) is the hint that an email login may follow.
 */
export function EmailInput(props: {
  autoFocus: boolean
  onSubmit: (email: string) => void
  onHint: () => void
}) {
  const [email, setEmail] = useState('')
  const id = useId()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (email.trim()) props.onSubmit(email.trim())
  }
  return (
    <form className="fd-email" onSubmit={submit} noValidate>
      <label htmlFor={id} className="fd-visually-hidden">
        Email
      </label>
      <input
        id={id}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        placeholder="Email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        onFocus={props.onHint}
        {...(props.autoFocus ? { 'data-autofocus': true } : {})}
      />
      <button type="submit" className="fd-email-submit" aria-label="Continue" disabled={!email.trim()}>
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M5 12h14M13 6l6 6-6 6" />
        </svg>
      </button>
    </form>
  )
}
