import * as Controller from './controller/Controller.js'
import * as Env from './env/Env.js'
// In the document's head (not the UI chunk's): the prerendered shell is laid out before React loads.
import './styles.css'

/**
 * How long the UI waits for the host's handshake before it is evaluated anyway (a page that creates
 * the frame but is slow to answer it, or no host at all).
 */
const UI_AFTER_HANDSHAKE_MAX_MS = 500

// The bridge to the host starts before React is even evaluated, so the handshake does not wait for the
// UI. The UI chunk and React are fetched at once (index.html lists them as modulepreload, see
// vite.config.ts) but evaluated once the host is connected: React's parse and its first render would
// otherwise hold up the handshake's messages in this frame's one thread.
performance.mark('frontdoor:modal-evaluated')
const controller = Controller.create(Env.read())
let mounting = false
const mount = () => {
  if (mounting) return
  mounting = true
  import('./app/mount.js')
    .then((ui) => ui.mount(controller))
    .catch((error: unknown) => console.error('frontdoor: the modal could not load', error))
}
controller.start(mount).catch((error: unknown) => console.error('frontdoor: host connection failed', error))
setTimeout(mount, UI_AFTER_HANDSHAKE_MAX_MS)
