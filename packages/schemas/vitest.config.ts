import { defineConfig } from 'vitest/config'

// Pure functions and schemas: no per-file isolation needed, which keeps ~40 small files fast on 2 cores.
export default defineConfig({ test: { isolate: false, pool: 'threads' } })
