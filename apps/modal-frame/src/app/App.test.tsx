// @vitest-environment jsdom
import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, describe, expect, test, vi } from 'vitest'
import * as Controller from '../controller/Controller.js'
import type * as Env from '../env/Env.js'
import * as Router from '../router/Router.js'
import { App } from './App.js'

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true

const ENV: Env.Env = {
  projectId: 'p1',
  mode: 'inline',
  apiUrl: 'http://127.0.0.1:9',
  relayUrl: 'ws://127.0.0.1:9',
  authUrl: 'http://127.0.0.1:9',
  allowedOrigins: [],
  originsError: undefined,
  embedder: undefined,
}

let root: Root | undefined
afterEach(() => {
  act(() => root?.unmount())
  document.body.innerHTML = ''
})

/** The App on a real controller (not started: no host), rendered into the document. */
async function render() {
  const controller = Controller.create(ENV)
  const container = document.body.appendChild(document.createElement('div'))
  root = createRoot(container)
  await act(async () => root!.render(<App controller={controller} />))
  return { controller, container }
}

/** Shows `view` with `data` as the router's current entry, as a host's `open({ view })` or a push would. */
async function show(controller: Controller.Controller, view: Router.View, data: unknown) {
  await act(async () => controller.router.set({ ...Router.initialState(view), data }))
}

const text = (container: HTMLElement) => container.querySelector('.fd-body')?.textContent ?? ''

describe('App renders the view of the route table', () => {
  test('a view opened with data its schema refuses shows the error view, not the view', async () => {
    const { controller, container } = await render()
    expect(container.querySelector('[role="alert"]')).toBeNull()
    expect(container.querySelector('#fd-title')?.textContent).toBe('Connect Wallet')

    // An injected wallet's rdns must be a non-empty string.
    await show(controller, 'ConnectingExternal', { rdns: 42, name: 'Bad' })
    await vi.waitFor(() => expect(text(container)).toContain('Something went wrong'))
    expect(text(container)).toContain('The ConnectingExternal view cannot open with this data')
    expect(text(container)).not.toContain('Continue in')
    expect(text(container)).not.toContain('is not available')
  })

  test('a view that needs data, opened by name with none (the host page), shows the error view', async () => {
    const { controller, container } = await render()
    await act(async () => controller.router.resetByName('EmailLogin'))
    await vi.waitFor(() => expect(text(container)).toContain('Something went wrong'))
    expect(text(container)).toContain('The EmailLogin view cannot open with this data')
  })

  test('valid data renders the view with that data and its title', async () => {
    const { controller, container } = await render()
    await act(async () =>
      controller.router.push('ConnectingExternal', { rdns: 'io.example', name: 'Example' }),
    )
    await vi.waitFor(() => expect(text(container)).toContain('Example is not available'))
    expect(container.querySelector('#fd-title')?.textContent).toBe('Example')
    expect(container.querySelector('[role="alert"] .fd-alert-title')).toBeNull()
  })
})

describe('App mounts the toast region', () => {
  test('while disconnected only once a toast was asked for (an alert such as Session Expired)', async () => {
    const { controller, container } = await render()
    const Toast = await import('../ui/Toast.js')
    const region = () => container.querySelector('.fd-toasts')
    await act(async () => Toast.frame.show('Session Expired', 'error'))
    expect(controller.state.get().status).toBe('disconnected')
    expect(region()).toBeNull()
    await act(async () => controller.state.set((s) => ({ ...s, toasts: true })))
    await vi.waitFor(() => expect(region()?.textContent).toBe('Session Expired'))
    act(() => Toast.frame.hide())
  })
})
