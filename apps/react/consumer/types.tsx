// Type-checked with the page, never run: the package's types must stay precise (each @ts-expect-error
// fails once a type degrades to `any`).
import type { Options } from '@frontdoor/host-sdk'
import { FrontdoorProvider, useFrontdoor, useFrontdoorAccount, useFrontdoorNetwork } from '@frontdoor/react'

const options: Options = {
  projectId: 'demo',
  networks: [
    {
      id: 1,
      caipNetworkId: 'eip155:1',
      chainNamespace: 'eip155',
      name: 'Ethereum',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: ['https://eth.example'] } },
    },
  ],
  metadata: { name: 'A React page' },
}

function Header() {
  const { open } = useFrontdoor()
  const { address, isConnected } = useFrontdoorAccount()
  const { chainId, switchNetwork } = useFrontdoorNetwork()
  return (
    <header>
      <button type="button" onClick={() => open()}>
        {isConnected ? address : 'Connect'}
      </button>
      <button type="button" onClick={() => switchNetwork(1)}>
        Ethereum ({chainId})
      </button>
    </header>
  )
}

export const App = () => (
  <FrontdoorProvider options={options}>
    <Header />
  </FrontdoorProvider>
)

// @ts-expect-error: options are required
export const missing = <FrontdoorProvider />
