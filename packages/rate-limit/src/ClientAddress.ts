import { isIPv4, isIPv6 } from 'node:net'

/**
 * Who a client is, by address, for the rate limits and shares that count per client address: the
 * socket's peer, or, behind proxies of ours (TRUST_PROXY), the address the outermost of them saw.
 * One definition for every server: the API's routes and the relay's door.
 */

/** The largest proxy chain TRUST_PROXY may name. */
const TRUSTED_PROXIES_MAX = 10

/**
 * How many proxies of ours stand in front of a server, from TRUST_PROXY: unset, `0` or `false` for
 * none (`X-Forwarded-For` is ignored), `1` or `true` for one, a count for a chain of them.
 */
export function trustedProxies(value: string | undefined): number {
  const text = value?.trim().toLowerCase() ?? ''
  if (text === '' || text === 'false') return 0
  if (text === 'true') return 1
  const count = Number(text)
  if (!Number.isInteger(count) || count < 0 || count > TRUSTED_PROXIES_MAX)
    throw new Error(`TRUST_PROXY must be true, false or a number of proxies (0 to ${TRUSTED_PROXIES_MAX})`)
  return count
}

/**
 * The client's address behind `trustProxy` proxies of ours: the `X-Forwarded-For` entry the
 * outermost of them appended (the Nth from the end). Entries before it are whatever the client
 * wrote, so they are never read. Undefined without such proxies, or when the header has fewer
 * entries than proxies (it is not ours): the socket's peer is then the client.
 *
 * @example
 * ClientAddress.forwarded('6.6.6.6, 203.0.113.7', 1) // '203.0.113.7': the client wrote 6.6.6.6
 */
export function forwarded(header: string | string[] | undefined, trustProxy: number): string | undefined {
  if (trustProxy <= 0 || header === undefined) return undefined
  const hops = (Array.isArray(header) ? header.join(',') : header).split(',')
  return hops[hops.length - trustProxy]?.trim() || undefined
}

/** The first four groups of an IPv6 address, as numbers (`::` expanded, an IPv4 tail as two groups). */
function prefix64(address: string): number[] {
  const [left = '', right] = address.split('::')
  const groups = (text: string) =>
    text
      ? text.split(':').flatMap((group) => {
          if (!group.includes('.')) return [Number.parseInt(group, 16)]
          const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number)
          return [(a << 8) | b, (c << 8) | d]
        })
      : []
  const head = groups(left)
  const tail = right === undefined ? [] : groups(right)
  return [...head, ...Array<number>(8 - head.length - tail.length).fill(0), ...tail].slice(0, 4)
}

/**
 * The key a client address counts under: an IPv4 address as is (also written IPv4-mapped,
 * `::ffff:203.0.113.7`); an IPv6 address by its /64, the block one subscriber gets, so that one host
 * does not count as 2^64 clients. Anything else as given.
 *
 * @example
 * ClientAddress.key('2001:db8:1:2:a:b:c:d') // '2001:db8:1:2::/64'
 */
export function key(address: string): string {
  const bare = address.split('%')[0]!.toLowerCase()
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare)?.[1]
  if (mapped && isIPv4(mapped)) return mapped
  if (isIPv4(bare) || !isIPv6(bare)) return bare
  return `${prefix64(bare)
    .map((group) => group.toString(16))
    .join(':')}::/64`
}
