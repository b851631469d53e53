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

/** A lazy view's chunk, held until the test releases it: its first visit shows it late, whatever the machine's speed. */
const held = vi.hoisted(() => {
  const gate = () => {
    let release = () => {}
    const promise = new Promise<void>((resolve) => {
      release = resolve
    })
    return { promise, release: () => release() }
  }
  return { allWallets: gate(), placeholder: gate() }
})
vi.mock('../views/all-wallets/AllWallets.js', async (importOriginal) => {
  await held.allWallets.promise
  return importOriginal()
})
vi.mock('../views/placeholder/Placeholder.js', async (importOriginal) => {
  await held.placeholder.promise
  return importOriginal()
})

/** Holds requestAnimationFrame's callbacks until `paint()` runs them. */
function holdFrames() {
  const frames: FrameRequestCallback[] = []
  vi.spyOn(globalThis, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback))
  return () => {
    for (const callback of frames.splice(0)) callback(0)
  }
}

/** Inside an element React hid (display:none) or a [hidden] one: focus() there does nothing in a browser. */
const inHidden = (el: Element | null) => Boolean(el?.closest('[hidden], [style*="display: none"]'))

describe('App moves focus into the card', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  test('on open once the card has been painted (not in the task that shows it); on a new view at once, and into a lazy view once it arrives', async () => {
    const paint = holdFrames()
    const { controller, container } = await TestApp.render()
    const card = container.querySelector<HTMLElement>('.fd-card')!
    const email = () => card.querySelector<HTMLElement>('[data-autofocus]')
    const search = () => card.querySelector<HTMLElement>('input[type="search"][data-autofocus]')
    expect(email()?.getAttribute('type')).toBe('email')
    // Every element focus reached, and whether it was hidden then: never.
    const reached: [Element, boolean][] = []
    const onFocus = (event: FocusEvent) =>
      reached.push([event.target as Element, inHidden(event.target as Element)])
    document.addEventListener('focusin', onFocus)
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

      // All Wallets inside the open modal. First visit: its chunk is held; the Connect view is kept
      // hidden meanwhile, and focus waits on the card (not on the hidden email field).
      await act(async () => controller.router.push('AllWallets'))
      if (i === 0) {
        expect(search()).toBeNull()
        expect(inHidden(email())).toBe(true)
        expect(document.activeElement).toBe(card)
        // Released: the chunk is in once its module is (whatever the machine's load), then React shows it.
        await act(async () => {
          held.allWallets.release()
          await import('../views/all-wallets/AllWallets.js')
        })
        await vi.waitFor(() => expect(search()).not.toBeNull(), { timeout: 10_000 })
      }
      // Loaded (the second visit at once): focus is on its search field.
      expect(document.activeElement).toBe(search())
      await act(async () => {
        controller.modal.close()
        controller.router.reset('Connect')
      })
      // The page takes focus back when the modal closes.
      ;(document.activeElement as HTMLElement | null)?.blur()
    }
    document.removeEventListener('focusin', onFocus)
    expect(reached.filter(([el]) => el.matches('input[type="search"]'))).toHaveLength(2)
    expect(reached.filter(([, hidden]) => hidden)).toEqual([])

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
  })

  test('a lazy view that arrives after the visitor moved focus leaves the focus where they put it', async () => {
    const paint = holdFrames()
    const { controller, container } = await TestApp.render()
    const card = container.querySelector<HTMLElement>('.fd-card')!
    await act(async () => controller.modal.open())
    paint()
    await vi.waitFor(() => expect(card.contains(document.activeElement)).toBe(true))
    // A view not built yet (its chunk held): focus waits on the card; the visitor then Tabs to Back.
    await act(async () => controller.router.push('EmailVerifyOtp'))
    expect(document.activeElement).toBe(card)
    const back = card.querySelector<HTMLElement>('button[aria-label="Back"]')!
    back.focus()
    await act(async () => {
      held.placeholder.release()
      await import('../views/placeholder/Placeholder.js')
    })
    await vi.waitFor(() => expect(text(container)).toContain('Not available yet'), { timeout: 10_000 })
    expect(document.activeElement).toBe(back)
  })
})

describe('App inline (embedded in the page)', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  test('does not take the focus when it first shows; moves it on a view the visitor caused in the frame', async () => {
    const paint = holdFrames()
    // The visitor types in the host page: this frame's document does not have the focus.
    const inFrame = vi.spyOn(document, 'hasFocus').mockReturnValue(false)
    const { controller, container } = await render()
    const card = container.querySelector<HTMLElement>('.fd-card')!
    expect(card.querySelector('[data-autofocus]')).not.toBeNull()
    expect(card.hidden).toBe(false)
    paint()
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(card.contains(document.activeElement)).toBe(false)

    // A view the page or the modal changed (not the visitor): the focus stays out.
    await act(async () =>
      controller.router.push('ConnectingExternal', { rdns: 'io.example', name: 'Example' }),
    )
    await vi.waitFor(() => expect(text(container)).toContain('Example is not available'), { timeout: 10_000 })
    paint()
    expect(card.contains(document.activeElement)).toBe(false)
    await act(async () => controller.router.goBack())
    paint()
    expect(card.contains(document.activeElement)).toBe(false)

    // The visitor, in the frame, picks a view: focus moves into it.
    inFrame.mockReturnValue(true)
    card.querySelector<HTMLElement>('button')?.focus()
    await act(async () =>
      controller.router.push('ConnectingExternal', { rdns: 'io.example', name: 'Example' }),
    )
    await vi.waitFor(() => expect(text(container)).toContain('Example is not available'), { timeout: 10_000 })
    expect(document.activeElement).toBe(card.querySelector('[data-autofocus]') ?? card)
  })
})

describe('App keeps Tab inside the card', () => {
  test('Tab from the last control goes to the first, Shift+Tab from the first (or the card) to the last', async () => {
    const { container } = await render()
    const card = container.querySelector<HTMLElement>('.fd-card')!
    const items = [
      ...card.querySelectorAll<HTMLElement>(
        'button:not([disabled]),input:not([disabled]),a[href],[tabindex]:not([tabindex="-1"])',
      ),
    ]
    const first = items[0]!
    const last = items.at(-1)!
    expect(items.length).toBeGreaterThan(1)
    const tab = (shiftKey: boolean) => {
      const event = new KeyboardEvent('keydown', { key: 'Tab', shiftKey, bubbles: true, cancelable: true })
      act(() => {
        document.activeElement?.dispatchEvent(event)
      })
      return event.defaultPrevented
    }
    last.focus()
    expect(tab(false)).toBe(true)
    expect(document.activeElement).toBe(first)
    expect(tab(true)).toBe(true)
    expect(document.activeElement).toBe(last)
    card.focus()
    expect(tab(true)).toBe(true)
    expect(document.activeElement).toBe(last)
    // In between, the browser moves the focus.
    first.focus()
    expect(tab(false)).toBe(false)
    expect(document.activeElement).toBe(first)
  })
})
