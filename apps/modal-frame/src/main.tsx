import { createRoot } from 'react-dom/client'
import { App } from './app/App.js'
import * as Controller from './app/Controller.js'
import * as Env from './env/Env.js'
import './styles.css'

performance.mark('frontdoor:modal-evaluated')
const controller = Controller.create(Env.read())
createRoot(document.getElementById('root')!).render(<App controller={controller} />)
controller.start().catch((error: unknown) => console.error('frontdoor: host connection failed', error))
