import { renderToString } from 'react-dom/server'
import type * as Controller from '../controller/Controller.js'
import { App } from './App.js'
import * as Shell from './Shell.js'

/**
 * The build's prerender (vite.config.ts): the App rendered to HTML from the shell's stores, written
 * into index.html's #root. Only the build and the tests import this module (react-dom/server stays out
 * of the modal's chunks).
 */

/** What the App and the Connect view read of the controller while rendering; nothing runs. */
function controller(): Controller.Controller {
  const nothing = () => {}
  const shell = {
    ...Shell.stores(),
    env: { mode: 'modal' },
    requestClose: nothing,
    prefetchWalletConnect: nothing,
    preloadEmbedded: nothing,
  }
  return shell as unknown as Controller.Controller
}

/** The shell's HTML (the modal closed, on Connect), for index.html's #root. */
export function html(): string {
  return renderToString(<App controller={controller()} />)
}
