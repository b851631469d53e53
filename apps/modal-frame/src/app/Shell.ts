import * as State from '../controller/State.js'
import * as Modal from '../modal/Modal.js'
import * as Router from '../router/Router.js'

/**
 * The shell: the modal as it is before the host page has said anything (closed, on Connect, the
 * default features and theme, no wallets yet). It is the same for every project and page, so the build
 * renders it into index.html (Prerender.tsx) and the browser lays it out before React has loaded; React
 * then hydrates it from these same values (mount.tsx) and moves on to the real state.
 */

/** The stores of the shell, at their first value. */
export function stores() {
  return {
    router: Router.create(),
    modal: Modal.create(),
    // A project id: a frame without one shows its alert after hydration, like any other change.
    state: State.create({ projectId: 'shell' }, []),
  }
}
