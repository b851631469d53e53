// @vitest-environment jsdom
import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, expect, test, vi } from 'vitest'
import * as Controller from '../controller/Controller.js'
import type * as Env from '../env/Env.js'
import { App } from './App.js'

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true

// The Connect view, counting its renders.
const renders = vi.hoisted(() => ({ count: 0 }))
vi.mock('../views/connect/ConnectView.js', () => ({
  ConnectView: () => {
    renders.count++
    return <div className="fd-connect" />
  },
}))

const ENV: Env.Env = {
  projectId: 'p1',
  mode: 'modal',
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

test('opening and closing the modal shows and hides the card without rendering the view again', async () => {
  const controller = Controller.create(ENV)
  const container = document.body.appendChild(document.createElement('div'))
  root = createRoot(container)
  await act(async () => root!.render(<App controller={controller} />))
  const card = container.querySelector<HTMLElement>('.fd-card')!
  expect(card.hidden).toBe(true)
  const before = renders.count
  expect(before).toBeGreaterThan(0)

  for (let i = 0; i < 3; i++) {
    // As the host's open and close do: open, then back to the home view on close.
    await act(async () => {
      controller.modal.open()
      controller.router.resetByName('Connect')
    })
    expect(card.hidden).toBe(false)
    await act(async () => {
      controller.modal.close()
      controller.router.reset('Connect')
    })
    expect(card.hidden).toBe(true)
  }
  expect(renders.count).toBe(before)

  // Another route does render (the memo follows the route).
  await act(async () => controller.router.push('AllWallets'))
  await act(async () => controller.router.goBack())
  expect(renders.count).toBeGreaterThan(before)
})
