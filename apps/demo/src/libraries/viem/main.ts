// The viem example: a wallet client on the Frontdoor provider (custom transport); every action is viem's.
import { createFrontdoor } from '@frontdoor/host-sdk'
import { type Address, createWalletClient, custom, parseEther } from 'viem'
import { NETWORKS } from '../../networks.js'
import '../../demo.css'
import * as Devnets from '../Devnets.js'
import * as Panel from '../Panel.js'

const frontdoor = createFrontdoor({ ...Devnets.OPTIONS, networks: NETWORKS })
const client = createWalletClient({ transport: custom(frontdoor.provider) })

let connecting = false
const panel = Panel.mount(document.getElementById('root')!, 'viem', {
  async connect() {
    connecting = true
    void refresh()
    try {
      const [address] = await client.requestAddresses()
      return address ?? ''
    } finally {
      connecting = false
      void refresh()
    }
  },
  async signMessage(message) {
    const [account] = await client.getAddresses()
    return client.signMessage({ account: account!, message })
  },
  async sendTransaction(to) {
    const [account] = await client.getAddresses()
    const chain = Devnets.chainOf(await client.getChainId())
    return client.sendTransaction({
      account: account!,
      chain: chain ?? null,
      to: to as Address,
      value: parseEther('0.001'),
    })
  },
  async switchChain(chainId) {
    await client.switchChain({ id: chainId })
    return String(chainId)
  },
  async disconnect() {
    // viem has no disconnect: the session is Frontdoor's.
    await frontdoor.disconnect()
    return 'disconnected'
  },
})

/** Reads the connection through viem (getAddresses, getChainId) and shows it. */
async function refresh() {
  const [address] = await client.getAddresses()
  const chainId = await client.getChainId()
  panel.show({ status: address ? 'connected' : connecting ? 'connecting' : 'disconnected', address, chainId })
}
for (const event of ['connect', 'disconnect', 'accountsChanged', 'chainChanged'])
  frontdoor.provider.on(event, () => void refresh())
void refresh()
