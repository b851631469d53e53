import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import * as Addresses from '@frontdoor/protocol/addresses'
import * as SolanaCluster from '@frontdoor/protocol/solana-cluster'
import * as ClientAddress from '@frontdoor/rate-limit/client-address'
import type * as RateLimiter from '@frontdoor/rate-limit/rate-limiter'
import { Caip, Constants } from '@frontdoor/schemas'
import * as Networks from './chains/Networks.js'
import * as ConvertChains from './convert/Chains.js'
import * as OnrampOptions from './onramp/Options.js'
import * as OAuthProviders from './social/OAuthProviders.js'

/** The API's settings, read once from the environment (`fromEnv`) or built by tests. */
export type Config = {
  /** Where the API runs (FRONTDOOR_ENV, NODE_ENV): see {@link environmentFromEnv}. */
  environment: Environment
  /** The API's public base URL (API_URL); image URLs are built on it. */
  publicUrl: string
  /** Origins allowed by CORS: the modal and auth frames. */
  corsOrigins: string[]
  /** The SMTP server the API sends its emails through (SMTP_URL; a dev sink by default). */
  smtpUrl: string
  /** A private CA's certificates (PEM) the SMTP server's certificate may chain to, besides the system's (SMTP_CA_FILE). */
  smtpCa?: string | undefined
  /** The sender of the API's emails (MAIL_FROM). */
  mailFrom: string
  /** The modal frame's origin (MODAL_URL): the only target of the social login popup's result. */
  modalOrigin: string
  /** The auth frame's origin (AUTH_URL): the only origin allowed to POST to /v1/auth/*. */
  authOrigin: string
  /** The demo site, the allowed origin of the seeded `demo` project. */
  demoUrl: string
  /** More origins the seeded `demo` project allows (DEMO_ALLOWED_ORIGINS, a comma list; e2e pages of their own). */
  demoAllowedOrigins: string[]
  /** Upstream JSON-RPC nodes per CAIP-2 chain id, best first. */
  upstreams: Record<string, string[]>
  /** The ERC-4337 bundler's JSON-RPC per CAIP-2 chain id (`/v1/bundler`): BUNDLER_URL/<chainId> for the devnets. */
  bundlers: Record<string, string>
  /** The network registry (CAIP network objects): the built-in ones and NETWORKS_JSON / NETWORKS_FILE's. */
  networks: Networks.Network[]
  /** Social providers with real OAuth endpoints (OAUTH_<PROVIDER>_*); the others use the dev OIDC provider. */
  oauth: OAuthProviders.Real
  /** The dev stand-ins (the OIDC provider at /oidc for unconfigured socials, Farcaster): on in development only (see {@link devLoginsFromEnv}). */
  devLogins: boolean
  /** The bearer token `/metrics` requires (METRICS_TOKEN); unset, `/metrics` is off (404). */
  metricsToken: string | undefined
  /** How many proxies of ours stand in front (TRUST_PROXY); the client address is the entry the outermost appended to `x-forwarded-for`. */
  trustProxy: number
  limits: {
    /** `/projects/v1/origins` per client address and project. */
    origins: RateLimiter.Limit
    /** `POST /e` analytics events per client address and project. */
    events: RateLimiter.Limit
    /** `POST /e` error reports per project (spec section 9: 5 per 60 s). */
    errorReports: RateLimiter.Limit
    /** The RPC proxy, per client address and project. */
    rpc: RateLimiter.Limit
    /** History, balance, NFTs, identity and prices, per client address and project. */
    account: RateLimiter.Limit
    /** Email OTPs sent, per client address. */
    otpSendPerIp: RateLimiter.Limit
    /** Email OTPs sent, per email address (beyond the 30 s cooldown). */
    otpSendPerEmail: RateLimiter.Limit
    /** Email OTP checks, per client address. */
    otpVerifyPerIp: RateLimiter.Limit
    /** Email OTP checks, per email address (beyond the lockout after wrong codes). */
    otpVerifyPerEmail: RateLimiter.Limit
    /** Pending logins' polls while a device waits for approval, per client address (the auth frame polls once a second). */
    deviceLoginPerIp: RateLimiter.Limit
    /** The device approval link's page and its form, per client address. */
    deviceApprovePerIp: RateLimiter.Limit
    /** Dashboard token attempts that fail (the login form, a wrong Bearer or cookie), per client address. */
    dashboardTokenPerIp: RateLimiter.Limit
    /** The vault's reads (`wallet_getCallsStatus`, `wallet_getCapabilities`, `wallet_getAssets`), per user. */
    vaultReadsPerUser: RateLimiter.Limit
  }
  /** The chain indexer (history, NFTs): which CAIP-2 chains it follows (INDEXER_CHAINS). */
  indexer: { chains: string[] }
  /** Swaps (the convert routes): the CAIP-2 chains they are offered on (CONVERT_CHAINS; see `convert/Chains.ts`). */
  convert: { chains: string[] }
  /**
   * Buying crypto: the on-ramp provider's JSON API (ONRAMP_URL; the sandbox in development) and the
   * CAIP-2 chains it delivers on (ONRAMP_CHAINS; see `onramp/Options.ts`), and the shared secret its
   * JSON API wants (ONRAMP_API_KEY; the stack launcher gives the API and the sandbox the same one).
   */
  onramp: { url: string; chains: string[]; apiKey?: string | undefined }
}

/** Default limits; the error-report cap is the spec's. */
export const DEFAULT_LIMITS: Config['limits'] = {
  origins: { limit: 60, windowMs: 60_000 },
  events: { limit: 600, windowMs: 60_000 },
  errorReports: { limit: Constants.ERROR_REPORTS_MAX, windowMs: Constants.ERROR_REPORTS_WINDOW_S * 1000 },
  rpc: { limit: 100_000, windowMs: 60_000 },
  account: { limit: 1_200, windowMs: 60_000 },
  otpSendPerIp: { limit: 100, windowMs: 600_000 },
  otpSendPerEmail: { limit: 10, windowMs: 3_600_000 },
  otpVerifyPerIp: { limit: 300, windowMs: 600_000 },
  otpVerifyPerEmail: { limit: 30, windowMs: 600_000 },
  deviceLoginPerIp: { limit: 1_200, windowMs: 600_000 },
  deviceApprovePerIp: { limit: 60, windowMs: 600_000 },
  dashboardTokenPerIp: { limit: 20, windowMs: 600_000 },
  vaultReadsPerUser: { limit: 120, windowMs: 60_000 },
}

/** The sender of the API's emails unless MAIL_FROM says otherwise. */
export const DEFAULT_MAIL_FROM = 'Frontdoor <no-reply@frontdoor.localhost>'

/** The chains of the two local devnets (DEVNET_31337_URL, DEVNET_31338_URL), which have default upstreams. */
export const DEVNET_CHAINS = [Caip.formatCaip2('eip155', 31337), Caip.formatCaip2('eip155', 31338)] as const

/**
 * The chains the indexer follows: INDEXER_CHAINS (a comma list of CAIP-2 ids; empty turns the indexer
 * off), by default the devnets the API has upstreams for.
 */
export function indexerChainsFromEnv(
  env: Record<string, string | undefined>,
  upstreams: Record<string, string[]>,
): string[] {
  const listed = env.INDEXER_CHAINS
  if (listed !== undefined)
    return listed
      .split(',')
      .map((chain) => chain.trim())
      .filter((chain) => chain && upstreams[chain])
  return DEVNET_CHAINS.filter((chain) => upstreams[chain])
}

/**
 * Where the API runs. `development` (FRONTDOOR_ENV=development, set by `npm start` and the e2e stack):
 * dev logins, the `demo` project and dev names seeded, a generated vault master key. `production`
 * (NODE_ENV=production or FRONTDOOR_ENV=production): none of that, and dev logins refuse to start.
 * `unnamed` (neither): nothing dev-only unless asked for, VAULT_MASTER_KEY required.
 */
export type Environment = 'development' | 'production' | 'unnamed'

/** The FRONTDOOR_ENV values. */
export const ENVIRONMENTS = ['development', 'production'] as const

/** Reads FRONTDOOR_ENV and NODE_ENV; throws on an unknown FRONTDOOR_ENV or one that contradicts NODE_ENV. */
export function environmentFromEnv(env: Record<string, string | undefined>): Environment {
  const named = env.FRONTDOOR_ENV?.trim().toLowerCase() || undefined
  if (named !== undefined && !(ENVIRONMENTS as readonly string[]).includes(named))
    throw new Error(`FRONTDOOR_ENV must be one of ${ENVIRONMENTS.join(', ')} (got '${env.FRONTDOOR_ENV}')`)
  const productionNode = env.NODE_ENV?.trim().toLowerCase() === 'production'
  if (named === 'development' && productionNode)
    throw new Error('FRONTDOOR_ENV=development contradicts NODE_ENV=production: set one of them')
  if (named === 'production' || productionNode) return 'production'
  return named === 'development' ? 'development' : 'unnamed'
}

/**
 * Whether the dev stand-ins serve logins (anyone signs in as anyone): AUTH_DEV_PROVIDERS when set
 * (`1`/`true`, `0`/`false`), else on in development only. Throws in production when they would be on.
 */
export function devLoginsFromEnv(env: Record<string, string | undefined>, environment: Environment): boolean {
  const value = env.AUTH_DEV_PROVIDERS?.trim().toLowerCase()
  const on =
    value === undefined || value === '' ? environment === 'development' : value !== '0' && value !== 'false'
  if (on && environment === 'production')
    throw new Error(
      'dev logins (AUTH_DEV_PROVIDERS) let anyone sign in as any user: refused in production (NODE_ENV or FRONTDOOR_ENV=production)',
    )
  return on
}

/** Where the process keeps its data by default: `.data/` at the repository root. */
export const REPO_ROOT = join(import.meta.dirname, '..', '..', '..')

/** The devnets' bundler (apps/bundler) at BUNDLER_URL serves each devnet chain at BUNDLER_URL/<chainId>. */
export function bundlersFromEnv(env: Record<string, string | undefined>): Record<string, string> {
  const { BUNDLER_URL } = Addresses.from(env)
  return Object.fromEntries(DEVNET_CHAINS.map((chain) => [chain, `${BUNDLER_URL}/${chain.split(':')[1]}`]))
}

const UPSTREAMS_VAR = /^RPC_UPSTREAMS_(\d+)$/

/**
 * Upstreams from DEVNET_31337_URL / DEVNET_31338_URL, the local Solana cluster's SOLANA_URL, and any
 * `RPC_UPSTREAMS_<chainId>` comma list.
 */
export function upstreamsFromEnv(env: Record<string, string | undefined>): Record<string, string[]> {
  const addresses = Addresses.from(env)
  const [devnetA, devnetB] = DEVNET_CHAINS
  const result: Record<string, string[]> = {
    [devnetA]: [addresses.DEVNET_31337_URL],
    [devnetB]: [addresses.DEVNET_31338_URL],
    [SolanaCluster.CAIP_NETWORK_ID]: [SolanaCluster.url(env)],
  }
  for (const [name, value] of Object.entries(env)) {
    const match = UPSTREAMS_VAR.exec(name)
    if (!match || !value) continue
    const urls = value
      .split(',')
      .map((url) => url.trim())
      .filter(Boolean)
    if (urls.length) result[Caip.formatCaip2('eip155', match[1] as string)] = urls
  }
  return result
}

/** Loopback host names: `localhost` (and its subdomains), 127.0.0.0/8, ::1. */
const LOOPBACK_HOST = /^(localhost|.+\.localhost|127(\.\d{1,3}){3}|\[::1\])$/i

/**
 * Whether the cookies the API sets are `Secure`: yes, unless its own public URL (API_URL) is plain http
 * on a loopback host (development). Not the request's scheme: behind a proxy that ends TLS, the API is
 * reached over http while browsers use https.
 */
export function secureCookies(publicUrl: string): boolean {
  const url = new URL(publicUrl)
  return !(url.protocol === 'http:' && LOOPBACK_HOST.test(url.hostname))
}

/** Process settings beyond the app's: where to listen and store. */
export type Process = {
  port: number
  host: string
  databaseUrl: string | undefined
  dataDir: string
  logLevel: string
  /** Redis for rate limits (REDIS_URL), so that every API node draws on one budget; unset: in memory. */
  redisUrl: string | undefined
}

/** The PEM of SMTP_CA_FILE; undefined when unset, throws when unreadable or not a PEM certificate. */
export function smtpCaFromEnv(path: string | undefined): string | undefined {
  if (!path?.trim()) return undefined
  let pem: string
  try {
    pem = readFileSync(path.trim(), 'utf8')
  } catch (error) {
    throw new Error(`SMTP_CA_FILE cannot be read: ${(error as Error).message}`)
  }
  if (!pem.includes('-----BEGIN CERTIFICATE-----')) {
    throw new Error(`SMTP_CA_FILE must hold PEM certificates (got '${path.trim()}')`)
  }
  return pem
}

/** `host:port` (or `[v6]:port`) to listen on, from API_LISTEN; undefined when unset, throws when malformed. */
export function listenFromEnv(value: string | undefined): { host: string; port: number } | undefined {
  if (!value?.trim()) return undefined
  const match = /^\[?([^\]]*?)\]?:(\d+)$/.exec(value.trim())
  if (!match?.[1]) throw new Error(`API_LISTEN must be host:port (got '${value}')`)
  return { host: match[1], port: Number(match[2]) }
}

/** Reads the app's config and the process settings from an environment. */
export function fromEnv(env: Record<string, string | undefined>): { config: Config; process: Process } {
  const addresses = Addresses.from(env)
  const api = new URL(addresses.API_URL)
  // The registry's additions by configuration (NETWORKS_JSON / NETWORKS_FILE): their upstreams win.
  const extension = Networks.extensionFromEnv(env)
  const upstreams = { ...upstreamsFromEnv(env), ...extension.upstreams }
  const environment = environmentFromEnv(env)
  const listen = listenFromEnv(env.API_LISTEN)
  return {
    config: {
      environment,
      publicUrl: addresses.API_URL,
      corsOrigins: [addresses.MODAL_URL, addresses.AUTH_URL],
      smtpUrl: addresses.SMTP_URL,
      smtpCa: smtpCaFromEnv(env.SMTP_CA_FILE),
      mailFrom: env.MAIL_FROM || DEFAULT_MAIL_FROM,
      modalOrigin: new URL(addresses.MODAL_URL).origin,
      authOrigin: new URL(addresses.AUTH_URL).origin,
      demoUrl: addresses.DEMO_URL,
      demoAllowedOrigins: (env.DEMO_ALLOWED_ORIGINS ?? '')
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean)
        .map((origin) => new URL(origin).origin),
      upstreams,
      networks: Networks.extend(
        Networks.all({ ...addresses, SOLANA_URL: SolanaCluster.url(env) }),
        extension.networks,
      ),
      oauth: OAuthProviders.fromEnv(env),
      devLogins: devLoginsFromEnv(env, environment),
      metricsToken: env.METRICS_TOKEN?.trim() || undefined,
      trustProxy: ClientAddress.trustedProxies(env.TRUST_PROXY),
      limits: DEFAULT_LIMITS,
      indexer: { chains: indexerChainsFromEnv(env, upstreams) },
      convert: { chains: ConvertChains.fromEnv(env, upstreams) },
      bundlers: bundlersFromEnv(env),
      onramp: {
        url: addresses.ONRAMP_URL,
        chains: OnrampOptions.chainsFromEnv(env, upstreams),
        apiKey: env.ONRAMP_API_KEY?.trim() || undefined,
      },
    },
    process: {
      // Behind an edge API_URL is the edge's address and API_LISTEN (host:port) where this node listens.
      port: listen?.port ?? Addresses.port(addresses.API_URL),
      host: listen?.host ?? api.hostname.replace(/^\[|\]$/g, ''),
      databaseUrl: env.DATABASE_URL || undefined,
      dataDir: env.DATA_DIR || join(REPO_ROOT, '.data', 'pglite'),
      logLevel: env.LOG_LEVEL || 'info',
      redisUrl: env.REDIS_URL || undefined,
    },
  }
}
