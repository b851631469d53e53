// `npm run check:package`: @frontdoor/react packed, linted (publint, attw) and installed into an empty
// TypeScript project beside @frontdoor/host-sdk's tarball and what a React user has (react, react-dom and
// their types), type-checked under `strict` and bundled (see ../../host-sdk/scripts/package-check.mjs).
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
  install: ['react@^19', 'react-dom@^19', '@types/react@^19', '@types/react-dom@^19'],
  page: {
    'index.tsx': `import { FrontdoorProvider, useFrontdoor, useFrontdoorAccount, useFrontdoorNetwork } from '@frontdoor/react'
import type { Options } from '@frontdoor/host-sdk'
import { createRoot } from 'react-dom/client'

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
      <button type="button" onClick={() => open()}>{isConnected ? address : 'Connect'}</button>
      <button type="button" onClick={() => switchNetwork(1)}>Ethereum ({chainId})</button>
    </header>
  )
}

// @ts-expect-error: options are required
const missing = <FrontdoorProvider />

createRoot(document.getElementById('root')!).render(
  <FrontdoorProvider options={options}>
    <Header />
  </FrontdoorProvider>,
)
`,
  },
  bundleContains: ['must be used inside <FrontdoorProvider>', 'createFrontdoor() runs in a browser'],
})
