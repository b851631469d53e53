import { Constants } from '@frontdoor/schemas'
import { type Ref, useId } from 'react'
import * as Otp from './Otp.js'

/**
 * The one-time-code field: one input with the numeric keyboard and one-time-code autofill; typing,
 * pasting a whole code or a code with spaces all give the digits. `onComplete` runs at the sixth digit.
 */
export function OtpField(props: {
  value: string
  onChange: (digits: string) => void
  onComplete: (code: string) => void
  disabled?: boolean
  invalid?: boolean
  label?: string
  describedBy?: string
  inputRef?: Ref<HTMLInputElement>
}) {
  const id = useId()
  return (
    <>
      <label htmlFor={id} className="fd-visually-hidden">
        {props.label ?? 'Code'}
      </label>
      <input
        ref={props.inputRef}
        id={id}
        className="fd-otp-input"
        name="one-time-code"
        autoComplete="one-time-code"
        inputMode="numeric"
        // Room for a pasted code with spaces or dashes; only digits are kept.
        maxLength={Constants.OTP_LENGTH * 2}
        aria-describedby={props.describedBy}
        aria-invalid={props.invalid === true}
        disabled={props.disabled === true}
        value={props.value}
        onChange={(event) => {
          const next = Otp.digits(event.target.value)
          props.onChange(next)
          if (Otp.isComplete(next)) props.onComplete(next)
        }}
        data-autofocus
      />
    </>
  )
}
