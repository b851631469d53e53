import { defineConfig } from 'vitest/config'

// Unit tests need none of the build config (vite.config.ts reads the addresses through tsx).
export default defineConfig({})
