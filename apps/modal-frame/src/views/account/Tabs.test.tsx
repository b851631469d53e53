// @vitest-environment jsdom
import { act, useState } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { Tabs } from './Tabs.js'

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true

function Harness() {
  const [selected, setSelected] = useState('tokens')
  return (
    <Tabs
      label="Account"
      selected={selected}
      onSelect={setSelected}
      tabs={[
        { id: 'tokens', label: 'Tokens', panel: () => <p>token list</p> },
        { id: 'nfts', label: 'NFTs', panel: () => <p>nft grid</p> },
        {
          id: 'activity',
          label: 'Activity',
          badge: { text: '3', description: '3 pending' },
          panel: () => <p>activity list</p>,
        },
      ]}
    />
  )
}

let root: Root
let container: HTMLDivElement
beforeEach(() => {
  container = document.createElement('div')
  document.body.append(container)
  root = createRoot(container)
  act(() => root.render(<Harness />))
})
afterEach(() => {
  act(() => root.unmount())
  container.remove()
})

const tabs = () => [...container.querySelectorAll<HTMLButtonElement>('[role="tab"]')]
const panel = () => container.querySelector('[role="tabpanel"]')!
const key = (target: Element, name: string) =>
  act(() => {
    target.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true }))
  })

describe('Tabs', () => {
  test('a tablist of Tokens, NFTs, Activity; the badge stays out of the name and describes the tab', () => {
    expect(container.querySelector('[role="tablist"]')?.getAttribute('aria-label')).toBe('Account')
    expect(tabs().map((t) => t.textContent)).toEqual(['Tokens', 'NFTs', 'Activity3'])
    const activity = tabs()[2]!
    const badge = activity.querySelector('.fd-tab-badge')!
    expect(badge.getAttribute('aria-hidden')).toBe('true')
    expect(document.getElementById(activity.getAttribute('aria-describedby')!)?.textContent).toBe('3 pending')
    expect(tabs().map((t) => t.getAttribute('aria-selected'))).toEqual(['true', 'false', 'false'])
    expect(tabs().map((t) => t.tabIndex)).toEqual([0, -1, -1])
    expect(panel().getAttribute('aria-labelledby')).toBe(tabs()[0]!.id)
    expect(panel().textContent).toBe('token list')
  })

  test('arrow keys, Home and End move the selection and the focus, wrapping around', () => {
    tabs()[0]!.focus()
    key(tabs()[0]!, 'ArrowRight')
    expect(tabs()[1]!.getAttribute('aria-selected')).toBe('true')
    expect(document.activeElement).toBe(tabs()[1])
    expect(panel().textContent).toBe('nft grid')
    key(tabs()[1]!, 'End')
    expect(document.activeElement).toBe(tabs()[2])
    key(tabs()[2]!, 'ArrowRight')
    expect(document.activeElement).toBe(tabs()[0])
    key(tabs()[0]!, 'ArrowLeft')
    expect(panel().textContent).toBe('activity list')
    key(tabs()[2]!, 'Home')
    expect(tabs()[0]!.getAttribute('aria-selected')).toBe('true')
  })

  test('a click selects', () => {
    act(() => tabs()[1]!.click())
    expect(panel().id).toBe(tabs()[1]!.getAttribute('aria-controls'))
  })
})
