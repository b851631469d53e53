import { ALERTS } from '@frontdoor/schemas/alerts'
import type * as Alerts from '../controller/Alerts.js'
import * as Toast from './Toast.js'

/**
 * An alert of the catalogue (spec section 8) shown as an error toast, with its fix on the console. This
 * module loads only when such an alert shows, so the catalogue's words stay off the first-open path.
 */
export function show(alert: Alerts.Alert) {
  console.error(`frontdoor: ${ALERTS[alert].longMessage}`)
  Toast.frame.show(ALERTS[alert].shortMessage, 'error')
}
