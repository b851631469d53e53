import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

// The relay's part of the fault suite (`npm run test:faults`, issue 24): Redis restarted and its
// connections killed under relay processes, and a relay killed with a pairing in progress. Its files
// end in .faults.ts, so the unit run (`vitest run`) skips them.
export default defineConfig({
  // `npm run test:faults` runs it from the repository's root.
  root: dirname(fileURLToPath(import.meta.url)),
  test: {
    include: ['src/**/*.faults.ts'],
    testTimeout: 180_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
    fileParallelism: false,
  },
})
