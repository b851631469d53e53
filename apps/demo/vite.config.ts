import { resolve } from 'node:path'
import * as Addresses from '@frontdoor/protocol/addresses'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// The demo talks to the modal at MODAL_URL; `%VITE_MODAL_URL%` in the HTML pages and
// import.meta.env.VITE_MODAL_URL in code are replaced at build time. The library pages' chains (wagmi's
// transports) read the devnets at their URLs.
const addresses = Addresses.from(process.env)
process.env.VITE_MODAL_URL = addresses.MODAL_URL
process.env.VITE_DEVNET_31337_URL = addresses.DEVNET_31337_URL
process.env.VITE_DEVNET_31338_URL = addresses.DEVNET_31338_URL

export default defineConfig({
  plugins: [react()],
  build: {
    target: 'es2022',
    rollupOptions: {
      input: {
        main: resolve(import.meta.dirname, 'index.html'),
        script: resolve(import.meta.dirname, 'script-tag.html'),
        embedded: resolve(import.meta.dirname, 'embedded.html'),
        wagmi: resolve(import.meta.dirname, 'wagmi.html'),
        viem: resolve(import.meta.dirname, 'viem.html'),
        ethers: resolve(import.meta.dirname, 'ethers.html'),
      },
    },
  },
  server: { port: 5173, host: 'localhost' },
})
