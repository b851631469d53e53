// The edge of the stack's scale profile: writes nginx's configuration for the scale topology into the
// folder given (deploy/nginx/frontdoor.conf.template filled in) and runs Debian's nginx on it in the
// foreground until SIGTERM.
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import * as Addresses from '@frontdoor/protocol/addresses'
import * as SdkRelease from '../../apps/host-sdk/scripts/release.js'
import * as Edge from '../../deploy/Edge.js'
import * as Scale from './scale.js'

const dir = process.argv[2]
if (!dir) throw new Error('usage: scale-edge.ts <folder>')
const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((path) => existsSync(path))
if (!nginx) {
  console.error('edge: nginx is not installed (apt-get install nginx)')
  process.exit(1)
}
const addresses = Addresses.from(process.env)
const hostPort = (url: string) => `${new URL(url).hostname}:${Addresses.port(url)}`
const root = join(import.meta.dirname, '..', '..')
for (const kind of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
  mkdirSync(join(dir, 'tmp', kind), { recursive: true })
// The modal frame's part built sdk.js (when stale): its versioned copy, for /sdk/<version>/sdk.js.
SdkRelease.publish()
const site = join(dir, 'frontdoor.conf')
writeFileSync(
  site,
  Edge.site({
    listen: {
      modal: hostPort(addresses.MODAL_URL),
      auth: hostPort(addresses.AUTH_URL),
      api: hostPort(addresses.API_URL),
      relay: hostPort(addresses.RELAY_URL),
    },
    apiNodes: Scale.NODES.api,
    relayNodes: Scale.NODES.relay,
    modalFrame: Scale.NODES.modalFrame,
    authFrame: Scale.NODES.authFrame,
    modalRoot: join(root, 'apps', 'modal-frame', 'dist'),
    authRoot: join(root, 'apps', 'auth-frame', 'dist'),
    sdkFile: join(root, 'apps', 'host-sdk', 'dist', 'sdk.js'),
    sdkRoot: SdkRelease.PUBLISHED,
    accessLog: join(dir, 'access.log'),
  }),
)
const conf = join(dir, 'nginx.conf')
writeFileSync(conf, Edge.main({ dir, site, root: process.getuid?.() === 0 }))
console.log(
  `edge: nginx on ${addresses.MODAL_URL} (modal, sdk.js), ${addresses.AUTH_URL} (auth frame), ${addresses.API_URL} (API x${Scale.NODES.api.length}), ${addresses.RELAY_URL} (relay x${Scale.NODES.relay.length}); config ${conf}`,
)
const child = spawn(nginx, ['-p', dir, '-c', conf, '-e', join(dir, 'error.log')], { stdio: 'inherit' })
// nginx stops at once on SIGTERM (fast shutdown); SIGQUIT would wait for the WebSockets.
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => child.kill('SIGTERM'))
child.on('exit', (code) => process.exit(code ?? 0))
