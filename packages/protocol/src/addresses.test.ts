import { describe, expect, test } from 'vitest'
import * as Addresses from './addresses.js'

describe('from', () => {
  test('defaults are the ports of ARCHITECTURE.md', () => {
    expect(Addresses.from({})).toMatchInlineSnapshot(`
      {
        "API_URL": "http://127.0.0.1:4000",
        "AUTH_URL": "http://127.0.0.2:5181",
        "BUNDLER_URL": "http://127.0.0.1:4337",
        "DEMO_URL": "http://localhost:5173",
        "DEVNET_31337_URL": "http://127.0.0.1:8545",
        "DEVNET_31338_URL": "http://127.0.0.1:8546",
        "MAILBOX_URL": "http://127.0.0.1:2580",
        "MODAL_URL": "http://127.0.0.1:5180",
        "ONRAMP_URL": "http://127.0.0.1:5190",
        "RELAY_URL": "ws://127.0.0.1:4001",
        "SMTP_URL": "smtp://127.0.0.1:2525",
      }
    `)
  })

  test("production's topology: the page, the modal and the auth frame are on three hosts (three sites)", () => {
    const { DEMO_URL, MODAL_URL, AUTH_URL } = Addresses.from({})
    const hosts = [DEMO_URL, MODAL_URL, AUTH_URL].map((url) => new URL(url).hostname)
    expect(new Set(hosts).size).toBe(3)
    // The frames' hosts are IP addresses (each its own site) on the loopback network.
    for (const url of [MODAL_URL, AUTH_URL]) expect(new URL(url).hostname).toMatch(/^127\.\d+\.\d+\.\d+$/)
  })

  test('an environment variable wins, without a trailing slash', () => {
    expect(Addresses.from({ API_URL: 'https://api.example.com/' }).API_URL).toBe('https://api.example.com')
  })
})

describe('port', () => {
  test('explicit and implied ports', () => {
    expect(Addresses.port('http://127.0.0.1:4000')).toBe(4000)
    expect(Addresses.port('https://api.example.com')).toBe(443)
    expect(Addresses.port('ws://relay.example.com')).toBe(80)
  })
})
