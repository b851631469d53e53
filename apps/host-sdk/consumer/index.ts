// A page outside the repository, as its README tells a developer to write it: createFrontdoor() with the
// devnets by id, the page's EIP-1193 provider for connect, sign and send, and the Solana wallet registered.
import { createFrontdoor, type State } from '@frontdoor/host-sdk'
import { registerSolana } from '@frontdoor/host-sdk/solana'
import * as Panel from './Panel.js'

const frontdoor = createFrontdoor({
  projectId: 'demo',
  networks: [31337, 31338],
  metadata: { name: 'A page outside the repository', url: location.origin },
})
registerSolana(frontdoor, { chains: ['solana:localnet'] })

const request = frontdoor.provider.request
const account = async () => ((await request({ method: 'eth_accounts' })) as string[])[0]
let connecting = false

const panel = Panel.mount(document.getElementById('root') as HTMLElement, '@frontdoor/host-sdk', {
  async connect() {
    connecting = true
    show()
    try {
      const [address] = (await request({ method: 'eth_requestAccounts' })) as string[]
      return address ?? ''
    } finally {
      connecting = false
      show()
    }
  },
  async signMessage(message) {
    return (await request({
      method: 'personal_sign',
      params: [Panel.utf8Hex(message), await account()],
    })) as string
  },
  async sendTransaction(to) {
    const from = await account()
    return (await request({
      method: 'eth_sendTransaction',
      params: [{ from, to, value: Panel.VALUE }],
    })) as string
  },
  async switchChain(chainId) {
    await frontdoor.switchNetwork(chainId)
    return String(chainId)
  },
  async disconnect() {
    await frontdoor.disconnect()
    return 'disconnected'
  },
})

function show(state: State = frontdoor.getState()) {
  const status = connecting && state.status === 'disconnected' ? 'connecting' : state.status
  panel.show({ status, address: state.address, chainId: state.chainId })
}
frontdoor.subscribe(show)
show()
