import { randomBytes } from 'node:crypto'
import * as DevnetHealth from '@frontdoor/devnet/health'
import { ADDRESS_DEFAULTS, type Addresses } from '@frontdoor/protocol/addresses'
import * as SolanaCluster from '@frontdoor/protocol/solana-cluster'
import * as SolanaHealth from '@frontdoor/solana/health'

/** One process of the stack: how to start it and how to know it is healthy. */
export type Part = {
  name: string
  /** What `npm start` prints for this part. */
  url: string
  /** Resolves true once the part answers. */
  healthy: () => Promise<boolean>
  /** Resolves true once the process is up, ready or not (liveness), where that differs from {@link healthy}. */
  live?: () => Promise<boolean>
  /** The command, run from the repository root. */
  command: string[]
  /**
   * A command run to its end before `command` (a build when the sources are newer than it): it starts
   * with the stack, not after the parts this one comes after, and its output begins the part's log.
   */
  build?: string[]
  env?: Record<string, string>
  /** Parts started (and healthy) before this one. */
  after?: string[]
}

/** Resolves true when `url` answers a GET with a 2xx status. */
export async function httpOk(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(1000) })
    await response.body?.cancel()
    return response.ok
  } catch {
    return false
  }
}

/** Resolves true when a JSON-RPC node at `url` answers eth_chainId. */
export async function rpcOk(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(1000),
    })
    const body = (await response.json()) as { result?: string }
    return typeof body.result === 'string'
  } catch {
    return false
  }
}

const tsx = ['node', '--import', 'tsx']

/**
 * The on-ramp sandbox's JSON API secret, the same for the API and the sandbox: ONRAMP_API_KEY, or one
 * generated for this launch (the sandbox's origin is browser-reachable; only the API may quote and order).
 */
const ONRAMP_API_KEY = process.env.ONRAMP_API_KEY?.trim() || randomBytes(32).toString('hex')

/**
 * A third devnet that only the API's network registry knows (NETWORKS_JSON below): a bare Hardhat
 * node (no seeding) of chain 31339 at DEVNET_31339_URL (default :8547). A page that names this chain
 * by its id alone gets its definition from `GET /v1/networks` and reaches it through the RPC proxy.
 */
export const REGISTRY_DEVNET = {
  chainId: 31339,
  url: process.env.DEVNET_31339_URL || 'http://127.0.0.1:8547',
  name: 'Frontdoor Registry Devnet 31339',
} as const

/** The API's registry additions for {@link REGISTRY_DEVNET}: its CAIP network and its RPC upstream. */
function registryNetworks(): string {
  const caipNetworkId = `eip155:${REGISTRY_DEVNET.chainId}`
  return JSON.stringify({
    networks: [
      {
        id: REGISTRY_DEVNET.chainId,
        caipNetworkId,
        chainNamespace: 'eip155',
        name: REGISTRY_DEVNET.name,
        nativeCurrency: { name: 'Registry Ether', symbol: 'RETH', decimals: 18 },
        rpcUrls: { default: { http: [REGISTRY_DEVNET.url] } },
        testnet: true,
      },
    ],
    upstreams: { [caipNetworkId]: [REGISTRY_DEVNET.url] },
  })
}

/**
 * The parts of the stack, in start order. Each issue that adds a runnable part adds it here, so
 * `npm start` and the end-to-end setup start the same processes on the same addresses.
 */
export function parts(addresses: Addresses, env: Record<string, string | undefined> = process.env): Part[] {
  // The launcher's own SMTP_URL, not `addresses`: the scale profile moves its sink to a port of its own.
  const devMail = (env.SMTP_URL?.trim() || ADDRESS_DEFAULTS.SMTP_URL) === ADDRESS_DEFAULTS.SMTP_URL
  return [
    // First: it needs nothing and others pair through it.
    {
      name: 'relay',
      url: addresses.RELAY_URL,
      healthy: () => httpOk(`${addresses.RELAY_URL.replace(/^ws/, 'http')}/healthz`),
      command: [...tsx, 'apps/relay/src/main.ts'],
    },
    ...([31337, 31338] as const).map((chainId) => {
      const url = addresses[`DEVNET_${chainId}_URL`]
      return {
        name: `devnet-${chainId}`,
        url,
        // Healthy once seeded (it answers JSON-RPC and holds every contract), so later parts can use them.
        healthy: () => DevnetHealth.isSeeded(url),
        command: [...tsx, 'packages/devnet/src/cli.ts', 'start', '--chain', String(chainId)],
      }
    }),
    {
      // The ERC-4337 bundler (apps/bundler): Alto for each devnet, POST BUNDLER_URL/<chainId>; the API
      // forwards /v1/bundler to it. Healthy once both serve their EntryPoint (about 10 s, 2 x 150 MB).
      name: 'bundler',
      url: addresses.BUNDLER_URL,
      healthy: () => httpOk(`${addresses.BUNDLER_URL}/healthz`),
      command: [...tsx, 'apps/bundler/src/main.ts'],
      after: ['devnet-31337', 'devnet-31338'],
    },
    {
      name: `devnet-${REGISTRY_DEVNET.chainId}`,
      url: REGISTRY_DEVNET.url,
      healthy: () => rpcOk(REGISTRY_DEVNET.url),
      // Hardhat's own node, unseeded: the chain only has to exist (about 2 s to healthy, 100 MB, idle CPU).
      command: [
        'node',
        'node_modules/hardhat/internal/cli/cli.js',
        'node',
        '--hostname',
        new URL(REGISTRY_DEVNET.url).hostname,
        '--port',
        String(new URL(REGISTRY_DEVNET.url).port),
        '--config',
        'packages/devnet/hardhat.config.cjs',
      ],
      env: {
        FRONTDOOR_DEVNET_CHAIN_ID: String(REGISTRY_DEVNET.chainId),
        HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true',
      },
    },
    {
      // The local Solana cluster (packages/solana): LiteSVM behind Solana's JSON-RPC on SOLANA_URL
      // (default :8899) and its WebSocket one port up. Healthy once seeded (genesis hash and token).
      name: 'solana',
      url: SolanaCluster.url(process.env),
      healthy: () => SolanaHealth.isSeeded(SolanaCluster.url(process.env)),
      command: [...tsx, 'packages/solana/src/cli.ts'],
    },
    // The dev mail sink: accepts the API's mail on SMTP_URL; the mailbox (codes) on MAILBOX_URL. Only
    // while the launcher's SMTP_URL is unset or the default: any other names a real server (issue 17).
    ...(devMail
      ? [
          {
            name: 'smtp',
            url: addresses.MAILBOX_URL,
            healthy: () => httpOk(`${addresses.MAILBOX_URL}/healthz`),
            command: [...tsx, 'apps/dev/src/smtp-sink.ts'],
          },
        ]
      : []),
    {
      // The on-ramp sandbox: quotes, the checkout page (test cards) and orders; it delivers what was
      // bought on the devnets from its own treasury account. The API reads its orders.
      name: 'onramp',
      url: addresses.ONRAMP_URL,
      healthy: () => httpOk(`${addresses.ONRAMP_URL}/healthz`),
      command: [...tsx, 'apps/onramp/src/main.ts'],
      env: { ONRAMP_API_KEY },
      after: ['devnet-31337', 'devnet-31338'],
    },
    {
      name: 'api',
      url: addresses.API_URL,
      healthy: () => httpOk(`${addresses.API_URL}/readyz`), // readiness: 200 once the database answers
      live: () => httpOk(`${addresses.API_URL}/healthz`),
      // The API with the development stand-ins of @frontdoor/dev (devnet tokens and prices, the dev
      // name, the dev OIDC provider); the production entry, apps/api/src/main.ts, has none of them.
      command: [...tsx, 'apps/dev/src/main.ts'],
      // The stack runs in development: dev logins, the demo project and dev names, a generated vault key.
      // NETWORKS_JSON: the registry devnet, unless the environment configures the registry itself.
      env: {
        FRONTDOOR_ENV: 'development',
        ONRAMP_API_KEY,
        ...(process.env.NETWORKS_JSON || process.env.NETWORKS_FILE
          ? {}
          : { NETWORKS_JSON: registryNetworks() }),
      },
      // Started with the chains, not after them: it answers 503 until its database is ready, and the
      // chains, the on-ramp and the mail sink are asked per request (the indexer retries until a chain
      // answers), so its start (database, migrations) overlaps theirs.
    },
    {
      name: 'auth-frame',
      url: addresses.AUTH_URL,
      healthy: () => httpOk(`${addresses.AUTH_URL}/healthz`),
      // Built when its sources are newer than the build, while the parts before it start.
      build: [...tsx, 'apps/auth-frame/scripts/build.ts'],
      // Its server reaches the API per request, so it starts beside it.
      command: [...tsx, 'apps/auth-frame/scripts/start.ts'],
    },
    {
      name: 'modal-frame',
      url: addresses.MODAL_URL,
      healthy: () => httpOk(`${addresses.MODAL_URL}/healthz`),
      // The modal and sdk.js, built when their sources are newer than the build.
      build: [...tsx, 'apps/modal-frame/scripts/build.ts'],
      command: [...tsx, 'apps/modal-frame/scripts/start.ts'],
    },
    {
      name: 'demo',
      url: addresses.DEMO_URL,
      healthy: () => httpOk(addresses.DEMO_URL),
      // The libraries it imports (their JavaScript) and the demo, built when their sources are newer.
      build: [...tsx, 'apps/demo/scripts/build.ts'],
      command: [...tsx, 'apps/demo/scripts/start.ts'],
      after: ['modal-frame'],
    },
  ]
}

export { tsx }
