import { defineConfig } from 'vitest/config'

// Tests start real Hardhat nodes and Alto processes (a few seconds each, more on a busy machine).
export default defineConfig({ test: { testTimeout: 60_000, hookTimeout: 120_000 } })
