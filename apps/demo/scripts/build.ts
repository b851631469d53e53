// Builds the demo when its sources (or MODAL_URL) changed: the stack launcher's build of the demo part
// (run beside the other parts as the stack starts), and start.ts's first step.
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import * as Addresses from '@frontdoor/protocol/addresses'
import * as Build from '../../../scripts/stack/build.js'

const app = join(dirname(fileURLToPath(import.meta.url)), '..')
const root = join(app, '..', '..')
const addresses = Addresses.from(process.env)
/** The addresses the build baked in (a different MODAL_URL builds again); never served. */
export const STAMP_PATH = join(app, 'dist', '.modal-url')

// The demo imports @frontdoor/host-sdk, /wagmi and /react as their npm packages (dist/): their JavaScript
// first, by the packages' own tsdown builds. Without the type declarations (`npm run build` makes those):
// the demo's bundle needs none, and they took most of a fresh clone's start.
const shared = [join(root, 'packages', 'schemas', 'src'), join(root, 'packages', 'protocol', 'src')]
for (const name of ['host-sdk', 'wagmi', 'react']) {
  const library = join(root, 'apps', name)
  Build.ifStale({
    name,
    cwd: library,
    output: join(library, 'dist', 'index.js'),
    inputs: [
      join(library, 'src'),
      join(library, 'tsdown.config.ts'),
      join(library, 'package.json'),
      ...(name === 'host-sdk' ? shared : []),
    ],
    command: ['node', join(root, 'apps', 'host-sdk', 'scripts', 'tsdown.mjs'), '--no-dts', '--no-clean'],
  })
}

Build.ifStale({
  name: 'demo',
  cwd: app,
  output: join(app, 'dist', 'index.html'),
  inputs: [
    ...[
      'src',
      'index.html',
      'script-tag.html',
      'embedded.html',
      'wagmi.html',
      'viem.html',
      'ethers.html',
      'vite.config.ts',
    ].map((p) => join(app, p)),
    join(root, 'apps', 'host-sdk', 'src'),
    join(root, 'apps', 'wagmi', 'src'),
    join(root, 'apps', 'react', 'src'),
    join(root, 'packages', 'protocol', 'src'),
  ],
  key: {
    path: STAMP_PATH,
    value: [addresses.MODAL_URL, addresses.DEVNET_31337_URL, addresses.DEVNET_31338_URL].join(' '),
  },
  args: ['--configLoader', 'runner'],
})
