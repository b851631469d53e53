import { createHash } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { build, defineConfig, type Rolldown } from 'vite'

/** The Solana entry of the script build: built first, written beside sdk.js as {@link SOLANA_FILE}. */
const SOLANA_ENTRY = 'src/solana/script.ts'
/**
 * dist/ holds the npm build's solana.js (tsdown.config.ts) too, so the script build's is
 * sdk-solana.js there; the servers answer it as solana.js beside sdk.js (/solana.js,
 * /sdk/<version>/solana.js).
 */
const SOLANA_FILE = 'sdk-solana.js'

/** An IIFE of `entry`, minified, as the script builds are. */
const iife = (entry: string, name: string, fileName: string) => ({
  target: 'es2022',
  lib: { entry, formats: ['iife' as const], name, fileName: () => fileName },
  minify: true,
  emptyOutDir: false,
  sourcemap: false,
  // A property read whose value goes unused is dropped: the constants modules re-export strings as
  // `export const X = Table.X`, and a read kept for a getter we do not have kept dead tables in sdk.js.
  rolldownOptions: { treeshake: { propertyReadSideEffects: false as const } },
})

/** The Solana entry built in memory: its code. */
async function solanaScript(): Promise<string> {
  const output = (await build({
    configFile: false,
    root: fileURLToPath(new URL('.', import.meta.url)),
    logLevel: 'warn',
    build: { ...iife(SOLANA_ENTRY, 'FrontdoorSolana', SOLANA_FILE), write: false },
  })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[]
  const chunk = [output]
    .flat()
    .flatMap((o) => o.output)
    .find((o) => o.type === 'chunk')
  if (!chunk) throw new Error(`host-sdk: the build of ${SOLANA_ENTRY} has no code`)
  return chunk.code
}

/**
 * The one-line script build: dist/sdk.js, an IIFE, minified, and dist/sdk-solana.js (the Solana
 * entry, which sdk.js loads when its tag has data-solana) with its Subresource Integrity hash compiled
 * into sdk.js, so a page that pins sdk.js pins both. dist/ also holds the npm build (tsdown.config.ts).
 */
export default defineConfig(async ({ command }) => {
  // vitest reads this file too (command 'serve'): only a build makes the Solana entry.
  const solana = command === 'build' ? await solanaScript() : ''
  const integrity = `sha384-${createHash('sha384').update(solana).digest('base64')}`
  return {
    define: { __FRONTDOOR_SOLANA_INTEGRITY__: JSON.stringify(integrity) },
    build: iife('src/script.ts', 'FrontdoorSdk', 'sdk.js'),
    plugins: [
      {
        name: 'frontdoor-solana-script',
        apply: 'build',
        generateBundle() {
          this.emitFile({ type: 'asset', fileName: SOLANA_FILE, source: solana })
        },
      },
    ],
  }
})
