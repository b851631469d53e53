// Builds the embedded-wallet frame when its sources are newer than the build: the stack launcher's build
// of the auth-frame part (run beside the other parts as the stack starts), and start.ts's first step.
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import * as Build from '../../../scripts/stack/build.js'

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
