import { createHash } from 'node:crypto'
import { Caip } from '@frontdoor/schemas'
import type * as Tables from '../db/Tables.js'

/**
 * Fictional wallets for the directory. Names are invented; every domain is under the reserved
 * `.example` TLD, so no link points at a real product. Fields are derived deterministically.
 */
export const WALLET_NAMES = [
  'Aurora Vault',
  'Bastion Wallet',
  'Cobalt Keys',
  'Driftwood',
  'Ember Pocket',
  'Fjord Wallet',
  'Granite Pay',
  'Harborline',
  'Ion Wallet',
  'Juniper Keys',
  'Kestrel',
  'Lumen Pocket',
  'Meridian Wallet',
  'Nimbus Vault',
  'Orchard Wallet',
  'Pebblestone',
  'Quasar Wallet',
  'Rookery',
  'Saffron Keys',
  'Tundra Wallet',
  'Umbra Vault',
  'Vesper',
  'Willowleaf',
  'Xylo Wallet',
  'Yarrow',
  'Zephyr Keys',
  'Acorn Wallet',
  'Beacon Keys',
  'Cinder Vault',
  'Dune Wallet',
  'Echo Vault',
  'Flintlock',
  'Glacier Keys',
  'Heron Wallet',
  'Indigo Pocket',
  'Jasper Vault',
  'Kiln Wallet',
  'Lantern Keys',
  'Mossbank',
  'Nova Pocket',
  'Onyx Vault',
  'Prism Wallet',
  'Quillfeather',
  'Sable Keys',
  'Tidewater',
  'Upland Wallet',
  'Velvet Vault',
  'Wren Wallet',
  'Yonder Keys',
  'Zinnia Wallet',
  'Alder Pocket',
  'Birch Wallet',
  'Covehouse',
  'Delta Keys',
  'Elmstead',
  'Fernway Wallet',
  'Gale Pocket',
  'Hollow Oak',
  'Isle Wallet',
  'Jade Keys',
  'Kindle Vault',
  'Larkspur',
  'Maple Pocket',
  'Northwind Wallet',
] as const

/** CAIP-2 ids of chains wallets claim; devnets first so the demo finds wallets for them. */
const CHAIN_SETS = [
  ['eip155:31337', 'eip155:31338', 'eip155:1', 'eip155:10', 'eip155:137', 'eip155:8453', 'eip155:42161'],
  ['eip155:31337', 'eip155:1', 'eip155:56', 'eip155:43114', 'eip155:11155111'],
  ['eip155:31337', 'eip155:31338', 'eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'],
  ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'],
  ['eip155:1', 'eip155:8453', 'bip122:000000000019d6689c085ae165831e93'],
  ['eip155:31337', 'eip155:31338', 'eip155:1', 'eip155:10', 'eip155:56', 'eip155:137', 'eip155:8453'],
] as const

const DESCRIPTIONS = [
  'A self-custodial wallet for everyday payments and DeFi.',
  'Keys on your device, backed up with a recovery phrase.',
  'A multi-chain wallet with built-in swaps and a token list.',
  'Hardware-grade security in a mobile app.',
  'A browser extension and mobile wallet that stay in sync.',
  'A simple wallet for collectibles, tokens and names.',
] as const

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

/** The lowercase letters of a name: `Aurora Vault` -> `auroravault`. */
export function slug(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '')
}

/** A UUID-shaped image id derived from a wallet id. */
function imageId(id: string): string {
  const h = sha256(`image:${id}`)
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`
}

/** The seeded wallet rows (at least 60), deterministic from `WALLET_NAMES`. */
export function wallets(): (typeof Tables.wallets.$inferInsert)[] {
  return WALLET_NAMES.map((name, index) => {
    const s = slug(name)
    const id = sha256(`frontdoor-wallet:${s}`)
    const n = Number.parseInt(id.slice(0, 8), 16)
    const domain = `${s}.example`
    const rdns = `example.${s}`
    const hasExtension = index % 3 !== 2
    const hasDesktop = index % 4 === 0
    const hasWebapp = index % 5 === 1
    const chains = [...CHAIN_SETS[index % CHAIN_SETS.length]!]
    const namespaces = [...new Set(chains.map((chain) => Caip.parseCaip2(chain).chainNamespace))]
    return {
      id,
      name,
      badge_type: index < 12 ? 'certified' : 'none',
      description: DESCRIPTIONS[index % DESCRIPTIONS.length]!,
      chains,
      homepage: `https://${domain}`,
      image_id: imageId(id),
      order: (index + 1) * 10,
      mobile_link: `${s}://`,
      desktop_link: hasDesktop ? `${s}-desktop://` : null,
      webapp_link: hasWebapp ? `https://app.${domain}` : null,
      app_store: `https://apps.apple.com/app/${s}/id${1_400_000_000 + (n % 100_000_000)}`,
      play_store: `https://play.google.com/store/apps/details?id=${rdns}`,
      chrome_store: hasExtension
        ? `https://chromewebstore.google.com/detail/${s}/${[...id.slice(0, 32)].map((ch) => String.fromCharCode(97 + (Number.parseInt(ch, 16) % 16))).join('')}`
        : null,
      rdns,
      injected: hasExtension ? namespaces.map((namespace) => ({ namespace, injected_id: rdns })) : null,
      supports_wc: index % 7 !== 6,
    }
  })
}
