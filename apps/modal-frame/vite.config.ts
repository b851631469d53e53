import react from '@vitejs/plugin-react'
import { createServer, defineConfig, type Plugin } from 'vite'

const ROOT_MARK = '<div id="root"></div>'

/**
 * Prerenders the shell (src/app/Prerender.tsx: the modal closed, on Connect, the defaults every project
 * starts from) into index.html's #root at build time, so the frame lays it out before React has loaded
 * and React hydrates it (src/app/mount.tsx). Plain HTML: no inline script or style (the frame's CSP).
 */
function prerender(): Plugin {
  return {
    name: 'frontdoor:prerender',
    apply: 'build',
    async transformIndexHtml(html) {
      if (!html.includes(ROOT_MARK)) throw new Error(`prerender: index.html has no ${ROOT_MARK}`)
      const server = await createServer({
        configFile: false,
        root: import.meta.dirname,
        logLevel: 'error',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
        plugins: [react()],
      })
      try {
        const module = (await server.ssrLoadModule('/src/app/Prerender.tsx')) as { html: () => string }
        return html.replace(ROOT_MARK, `<div id="root">${module.html()}</div>`)
      } finally {
        await server.close()
      }
    },
  }
}

export default defineConfig({
  plugins: [react(), prerender()],
  build: {
    target: 'es2022',
    // A lazy view's own JS imports load when it does; only its CSS is listed ahead (the lists of every
    // lazy chunk's JS dependencies sat in the first-open chunks and cost 1.2 KB gzipped). The document
    // lists the entry's own imports, so they load beside the entry rather than after it. (Listing the UI
    // chunk and React there too made ready about 30 ms slower: the frame parsed them during its startup.)
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'html' ? deps : deps.filter((dep) => dep.endsWith('.css')),
    },
    sourcemap: false,
    manifest: true,
    // Chunks by content hash only: their names are read by nobody, and every name the first-open chunks
    // list costs bytes.
    rollupOptions: {
      // Imported constants are inlined where they are used: a module the first-open chunks import keeps
      // there only what they use, not the strings and numbers only lazy views read (0.5 KB gz).
      optimization: { inlineConst: true },
      output: {
        chunkFileNames: 'assets/[hash].js',
        assetFileNames: 'assets/[hash][extname]',
        // React, react-dom and the scheduler in one chunk: they always load together (with the UI chunk,
        // src/app/mount.tsx), and one gzip stream is 0.4 KB smaller than react's chunk beside react-dom.
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }],
        },
      },
    },
  },
  server: { port: 5180, host: '127.0.0.1' },
})
