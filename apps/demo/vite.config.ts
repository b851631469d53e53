import { resolve } from 'node:path'
import * as Addresses from '@frontdoor/protocol/addresses'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// The demo talks to the modal at MODAL_URL; `%VITE_MODAL_URL%` in the HTML pages and
// import.meta.env.VITE_MODAL_URL in code are replaced at build time.
process.env.VITE_MODAL_URL = Addresses.from(process.env).MODAL_URL

export default defineConfig({
  plugins: [react()],
  build: {
    target: 'es2022',
    rollupOptions: {
      input: {
        main: resolve(import.meta.dirname, 'index.html'),
        script: resolve(import.meta.dirname, 'script-tag.html'),
        embedded: resolve(import.meta.dirname, 'embedded.html'),
      },
    },
  },
  server: { port: 5173, host: 'localhost' },
})
