import { defineConfig } from '@playwright/test'
import * as Scale from '../../scripts/stack/scale.js'
import base from '../playwright.config.js'

/**
 * The end-to-end tests through the edge (issue 17): the global setup starts the stack's scale profile
 * (two API and two relay nodes behind nginx, PostgreSQL and Redis), and the tests and their helpers
 * read the profile's addresses from the environment. Its ports are not the default stack's.
 *
 * flock /tmp/frontdoor-e2e.lock npx playwright test -c e2e/scale/playwright.config.ts
 */
Object.assign(process.env, Scale.ADDRESSES, { STACK_PROFILE: 'scale' })

export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: '**/*.e2e.ts',
  testIgnore: [],
  outputDir: '../artifacts/scale-results',
  globalSetup: '../global-setup.ts',
})
