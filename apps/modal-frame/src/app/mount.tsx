import { createRoot } from 'react-dom/client'
import '../styles.css'
import type * as Controller from '../controller/Controller.js'
import { App } from './App.js'

/** Renders the modal into #root. */
export function mount(controller: Controller.Controller) {
  createRoot(document.getElementById('root')!).render(<App controller={controller} />)
}
