// @vitest-environment jsdom
import type * as Token from '@frontdoor/schemas/entities/token'
import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { TokensTab } from './TokensTab.js'

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
})

const balance = (symbol: string, numeric: string, price: number): Token.TokenBalance => ({
  name: symbol,
  symbol,
  chainId: 'eip155:31337',
  ...(symbol === 'ETH' ? {} : { address: `eip155:31337:0x${symbol.length.toString().padStart(40, '0')}` }),
  price,
  value: Number(numeric) * price,
  quantity: { decimals: '18', numeric },
  iconUrl: '',
})
const balances = [balance('ETH', '1.5', 2000), balance('DOOR', '10', 0.5)]

function rows(network: { testnet?: boolean } | undefined) {
  act(() =>
    root.render(<TokensTab balances={balances} status="success" apiUrl="http://api" network={network} />),
  )
  return [...container.querySelectorAll('li')].map((row) =>
    [...row.querySelectorAll('.fd-row-sub, .fd-row-end')].map((part) => part.textContent),
  )
}

describe('TokensTab', () => {
  test('a mainnet: each row with its USD value, from the same prices as the total', () => {
    expect(rows({ testnet: false })).toEqual([
      ['1.5 ETH', '$3,000.00'],
      ['10 DOOR', '$5.00'],
    ])
  })

  test('a network marked testnet: token amounts only, no $ figure', () => {
    expect(rows({ testnet: true })).toEqual([['1.5 ETH'], ['10 DOOR']])
    expect(container.textContent).not.toContain('$')
  })
})
