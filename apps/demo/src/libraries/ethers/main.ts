// The ethers v6 example: a BrowserProvider on the Frontdoor provider; every action is ethers'.
import { createFrontdoor } from '@frontdoor/host-sdk'
import { BrowserProvider, parseEther } from 'ethers'
import { NETWORKS } from '../../networks.js'
import '../../demo.css'
import * as Devnets from '../Devnets.js'
import * as Panel from '../Panel.js'

const frontdoor = createFrontdoor({ ...Devnets.OPTIONS, networks: NETWORKS })
// 'any': the wallet may switch networks while the page runs.
const provider = new BrowserProvider(frontdoor.provider, 'any')

let connecting = false
const panel = Panel.mount(document.getElementById('root')!, 'ethers', {
  async connect() {
    connecting = true
    void refresh()
    try {
      const signer = await provider.getSigner()
      return signer.address
    } finally {
      connecting = false
      void refresh()
    }
  },
  async signMessage(message) {
    const signer = await provider.getSigner()
    return signer.signMessage(message)
  },
  async sendTransaction(to) {
    const signer = await provider.getSigner()
    const tx = await signer.sendTransaction({ to, value: parseEther('0.001') })
    return tx.hash
  },
  async switchChain(chainId) {
    await provider.send('wallet_switchEthereumChain', [{ chainId: `0x${chainId.toString(16)}` }])
    return String(chainId)
  },
  async disconnect() {
    // ethers has no disconnect: the session is Frontdoor's.
    await frontdoor.disconnect()
    return 'disconnected'
  },
})

/**
 * Reads the connection through ethers (listAccounts, eth_chainId) and shows it. Not getNetwork(): with
 * 'any' it answers the previous network once after a switch.
 */
async function refresh() {
  const [signer] = await provider.listAccounts()
  const chainId = Number(await provider.send('eth_chainId', []))
  panel.show({
    status: signer ? 'connected' : connecting ? 'connecting' : 'disconnected',
    address: signer?.address,
    chainId,
  })
}
for (const event of ['connect', 'disconnect', 'accountsChanged', 'chainChanged'])
  frontdoor.provider.on(event, () => void refresh())
void refresh()
