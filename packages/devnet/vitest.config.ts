import { defineConfig } from 'vitest/config'

// Tests start real Hardhat nodes (about 1-2 s each, more on a busy machine).
export default defineConfig({ test: { testTimeout: 30_000, hookTimeout: 60_000 } })
