// @vitest-environment jsdom
import { act } from 'react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import * as Controller from '../controller/Controller.js'
import { mount } from './mount.js'
import * as Prerender from './Prerender.js'
import * as TestApp from './TestApp.js'

afterEach(() => {
  TestApp.cleanup()
  vi.restoreAllMocks()
})

/** The document as the build writes it: the prerendered shell in #root. */
function prerenderedDocument() {
  document.body.innerHTML = `<div id="root">${Prerender.html()}</div>`
  return {
    card: document.querySelector<HTMLElement>('.fd-card')!,
    email: document.querySelector<HTMLInputElement>('input[type="email"]')!,
  }
}

describe('the prerendered shell', () => {
  test('is the closed modal on Connect, with no inline script or style (the frame CSP allows neither)', () => {
    const html = Prerender.html()
    const { card } = prerenderedDocument()
    expect(card.hidden).toBe(true)
    expect(card.querySelector('#fd-title')?.textContent).toBe('Connect Wallet')
    expect(card.querySelector('.fd-connect')).not.toBeNull()
    expect(html).not.toMatch(/<script|\sstyle=|\son[a-z]+=/i)
  })

  test('React hydrates it: the same elements stay, no hydration error, then the real state shows', async () => {
    const { card, email } = prerenderedDocument()
    const errors = vi.spyOn(console, 'error')
    const reported = vi.fn()
    window.addEventListener('error', reported)
    const controller = Controller.create(TestApp.ENV)
    // The page said its theme before React loaded: the shell hydrates, then the dark theme shows.
    controller.state.set((s) => ({ ...s, theme: { themeMode: 'dark', themeVariables: {} } }))
    expect(card.dataset.theme).toBe('light')

    await act(async () => {
      TestApp.keep(mount(controller))
    })
    expect(document.querySelector('.fd-card')).toBe(card)
    expect(document.querySelector('input[type="email"]')).toBe(email)
    expect(card.dataset.theme).toBe('dark')
    expect(errors).not.toHaveBeenCalled()
    expect(reported).not.toHaveBeenCalled()
    window.removeEventListener('error', reported)

    // Hydrated means live: opening shows the card.
    await act(async () => controller.modal.open())
    expect(card.hidden).toBe(false)
  })

  test('the inline mode renders anew (the shell is the modal mode)', async () => {
    const { card } = prerenderedDocument()
    const controller = Controller.create({ ...TestApp.ENV, mode: 'inline' })
    await act(async () => {
      TestApp.keep(mount(controller))
    })
    const shown = document.querySelector<HTMLElement>('.fd-card')!
    expect(shown).not.toBe(card)
    expect(shown.hidden).toBe(false)
    expect(document.querySelectorAll('.fd-card')).toHaveLength(1)
  })
})
