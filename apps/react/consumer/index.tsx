// A React page outside the repository: <FrontdoorProvider> and its hooks; signing and sending go through the
// instance's EIP-1193 provider (useFrontdoor().frontdoor).
import type { Frontdoor } from '@frontdoor/host-sdk'
import { FrontdoorProvider, useFrontdoor, useFrontdoorAccount, useFrontdoorNetwork } from '@frontdoor/react'
import { useEffect, useRef, useState } from 'react'
import { createRoot } from 'react-dom/client'
import * as Panel from './Panel.js'

const options = {
  projectId: 'demo',
  networks: [31337, 31338],
  metadata: { name: 'A React page', url: location.origin },
}

function Page() {
  const { frontdoor } = useFrontdoor()
  const { address, status } = useFrontdoorAccount()
  const { chainId, switchNetwork } = useFrontdoorNetwork()
  const [connecting, setConnecting] = useState(false)
  const root = useRef<HTMLDivElement>(null)
  const panel = useRef<ReturnType<typeof Panel.mount>>(undefined)
  // The panel's buttons outlive renders: they read the latest instance and hooks from here.
  const latest = useRef({ frontdoor, switchNetwork })
  latest.current = { frontdoor, switchNetwork }

  useEffect(() => {
    const instance = (): Frontdoor => {
      if (!latest.current.frontdoor) throw new Error('Frontdoor is not ready yet')
      return latest.current.frontdoor
    }
    const request = (method: string, params?: unknown) => instance().provider.request({ method, params })
    const account = async () => ((await request('eth_accounts')) as string[])[0]
    panel.current = Panel.mount(root.current as HTMLDivElement, '@frontdoor/react', {
      async connect() {
        setConnecting(true)
        try {
          const [connected] = (await request('eth_requestAccounts')) as string[]
          return connected ?? ''
        } finally {
          setConnecting(false)
        }
      },
      async signMessage(message) {
        return (await request('personal_sign', [Panel.utf8Hex(message), await account()])) as string
      },
      async sendTransaction(to) {
        return (await request('eth_sendTransaction', [
          { from: await account(), to, value: Panel.VALUE },
        ])) as string
      },
      async switchChain(id) {
        await latest.current.switchNetwork(id)
        return String(id)
      },
      async disconnect() {
        await instance().disconnect()
        return 'disconnected'
      },
    })
  }, [])

  useEffect(() => {
    panel.current?.show({
      status: connecting && status === 'disconnected' ? 'connecting' : status,
      address,
      chainId,
    })
  }, [connecting, status, address, chainId])

  return <div ref={root} />
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <FrontdoorProvider options={options}>
    <Page />
  </FrontdoorProvider>,
)
