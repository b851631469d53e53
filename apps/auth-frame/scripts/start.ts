// The auth-frame part of the stack (and `npm run serve`): builds the frame when its sources are newer
// than the build, then serves it on AUTH_URL's port with the frame server, embeddable by MODAL_URL only.
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { FrameServer } from '@frontdoor/frame-server'
import * as Addresses from '@frontdoor/protocol/addresses'
import * as Server from '../server.js'
import './build.js'

const app = join(dirname(fileURLToPath(import.meta.url)), '..')

const addresses = Addresses.from(process.env)
// Behind an edge: FRAME_LISTEN (host:port) and API_INTERNAL_URL, as for the modal frame.
const listen = FrameServer.listenAddress(process.env.FRAME_LISTEN) ?? {
  host: new URL(addresses.AUTH_URL).hostname,
  port: Addresses.port(addresses.AUTH_URL),
}
await FrameServer.listen(
  Server.frame({
    distDir: join(app, 'dist'),
    modalUrl: addresses.MODAL_URL,
    apiUrl: addresses.API_URL,
    internalApiUrl: process.env.API_INTERNAL_URL || undefined,
    regionalApiUrl: process.env.REGIONAL_API_URL || undefined,
  }),
  listen.port,
  listen.host,
)
console.log(`auth-frame: serving ${addresses.AUTH_URL} (embeddable by ${addresses.MODAL_URL} only)`)
