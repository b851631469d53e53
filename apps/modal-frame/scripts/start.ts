// The modal-frame part of the stack (and `npm run serve`): builds the modal and sdk.js when their sources
// are newer than the build, then serves them on MODAL_URL's port with the frame server.
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { FrameServer } from '@frontdoor/frame-server'
import * as Addresses from '@frontdoor/protocol/addresses'
import * as SdkRelease from '../../host-sdk/scripts/release.js'
import * as Server from '../server.js'
import './build.js'

const app = join(dirname(fileURLToPath(import.meta.url)), '..')
const hostSdk = join(app, '..', 'host-sdk')

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
