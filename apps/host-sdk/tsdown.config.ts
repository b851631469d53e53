import { defineConfig } from 'tsdown'

/**
 * The npm build: dist/index.js (ESM, not minified: the page's bundler minifies) and dist/index.d.ts.
 * packages/protocol and packages/schemas are not published: they are devDependencies, so both the code
 * and the types are bundled. penpal and zod are dependencies and stay imports: penpal at run time (the
 * page's bundler shares one copy), zod only in the types (its schemas' inferred types; no code imports
 * it). dist/ also holds sdk.js (vite.config.ts), so neither build empties it.
 */
export default defineConfig({
  // `solana`: the Wallet Standard entry (`@frontdoor/host-sdk/solana`), kept out of index and sdk.js.
  entry: { index: 'src/index.ts', solana: 'src/solana/index.ts' },
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  // Eager: the protocol's types are inferred from zod schemas in files outside this package.
  dts: { tsc: { eager: true } },
  clean: false,
  // Shared chunks (the entries share the one ProviderRpcError) keep fixed names: dist/ is never emptied.
  hash: false,
  sourcemap: false,
  report: false,
  inputOptions: { checks: { bundlerTimings: false } },
})
