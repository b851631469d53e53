import { defineConfig } from '@playwright/test'

/** Debian's Chromium: Playwright's own browser download cannot be had on our machines. */
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.e2e.ts',
  // Through the edge of the scale profile: their own config (scale/playwright.config.ts), another stack.
  testIgnore: ['scale/**'],
  outputDir: './artifacts/results',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    headless: true,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
})
