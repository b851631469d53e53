// `npm run check:package`: @frontdoor/wagmi packed, linted (publint, attw) and installed into an empty
// TypeScript project beside @frontdoor/host-sdk's tarball and what a wagmi user has (@wagmi/core, viem),
// type-checked under `strict` and bundled (see ../../host-sdk/scripts/package-check.mjs).
import { readdirSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import * as PackageCheck from '../../host-sdk/scripts/package-check.mjs'

const dir = resolve(dirname(fileURLToPath(import.meta.url)), '..')
await PackageCheck.check({
  dir,
  files: () => [
    'LICENSE',
    'README.md',
    'package.json',
    ...readdirSync(join(dir, 'dist')).map((f) => `dist/${f}`),
  ],
  local: [PackageCheck.HOST_SDK],
  install: ['@wagmi/core@^3', 'viem@^2'],
  page: {
    'index.ts': `import { frontdoor, Networks, type FrontdoorParameters } from '@frontdoor/wagmi'
import { connect, createConfig, getConnection, http } from '@wagmi/core'
import { mainnet, sepolia } from 'viem/chains'

const parameters: FrontdoorParameters = { projectId: 'demo', metadata: { name: 'A wagmi page' }, themeMode: 'dark' }
export const config = createConfig({
  chains: [mainnet, sepolia],
  connectors: [frontdoor(parameters)],
  transports: { [mainnet.id]: http(), [sepolia.id]: http() },
})
const connector = config.connectors.find((c) => c.id === 'frontdoor')
if (connector) {
  const { accounts, chainId }: { accounts: readonly \`0x\${string}\`[]; chainId: number } = await connect(config, { connector })
  console.log(accounts[0], chainId, getConnection(config).status)
}
console.log(Networks.fromChain(mainnet).caipNetworkId)
// @ts-expect-error: projectId is required
frontdoor({ metadata: { name: 'x' } })
`,
  },
  bundleContains: ['dev.frontdoor', 'wallet_switchEthereumChain', 'createFrontdoor() runs in a browser'],
})
