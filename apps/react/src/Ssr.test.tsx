// @vitest-environment node
import { renderToString } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import * as React from './index.js'

function Page() {
  const { status, isConnected } = React.useFrontdoorAccount()
  const { chainId } = React.useFrontdoorNetwork()
  const { open } = React.useFrontdoorState()
  const { frontdoor } = React.useFrontdoor()
  return <p>{`${status} ${isConnected} ${chainId} ${open} ${frontdoor}`}</p>
}

describe('server rendering', () => {
  test('imports and renders without a window, with the initial state', () => {
    expect(typeof globalThis.window).toBe('undefined')
    const html = renderToString(
      <React.FrontdoorProvider
        options={{
          projectId: 'demo',
          metadata: { name: 'Test' },
          networks: [
            {
              id: 1,
              caipNetworkId: 'eip155:1',
              chainNamespace: 'eip155',
              name: 'Ethereum',
              nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
              rpcUrls: { default: { http: [] } },
            },
          ],
        }}
      >
        <Page />
      </React.FrontdoorProvider>,
    )
    expect(html).toBe('<p>disconnected false undefined false undefined</p>')
  })
})
