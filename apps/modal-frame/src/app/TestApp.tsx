import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import * as Controller from '../controller/Controller.js'
import type * as Env from '../env/Env.js'
import { App } from './App.js'

// What the App's tests share (App.test, App.reopen.test, mount.test): React's act() environment, a frame's
// settings that reach nothing, the App rendered on a real controller, and the clean-up after each test.

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true

/** A modal frame's settings whose API, relay and auth frame are a closed port. */
export const ENV: Env.Env = {
  projectId: 'p1',
  mode: 'modal',
  apiUrl: 'http://127.0.0.1:9',
  relayUrl: 'ws://127.0.0.1:9',
  authUrl: 'http://127.0.0.1:9',
  allowedOrigins: [],
  originsError: undefined,
  embedder: undefined,
}

let mounted: Root | undefined

/** Keeps `root` (mounted by the test, as mount.tsx does) for {@link cleanup}. */
export function keep(root: Root): Root {
  mounted = root
  return root
}

/**
 * The App on a real controller (not started: no host), rendered into the document.
 *
 * @example
 * afterEach(TestApp.cleanup)
 * const { controller, container } = await TestApp.render({ ...TestApp.ENV, mode: 'inline' })
 */
export async function render(env: Env.Env = ENV) {
  const controller = Controller.create(env)
  const container = document.body.appendChild(document.createElement('div'))
  const root = keep(createRoot(container))
  await act(async () => root.render(<App controller={controller} />))
  return { controller, container }
}

/** Unmounts what was rendered or kept and empties the document (each test file's afterEach). */
export function cleanup() {
  act(() => mounted?.unmount())
  mounted = undefined
  document.body.innerHTML = ''
}
