import { defineConfig } from 'vitest/config'

// Pure functions: the chain-facing checks of the same code run in packages/devnet and apps/bundler.
export default defineConfig({ test: { isolate: false, pool: 'threads' } })
