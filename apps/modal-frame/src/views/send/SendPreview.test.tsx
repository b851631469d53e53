// @vitest-environment jsdom
import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import * as SendFields from './SendFields.js'
import * as SendPreview from './SendPreview.js'
import * as SendStore from './SendStore.js'

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true

let root: Root
let container: HTMLDivElement
beforeEach(() => {
  container = document.body.appendChild(document.createElement('div'))
  root = createRoot(container)
})
afterEach(() => {
  act(() => root.unmount())
  container.remove()
  SendStore.frame.reset()
})

const buttons = () => [...container.querySelectorAll('button')]

describe('Buttons', () => {
  test('Send waits for `ready` and runs onSend; Edit takes the flow back to its form without its error', () => {
    let sent = 0
    SendStore.frame.update({ step: 'preview', error: 'Insufficient balance' })
    act(() => root.render(<SendPreview.Buttons ready={false} onSend={() => sent++} />))
    const [edit, send] = buttons()
    expect([edit?.textContent, send?.textContent]).toEqual(['Edit', 'Send'])
    expect(send?.disabled).toBe(true)
    act(() => root.render(<SendPreview.Buttons ready onSend={() => sent++} />))
    expect(send?.disabled).toBe(false)
    expect(sent).toBe(0)
    act(() => send?.click())
    expect(sent).toBe(1)
    expect(SendStore.frame.get()).toMatchObject({ step: 'preview', error: 'Insufficient balance' })
    act(() => edit?.click())
    expect(SendStore.frame.get()).toMatchObject({ step: 'form', error: undefined })
  })

  test("while the flow's send runs: both disabled, Send busy and 'Sending…'", () => {
    act(() => root.render(<SendPreview.Buttons ready onSend={() => {}} />))
    expect(buttons()[1]?.getAttribute('aria-busy')).toBe('false')
    act(() => SendStore.frame.update({ loading: true }))
    const [edit, send] = buttons()
    expect(edit?.disabled).toBe(true)
    expect(send?.disabled).toBe(true)
    expect(send?.getAttribute('aria-busy')).toBe('true')
    expect(send?.textContent?.trim()).toBe('Sending…')
  })
})

describe('Fee', () => {
  test("'Estimating…', then the error's message, then the fee's text; announced politely", () => {
    const render = (estimate: { isPending: boolean; isError: boolean; error: unknown }) => {
      act(() =>
        root.render(
          <dl>
            <SendPreview.Fee estimate={estimate} text={() => '0.000005 SOL'} />
          </dl>,
        ),
      )
      return container.querySelector('dd')
    }
    expect(render({ isPending: true, isError: false, error: null })?.textContent).toBe('Estimating…')
    expect(render({ isPending: false, isError: true, error: new Error('No route') })?.textContent).toBe(
      'No route',
    )
    const done = render({ isPending: false, isError: false, error: null })
    expect(done?.textContent).toBe('0.000005 SOL')
    expect(done?.getAttribute('aria-live')).toBe('polite')
    expect(container.querySelector('dt')?.textContent).toBe('Network fee')
  })
})

describe('Amount', () => {
  test('a comma is taken as the decimal point; the error describes the field while there is one', () => {
    const typed: string[] = []
    act(() =>
      root.render(
        <SendFields.Amount
          id="amount"
          errorId="error"
          value=""
          symbol="SOL"
          usd="$2.00"
          onChange={(amount) => typed.push(amount)}
          onMax={() => {}}
        />,
      ),
    )
    const input = container.querySelector('input')!
    expect(input.getAttribute('aria-describedby')).toBe('error')
    expect(typed).toEqual([])
    expect(container.querySelector('.fd-row-sub')?.textContent).toBe('$2.00')
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!
    act(() => {
      setValue.call(input, '1,5')
      input.dispatchEvent(new Event('input', { bubbles: true }))
    })
    expect(typed).toEqual(['1.5'])
  })

  test('no USD line on a testnet (the figure is undefined there)', () => {
    act(() =>
      root.render(
        <SendFields.Amount
          id="amount"
          errorId={undefined}
          value="1"
          symbol="ETH"
          usd={undefined}
          onChange={() => {}}
          onMax={() => {}}
        />,
      ),
    )
    expect(container.textContent).not.toContain('$')
  })
})
