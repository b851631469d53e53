import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [react()],
  build: { target: 'es2022', modulePreload: { polyfill: false }, sourcemap: false, manifest: true },
  server: { port: 5180, host: '127.0.0.1' },
})
