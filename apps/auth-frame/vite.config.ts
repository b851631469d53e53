import { defineConfig } from 'vite'

export default defineConfig({
  build: { target: 'es2022', modulePreload: { polyfill: false }, sourcemap: false },
  server: { port: 5181, host: '127.0.0.2' },
})
