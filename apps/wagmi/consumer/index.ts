// A wagmi page outside the repository: @wagmi/core's actions with the frontdoor() connector on the devnets.
import { frontdoor } from '@frontdoor/wagmi'
import {
  connect,
  createConfig,
  disconnect,
  getConnection,
  http,
  reconnect,
  sendTransaction,
  signMessage,
  switchChain,
  watchConnection,
} from '@wagmi/core'
import { type Address, defineChain, parseEther } from 'viem'
import * as Panel from './Panel.js'

const devnet = (id: (typeof Panel.CHAIN_IDS)[number], url: string) =>
  defineChain({
    id,
    name: `Devnet ${id}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [url] } },
  })
const chains = [devnet(31337, 'http://127.0.0.1:8545'), devnet(31338, 'http://127.0.0.1:8546')] as const

export const config = createConfig({
  chains,
  connectors: [frontdoor({ projectId: 'demo', metadata: { name: 'A wagmi page', url: location.origin } })],
  multiInjectedProviderDiscovery: false,
  transports: { 31337: http(), 31338: http() },
})
const connector = config.connectors.find((c) => c.id === 'frontdoor')
if (!connector) throw new Error('the frontdoor connector is missing')

const panel = Panel.mount(document.getElementById('root') as HTMLElement, '@frontdoor/wagmi', {
  async connect() {
    const { accounts } = await connect(config, { connector })
    return accounts[0] ?? ''
  },
  signMessage: (message) => signMessage(config, { message }),
  sendTransaction: (to) => sendTransaction(config, { to: to as Address, value: parseEther('0.001') }),
  async switchChain(chainId) {
    await switchChain(config, { chainId: chainId as (typeof Panel.CHAIN_IDS)[number] })
    return String(chainId)
  },
  async disconnect() {
    await disconnect(config)
    return 'disconnected'
  },
})

function show() {
  const { status, address, chainId } = getConnection(config)
  panel.show({ status, address, chainId })
}
watchConnection(config, { onChange: show })
show()
// What WagmiProvider does on mount: a reload reconnects without asking.
void reconnect(config)
