import { ALERTS } from '@frontdoor/schemas/alerts'
import type * as Controller from '../../controller/Controller.js'

/** A blocking alert: its title (the spec's words) and what the developer should do. */
export default function AlertView({ alert }: { alert: Controller.Alert }) {
  const { shortMessage, longMessage } = ALERTS[alert]
  return (
    <div className="fd-alert" role="alert">
      <svg viewBox="0 0 24 24" aria-hidden="true" className="fd-alert-icon">
        <circle cx="12" cy="12" r="10" />
        <path d="M12 7v6M12 16.5v.5" />
      </svg>
      <p className="fd-alert-title">{shortMessage}</p>
      <p className="fd-alert-detail">{longMessage}</p>
    </div>
  )
}
