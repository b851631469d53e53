/**
 * The addresses of Frontdoor's parts. Every address is an environment variable with the default of
 * ARCHITECTURE.md section 1; nothing else is hard-coded. `localhost` (the host page) versus `127.0.0.1`
 * (our frames) keeps the modal a third-party, cross-site frame in development, as it is in production.
 */
export const ADDRESS_DEFAULTS = {
  DEMO_URL: 'http://localhost:5173',
  MODAL_URL: 'http://127.0.0.1:5180',
  AUTH_URL: 'http://127.0.0.1:5181',
  API_URL: 'http://127.0.0.1:4000',
  RELAY_URL: 'ws://127.0.0.1:4001',
  DEVNET_31337_URL: 'http://127.0.0.1:8545',
  DEVNET_31338_URL: 'http://127.0.0.1:8546',
  SMTP_URL: 'smtp://127.0.0.1:2525',
  MAILBOX_URL: 'http://127.0.0.1:2580',
  ONRAMP_URL: 'http://127.0.0.1:5190',
  BUNDLER_URL: 'http://127.0.0.1:4337',
} as const

export type Addresses = { -readonly [K in keyof typeof ADDRESS_DEFAULTS]: string }

/**
 * Reads the addresses from an environment, falling back to the defaults.
 *
 * @example
 * const { API_URL } = Addresses.from(process.env)
 */
export function from(env: Record<string, string | undefined> = {}): Addresses {
  const result = { ...ADDRESS_DEFAULTS } as Addresses
  for (const key of Object.keys(ADDRESS_DEFAULTS) as (keyof Addresses)[]) {
    const value = env[key]
    if (value) result[key] = value.replace(/\/$/, '')
  }
  return result
}

/** The port an address listens on. */
export function port(address: string): number {
  const url = new URL(address)
  if (url.port) return Number(url.port)
  return url.protocol === 'https:' || url.protocol === 'wss:' ? 443 : 80
}
