import { useController } from '../../controller/context.js'
import { useAutofocus } from '../../ui/useAutofocus.js'
import '../../ui/account.css'
import './register-name.css'

/** RegisterAccountNameSuccess: the registered name, and the way back to the account. */
export default function RegisterAccountNameSuccess({ data }: { data: { name: string } }) {
  const controller = useController()
  const root = useAutofocus<HTMLDivElement>(data.name)
  return (
    <div className="fd-register-name" ref={root}>
      <div className="fd-name-done" role="status">
        <svg viewBox="0 0 24 24" aria-hidden="true" className="fd-name-done-icon">
          <path d="M5 12l5 5 9-10" />
        </svg>
        <p className="fd-name-done-name">{data.name}</p>
        <p className="fd-register-hint">It now shows on your account, and others can send to it.</p>
      </div>
      <button
        type="button"
        className="fd-button"
        data-autofocus
        onClick={() => controller.router.resetByName('Account')}
      >
        Back to account
      </button>
    </div>
  )
}
