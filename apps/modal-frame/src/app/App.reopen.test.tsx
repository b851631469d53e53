// @vitest-environment jsdom
import { act } from 'react'
import { afterEach, expect, test, vi } from 'vitest'
import * as TestApp from './TestApp.js'

// The Connect view, counting its renders.
const renders = vi.hoisted(() => ({ count: 0 }))
vi.mock('../views/connect/ConnectView.js', () => ({
  ConnectView: () => {
    renders.count++
    return <div className="fd-connect" />
  },
}))

afterEach(TestApp.cleanup)

test('opening and closing the modal shows and hides the card without rendering the view again', async () => {
  const { controller, container } = await TestApp.render()
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
