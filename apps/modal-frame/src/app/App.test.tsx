// @vitest-environment jsdom
import { act } from 'react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import type * as Controller from '../controller/Controller.js'
import * as Router from '../router/Router.js'
import * as TestApp from './TestApp.js'

afterEach(TestApp.cleanup)

/** The App in the inline mode (the card always shown). */
const render = () => TestApp.render({ ...TestApp.ENV, mode: 'inline' })

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

describe('App moves focus into the card', () => {
  test('on open once the card has been painted (not in the task that shows it); on a new view at once', async () => {
    const frames: FrameRequestCallback[] = []
    vi.spyOn(globalThis, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback))
    const paint = () => {
      for (const callback of frames.splice(0)) callback(0)
    }
    try {
      const { controller, container } = await TestApp.render()
      const card = container.querySelector<HTMLElement>('.fd-card')!
      const email = () => card.querySelector<HTMLElement>('[data-autofocus]')
      expect(email()?.getAttribute('type')).toBe('email')
      for (let i = 0; i < 2; i++) {
        expect(card.hidden).toBe(true)
        await act(async () => {
          controller.modal.open()
          controller.router.resetByName('Connect')
        })
        expect(card.hidden).toBe(false)
        expect(card.contains(document.activeElement)).toBe(false)
        paint()
        expect(card.contains(document.activeElement)).toBe(false)
        await vi.waitFor(() => expect(document.activeElement).toBe(email()))

        // Another view inside the open modal: focus moves in the same task (to the card while the
        // lazy view loads).
        await act(async () => controller.router.push('AllWallets'))
        expect(card.contains(document.activeElement)).toBe(true)
        expect(document.activeElement).toBe(card.querySelector('[data-autofocus]') ?? card)
        await act(async () => {
          controller.modal.close()
          controller.router.reset('Connect')
        })
        // The page takes focus back when the modal closes.
        ;(document.activeElement as HTMLElement | null)?.blur()
      }

      // A control the visitor focuses before the first paint keeps the focus.
      await act(async () => {
        controller.modal.open()
        controller.router.resetByName('Connect')
      })
      const close = card.querySelector<HTMLElement>('button[aria-label="Close"]')!
      close.focus()
      paint()
      await new Promise((resolve) => setTimeout(resolve, 20))
      expect(document.activeElement).toBe(close)
    } finally {
      vi.restoreAllMocks()
    }
  })
})
