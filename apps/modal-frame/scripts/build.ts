// Builds sdk.js and the modal when their sources are newer than the build: the stack launcher's build of
// the modal-frame part (run beside the other parts as the stack starts), and start.ts's first step.
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import * as Build from '../../../scripts/stack/build.js'

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
