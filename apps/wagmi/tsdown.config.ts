import { defineConfig } from 'tsdown'

/**
 * The npm build: dist/index.js (ESM) and dist/index.d.ts. @frontdoor/host-sdk is a dependency and the
 * peer dependencies are the page's own: all stay imports.
 */
export default defineConfig({
  entry: { index: 'src/index.ts' },
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  dts: true,
  sourcemap: false,
  report: false,
  inputOptions: { checks: { bundlerTimings: false } },
})
