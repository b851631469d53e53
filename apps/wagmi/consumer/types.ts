// Type-checked with the page, never run: the package's types must stay precise (each @ts-expect-error
// fails once a type degrades to `any`).
import { type FrontdoorParameters, frontdoor, Networks } from '@frontdoor/wagmi'
import { connect, createConfig, getConnection, http } from '@wagmi/core'
import { mainnet, sepolia } from 'viem/chains'

export async function typeChecks() {
  const parameters: FrontdoorParameters = {
    projectId: 'demo',
    metadata: { name: 'A wagmi page' },
    themeMode: 'dark',
  }
  const config = createConfig({
    chains: [mainnet, sepolia],
    connectors: [frontdoor(parameters)],
    transports: { [mainnet.id]: http(), [sepolia.id]: http() },
  })
  const connector = config.connectors.find((c) => c.id === 'frontdoor')
  if (connector) {
    const { accounts, chainId }: { accounts: readonly `0x${string}`[]; chainId: number } = await connect(
      config,
      {
        connector,
      },
    )
    console.log(accounts[0], chainId, getConnection(config).status)
  }
  console.log(Networks.fromChain(mainnet).caipNetworkId)
  // @ts-expect-error: projectId is required
  frontdoor({ metadata: { name: 'x' } })
}
