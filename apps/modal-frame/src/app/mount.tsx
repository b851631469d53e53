import { createRoot, hydrateRoot, type Root } from 'react-dom/client'
import type * as Controller from '../controller/Controller.js'
import { hydrateFrom } from '../store/useStore.js'
import { App } from './App.js'
import * as Shell from './Shell.js'

/**
 * Renders the modal into #root. The build prerendered the shell there (Prerender.tsx, in the modal
 * mode): React hydrates it from the shell's values, so the document laid out before React loaded is
 * kept, then renders the real state. The inline mode (or a document without the shell) renders anew.
 */
export function mount(controller: Controller.Controller): Root {
  const root = document.getElementById('root')!
  const app = <App controller={controller} />
  if (controller.env.mode === 'modal' && root.firstElementChild) {
    const shell = Shell.stores()
    hydrateFrom(controller.router, shell.router.get())
    hydrateFrom(controller.modal, shell.modal.get())
    hydrateFrom(controller.state, shell.state.get())
    return hydrateRoot(root, app)
  }
  root.replaceChildren()
  const fresh = createRoot(root)
  fresh.render(app)
  return fresh
}
