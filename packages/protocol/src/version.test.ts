import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import * as Version from './version.js'

describe('SDK_VERSION', () => {
  test("is the host SDK's package version: the one npm publishes and the versioned sdk.js is named after", () => {
    const hostSdk = JSON.parse(
      readFileSync(new URL('../../../apps/host-sdk/package.json', import.meta.url), 'utf8'),
    ) as { version: string }
    expect(Version.SDK_VERSION).toBe(hostSdk.version)
  })

  test('a release version, never the placeholder 0.0.0', () => {
    expect(Version.SDK_VERSION).toMatch(/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/)
    expect(Version.SDK_VERSION).not.toBe('0.0.0')
  })
})
