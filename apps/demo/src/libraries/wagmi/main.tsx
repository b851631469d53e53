// The wagmi example: WagmiProvider + TanStack Query with the frontdoor() connector, and
// @frontdoor/react's provider for the modal's own state (the same instance: one per page).
import { FrontdoorProvider } from '@frontdoor/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createRoot } from 'react-dom/client'
import { WagmiProvider } from 'wagmi'
import * as Devnets from '../Devnets.js'
import '../../demo.css'
import { App } from './App.js'
import { config, NETWORKS } from './config.js'

const queryClient = new QueryClient()

createRoot(document.getElementById('root')!).render(
  <WagmiProvider config={config}>
    <QueryClientProvider client={queryClient}>
      <FrontdoorProvider options={{ ...Devnets.OPTIONS, networks: NETWORKS }}>
        <App />
      </FrontdoorProvider>
    </QueryClientProvider>
  </WagmiProvider>,
)
