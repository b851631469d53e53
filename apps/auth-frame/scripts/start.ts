// The auth-frame part of the stack (and `npm run serve`): builds the frame when its sources are newer
// than the build, then serves it on AUTH_URL's port with the frame server, embeddable by MODAL_URL only.
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { FrameServer } from '@frontdoor/frame-server'
import * as Addresses from '@frontdoor/protocol/addresses'
import * as Build from '../../../scripts/stack/build.js'
import * as Server from '../server.js'

const app = join(dirname(fileURLToPath(import.meta.url)), '..')
const root = join(app, '..', '..')

Build.ifStale({
  name: 'auth-frame',
  cwd: app,
  output: join(app, 'dist', 'index.html'),
  inputs: [
    join(app, 'src'),
    join(app, 'index.html'),
    join(app, 'vite.config.ts'),
    join(root, 'packages', 'schemas', 'src'),
    join(root, 'packages', 'protocol', 'src'),
  ],
})

const addresses = Addresses.from(process.env)
await FrameServer.listen(
  Server.frame({
    distDir: join(app, 'dist'),
    modalUrl: addresses.MODAL_URL,
    apiUrl: addresses.API_URL,
    regionalApiUrl: process.env.REGIONAL_API_URL || undefined,
  }),
  Addresses.port(addresses.AUTH_URL),
  new URL(addresses.AUTH_URL).hostname,
)
console.log(`auth-frame: serving ${addresses.AUTH_URL} (embeddable by ${addresses.MODAL_URL} only)`)
