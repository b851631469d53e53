// @vitest-environment jsdom
import { expect, test, vi } from 'vitest'
import * as Screen from './Screen.js'
import type * as Visibility from './Visibility.js'

const ADDRESS = '0x49B774E38775AEA133e160596418C9B3C097E405'

/** A dapp's typed data that grants nothing (no permit): nothing to simulate. */
const mail = {
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'chainId', type: 'uint256' },
    ],
    Mail: [{ name: 'contents', type: 'string' }],
  },
  domain: { name: 'Mail app', chainId: 31337 },
  primaryType: 'Mail',
  message: { contents: 'hello' },
}

test("typed data with nothing to simulate: the changes' held place goes, and the gate looks again", async () => {
  const root = document.createElement('main')
  document.body.replaceChildren(root)
  let watched: Element[] = []
  const changed = vi.fn()
  const gate = (options: Visibility.GateOptions): Visibility.Gate => {
    watched = options.parts
    return { enabled: () => false, changed, pointer() {}, press: () => false, stop() {} }
  }
  const simulate = vi.fn()
  const screen = Screen.create(root, {
    approve() {},
    decline() {},
    tracked: true,
    gate,
    openPopup: () => undefined,
    pageOrigin: () => 'https://dapp.example',
    simulate,
  })
  const item = {
    id: 1,
    status: 'waiting' as const,
    method: 'eth_signTypedData_v4',
    params: [ADDRESS, JSON.stringify(mail)],
    chainId: 31337,
    address: ADDRESS,
  }
  screen.render({ current: item, queued: 0 }, undefined)
  // Before: the place is on the screen, empty, and watched as a part.
  const place = root.querySelector('.af-summary-content > section')
  expect(place).not.toBeNull()
  expect(watched).toContain(place)
  expect(changed).not.toHaveBeenCalled()
  // The lazy chunk finds nothing to simulate: the place goes and the gate is told.
  await vi.waitFor(() => expect(place?.isConnected).toBe(false))
  expect(changed).toHaveBeenCalledOnce()
  expect(simulate).not.toHaveBeenCalled()
})
