import { defineConfig } from 'vitest/config'

// Small modules; the Redis tests run when REDIS_URL is set.
export default defineConfig({ test: { isolate: false, pool: 'threads' } })
