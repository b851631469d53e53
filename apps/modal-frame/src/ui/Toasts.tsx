import { useStore } from '../store/useStore.js'
import * as Toast from './Toast.js'
import './toast.css'

/**
 * The toast region at the bottom of the card: a polite live region that is always in the page, so a
 * screen reader announces each toast as it appears.
 */
export default function Toasts({ toasts = Toast.frame }: { toasts?: Toast.Toasts }) {
  const toast = useStore(toasts)
  return (
    <div className="fd-toasts" role="status" aria-live="polite" aria-atomic="true">
      {toast ? (
        <div key={toast.id} className="fd-toast" data-variant={toast.variant}>
          <span className="fd-toast-dot" aria-hidden="true" />
          <span>{toast.message}</span>
        </div>
      ) : null}
    </div>
  )
}
