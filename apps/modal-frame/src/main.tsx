import * as Controller from './controller/Controller.js'
import * as Env from './env/Env.js'
// In the document's head (not the UI chunk's): the prerendered shell is laid out before React loads.
import './styles.css'

// The bridge to the host starts before React is even evaluated, so the handshake does not wait for the
// UI; the UI chunk loads at once and renders the Connect view before anyone asks for it.
performance.mark('frontdoor:modal-evaluated')
const controller = Controller.create(Env.read())
controller.start().catch((error: unknown) => console.error('frontdoor: host connection failed', error))
import('./app/mount.js')
  .then((ui) => ui.mount(controller))
  .catch((error: unknown) => console.error('frontdoor: the modal could not load', error))
