import { describe, expect, test } from 'vitest'
import * as Addresses from './addresses.js'

describe('from', () => {
  test('defaults are the ports of ARCHITECTURE.md', () => {
    expect(Addresses.from({})).toMatchInlineSnapshot(`
      {
        "API_URL": "http://127.0.0.1:4000",
        "AUTH_URL": "http://127.0.0.1:5181",
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
