import { existsSync, readdirSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'vite'

const here = dirname(fileURLToPath(import.meta.url))

/** The page's sources: an HTML page and the script that calls `createAppKit`. */
const SOURCE_DIR = join(here, 'page')

/** Where the page is bundled: under e2e/artifacts/, which git ignores. */
const OUT_DIR = join(here, '..', 'artifacts', 'appkit-page')

const newest = (dir: string): number =>
  Math.max(
    0,
    ...readdirSync(dir, { withFileTypes: true }).map((entry) =>
      entry.isDirectory() ? newest(join(dir, entry.name)) : statSync(join(dir, entry.name)).mtimeMs,
    ),
  )

/**
 * Bundles the AppKit page with Vite into `OUT_DIR`, unless a bundle newer than the sources (and
 * than this module) is there already. Returns `OUT_DIR`.
 */
export async function bundle(): Promise<string> {
  const index = join(OUT_DIR, 'index.html')
  const sourcesAt = Math.max(newest(SOURCE_DIR), statSync(fileURLToPath(import.meta.url)).mtimeMs)
  if (existsSync(index) && statSync(index).mtimeMs > sourcesAt) return OUT_DIR
  await build({
    root: SOURCE_DIR,
    base: './',
    configFile: false,
    logLevel: 'warn',
    build: {
      outDir: OUT_DIR,
      emptyOutDir: true,
      target: 'es2022',
      sourcemap: false,
      reportCompressedSize: false,
    },
  })
  return OUT_DIR
}
