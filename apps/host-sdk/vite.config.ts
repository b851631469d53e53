import { defineConfig } from 'vite'

/** The one-line script build: dist/sdk.js, an IIFE, minified. dist/ also holds the npm build (tsdown.config.ts). */
export default defineConfig({
  build: {
    target: 'es2022',
    lib: { entry: 'src/script.ts', formats: ['iife'], name: 'FrontdoorSdk', fileName: () => 'sdk.js' },
    minify: true,
    emptyOutDir: false,
    sourcemap: false,
  },
})
