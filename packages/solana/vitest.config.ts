import { defineConfig } from 'vitest/config'

// Each test file starts its own cluster on port 0 (LiteSVM starts in about 20 ms).
export default defineConfig({ test: { testTimeout: 30_000, hookTimeout: 30_000 } })
