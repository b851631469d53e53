import { defineConfig } from 'vitest/config'

// Tests start real Hardhat nodes (about 1-2 s each, more on a busy machine); solc runs once, first.
export default defineConfig({
  test: { testTimeout: 30_000, hookTimeout: 60_000, globalSetup: ['./vitest.setup.ts'] },
})
