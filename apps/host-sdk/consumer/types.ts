// Type-checked with the page, never run: the package's types must stay precise (each @ts-expect-error
// fails once a type degrades to `any`).
import { createFrontdoor, type Network, ProviderRpcError } from '@frontdoor/host-sdk'
import { registerSolana, type Wallet } from '@frontdoor/host-sdk/solana'

export async function typeChecks() {
  const devnet: Network = {
    id: 31337,
    caipNetworkId: 'eip155:31337',
    chainNamespace: 'eip155',
    name: 'Devnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
  }
  const frontdoor = createFrontdoor({
    projectId: 'demo',
    networks: [devnet, 'eip155:31338'],
    metadata: { name: 'A page outside the repository' },
    themeMode: 'dark',
    features: { socials: ['google'] },
  })
  void frontdoor.open({ view: 'AllWallets' })
  void frontdoor.shake()
  frontdoor.provider.request({ method: 'eth_requestAccounts' }).catch((error: unknown) => {
    if (error instanceof ProviderRpcError && error.code === 4001) console.log('closed')
  })
  // @ts-expect-error: a view the modal does not have
  void frontdoor.open({ view: 'NoSuchView' })
  const { wallet }: { wallet: Wallet } = registerSolana(frontdoor, { chains: ['solana:localnet'] })
  const { accounts } = await wallet.features['standard:connect'].connect()
  const account = accounts[0]!
  await wallet.features['solana:signMessage'].signMessage({ account, message: new Uint8Array([1]) })
  // @ts-expect-error: not a Solana chain name
  registerSolana(frontdoor, { chains: ['eip155:1'] })
}
