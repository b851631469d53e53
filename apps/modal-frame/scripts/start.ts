// The modal-frame part of the stack (and `npm run serve`): builds the modal and sdk.js when their sources
// are newer than the build, then serves them on MODAL_URL's port with the frame server.
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { FrameServer } from '@frontdoor/frame-server'
import * as Addresses from '@frontdoor/protocol/addresses'
import * as Build from '../../../scripts/stack/build.js'
import * as SdkRelease from '../../host-sdk/scripts/release.js'
import * as Server from '../server.js'

const app = join(dirname(fileURLToPath(import.meta.url)), '..')
const root = join(app, '..', '..')
const hostSdk = join(root, 'apps', 'host-sdk')

const shared = [join(root, 'packages', 'schemas', 'src'), join(root, 'packages', 'protocol', 'src')]
Build.ifStale({
  name: 'host-sdk',
  cwd: hostSdk,
  output: join(hostSdk, 'dist', 'sdk.js'),
  inputs: [join(hostSdk, 'src'), join(hostSdk, 'vite.config.ts'), ...shared],
})
Build.ifStale({
  name: 'modal-frame',
  cwd: app,
  output: join(app, 'dist', 'index.html'),
  inputs: [
    join(app, 'src'),
    join(app, 'index.html'),
    join(app, 'vite.config.ts'),
    join(hostSdk, 'src'),
    ...shared,
  ],
})

const addresses = Addresses.from(process.env)
const url = new URL(addresses.MODAL_URL)
// Behind an edge (the scale profile, docker-compose.yml) MODAL_URL is the edge's address and
// FRAME_LISTEN (host:port) where this server listens; API_INTERNAL_URL the API as it reaches it.
const listen = FrameServer.listenAddress(process.env.FRAME_LISTEN) ?? {
  host: url.hostname,
  port: Addresses.port(addresses.MODAL_URL),
}
await FrameServer.listen(
  Server.frame({
    distDir: join(app, 'dist'),
    sdkPath: join(hostSdk, 'dist', 'sdk.js'),
    sdkVersionedPath: SdkRelease.path(),
    apiUrl: addresses.API_URL,
    internalApiUrl: process.env.API_INTERNAL_URL || undefined,
    authUrl: addresses.AUTH_URL,
    relayUrl: addresses.RELAY_URL,
  }),
  listen.port,
  listen.host,
)
console.log(
  `modal-frame: serving ${addresses.MODAL_URL} (sdk.js at ${addresses.MODAL_URL}/sdk.js and ${addresses.MODAL_URL}${SdkRelease.path()}) on ${listen.host}:${listen.port}`,
)
