import { defineConfig } from 'vitest/config'

// Pure functions and schemas: no per-file isolation needed, which keeps the suite fast on 2 cores.
export default defineConfig({ test: { isolate: false, pool: 'threads' } })
