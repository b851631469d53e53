import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [react()],
  build: {
    target: 'es2022',
    // A lazy view's own JS imports load when it does; only its CSS is listed ahead (the lists of every
    // lazy chunk's JS dependencies sat in the first-open chunks and cost 1.2 KB gzipped).
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps) => deps.filter((dep) => dep.endsWith('.css')),
    },
    sourcemap: false,
    manifest: true,
    // Chunks by content hash only: their names are read by nobody, and every name the first-open chunks
    // list costs bytes.
    rollupOptions: {
      output: { chunkFileNames: 'assets/[hash].js', assetFileNames: 'assets/[hash][extname]' },
    },
  },
  server: { port: 5180, host: '127.0.0.1' },
})
