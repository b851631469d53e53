import { createRoot } from 'react-dom/client'
import '../styles.css'
import { App } from './App.js'
import type * as Controller from './Controller.js'

/** Renders the modal into #root. */
export function mount(controller: Controller.Controller) {
  createRoot(document.getElementById('root')!).render(<App controller={controller} />)
}
