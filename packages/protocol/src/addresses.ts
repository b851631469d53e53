/**
 * The addresses of Frontdoor's parts. Every address is an environment variable with a default; nothing
 * else is hard-coded. The defaults have production's topology: the host page (`localhost`), the modal
 * (`127.0.0.1`) and the auth frame (`127.0.0.2`) are three sites, so the modal is a third-party,
 * cross-site frame and the auth frame has a host of its own, where its partitioned cookie (the session's
 * store when the browser denies it localStorage) is out of the modal's reach. Chromium treats all of
 * 127.0.0.0/8 as a secure context and each IP address as its own site; Linux routes all of it to the
 * loopback interface, and Node resolves it without DNS (a `*.localhost` name Chromium resolves itself,
 * but glibc does not).
 */
export const ADDRESS_DEFAULTS = {
  DEMO_URL: 'http://localhost:5173',
  MODAL_URL: 'http://127.0.0.1:5180',
  AUTH_URL: 'http://127.0.0.2:5181',
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
