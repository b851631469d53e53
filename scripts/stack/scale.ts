import { execFile } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import * as Addresses from '@frontdoor/protocol/addresses'
import * as SolanaHealth from '@frontdoor/solana/health'
import { parts as devParts, httpOk, type Part, tsx } from './parts.js'

/**
 * The `scale` profile of the stack (issue 17): docker-compose.yml's topology without Docker.
 * PostgreSQL and Redis from Debian's packages, two API nodes and two relay nodes sharing them, and
 * Debian's nginx at the edge (deploy/nginx/) in front of them and of the frames' builds; the devnets and
 * the mail sink, the Solana cluster, the bundler and the on-ramp sandbox as in the default profile (on their
 * own ports: the API nodes use these instances, not the default profile's), and a one-line page. Every port differs from the default
 * profile's, so both can run at once: `npm start -- --profile scale` (or STACK_PROFILE=scale).
 */

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..')

/** The public addresses: the edge's four origins, and the parts that are not behind it. */
export const ADDRESSES = {
  MODAL_URL: 'http://127.0.0.1:8080',
  AUTH_URL: 'http://127.0.0.2:8081',
  API_URL: 'http://127.0.0.1:8082',
  RELAY_URL: 'ws://127.0.0.1:8083',
  DEMO_URL: 'http://localhost:6173',
  DEVNET_31337_URL: 'http://127.0.0.1:8645',
  DEVNET_31338_URL: 'http://127.0.0.1:8646',
  SMTP_URL: 'smtp://127.0.0.1:2625',
  MAILBOX_URL: 'http://127.0.0.1:2680',
  ONRAMP_URL: 'http://127.0.0.1:5290',
  BUNDLER_URL: 'http://127.0.0.1:4437',
  // The Solana cluster's JSON-RPC (its WebSocket one port up, :9000).
  SOLANA_URL: 'http://127.0.0.1:8999',
} as const satisfies Partial<Addresses.Addresses> & { SOLANA_URL: string }

/** Where the nodes behind the edge listen (host:port). */
export const NODES = {
  api: ['127.0.0.1:4100', '127.0.0.1:4101'],
  relay: ['127.0.0.1:4110', '127.0.0.1:4111'],
  modalFrame: '127.0.0.1:6180',
  authFrame: '127.0.0.1:6181',
} as const

const PG_PORT = 55442
const REDIS_PORT = 56389
export const DATABASE_URL = `postgres://frontdoor@127.0.0.1:${PG_PORT}/postgres`
export const REDIS_URL = `redis://127.0.0.1:${REDIS_PORT}`

/** The scale profile's own data: the vault key, nginx's files (SCALE_DIR). */
export const dataDir = (env: Record<string, string | undefined>) =>
  env.SCALE_DIR || join(root, '.data', 'scale')

/**
 * PostgreSQL's cluster: under the system's temporary folder (SCALE_POSTGRES_DIR), one per checkout,
 * because as root it runs as Debian's postgres user, who may not reach into the checkout's folder.
 */
export const postgresDir = (env: Record<string, string | undefined>) =>
  env.SCALE_POSTGRES_DIR ||
  join(tmpdir(), `frontdoor-scale-postgres-${createHash('sha256').update(root).digest('hex').slice(0, 12)}`)

/** The environment of every part of the profile: its addresses over the caller's. */
export function environment(env: Record<string, string | undefined>): Record<string, string | undefined> {
  return { ...env, ...ADDRESSES, DEMO_ALLOWED_ORIGINS: env.SCALE_ALLOWED_ORIGINS ?? env.DEMO_ALLOWED_ORIGINS }
}

/** Resolves true when PostgreSQL at `port` accepts connections (Debian's pg_isready). */
function pgReady(port: number): Promise<boolean> {
  return new Promise((resolve) =>
    execFile('pg_isready', ['-q', '-h', '127.0.0.1', '-p', String(port)], (error) => resolve(!error)),
  )
}

/** Resolves true when Redis at `port` answers PING. */
function redisReady(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    const done = (ok: boolean) => {
      socket.destroy()
      resolve(ok)
    }
    socket.setTimeout(1000, () => done(false))
    socket.on('error', () => done(false))
    socket.on('connect', () => socket.write('PING\r\n'))
    socket.on('data', (data) => done(data.toString().startsWith('+PONG')))
  })
}

/** The vault master key both API nodes share, made once per data folder. */
function masterKey(dir: string): string {
  const path = join(dir, 'vault-master.key')
  if (!existsSync(path)) {
    mkdirSync(dir, { recursive: true })
    writeFileSync(path, randomBytes(32).toString('hex'), { mode: 0o600 })
  }
  return readFileSync(path, 'utf8').trim()
}

/**
 * The on-ramp sandbox's shared secret (ONRAMP_API_KEY), the same for the sandbox and both API nodes:
 * the caller's, or one derived from the vault key (like the dev OIDC client secret).
 */
function onrampApiKey(env: Record<string, string | undefined>, dir: string): string {
  return (
    env.ONRAMP_API_KEY?.trim() ||
    createHash('sha256')
      .update(`onramp:${masterKey(dir)}`)
      .digest('hex')
  )
}

/** The profile's PostgreSQL: the cluster in `dir` (made the first time) on 127.0.0.1:`port`. */
export function postgres(dir: string, port: number): Part {
  return {
    name: 'postgres',
    url: `postgres://frontdoor@127.0.0.1:${port}/postgres`,
    healthy: () => pgReady(port),
    command: ['bash', 'scripts/stack/postgres.sh', dir, String(port)],
  }
}

/** The profile's Redis on 127.0.0.1:`port`, without persistence. */
export function redis(port: number): Part {
  return {
    name: 'redis',
    url: `redis://127.0.0.1:${port}`,
    healthy: () => redisReady(port),
    command: [
      'redis-server',
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
    ],
  }
}

/** The parts of the scale profile, in start order (`env` as {@link environment} made it). */
export function parts(env: Record<string, string | undefined>): Part[] {
  const addresses = Addresses.from(env)
  const dir = dataDir(env)
  const dev = devParts(addresses)
  const reuse = (name: string) => {
    const part = dev.find((p) => p.name === name)
    if (!part) throw new Error(`stack: the scale profile needs the '${name}' part`)
    return part
  }
  const api = reuse('api')
  const { NETWORKS_JSON: _registryDevnet, ...apiEnv } = api.env ?? {}
  const shared = { REDIS_URL, API_INTERNAL_URL: addresses.API_URL }
  const ONRAMP_API_KEY = onrampApiKey(env, dir)
  return [
    postgres(postgresDir(env), PG_PORT),
    redis(REDIS_PORT),
    ...NODES.relay.map((node, index) => ({
      name: `relay-${index + 1}`,
      url: `ws://${node}`,
      healthy: () => httpOk(`http://${node}/healthz`),
      command: [...tsx, 'apps/relay/src/main.ts'],
      // The edge appends the client's address to X-Forwarded-For: the relay's limits per address.
      env: { ...shared, RELAY_LISTEN: node, TRUST_PROXY: '1' },
      after: ['redis'],
    })),
    reuse('devnet-31337'),
    reuse('devnet-31338'),
    // The dev mail sink on this profile's own SMTP_URL and MAILBOX_URL (not the default profile's part,
    // which runs only for the default SMTP_URL).
    {
      name: 'smtp',
      url: addresses.MAILBOX_URL,
      healthy: () => httpOk(`${addresses.MAILBOX_URL}/healthz`),
      command: [...tsx, 'apps/dev/src/smtp-sink.ts'],
    },
    // The default profile's part reads SOLANA_URL from the launcher's own environment: this one's.
    {
      ...reuse('solana'),
      url: ADDRESSES.SOLANA_URL,
      healthy: () => SolanaHealth.isSeeded(ADDRESSES.SOLANA_URL),
      env: { SOLANA_URL: ADDRESSES.SOLANA_URL },
    },
    reuse('bundler'),
    { ...reuse('onramp'), env: { ONRAMP_API_KEY } },
    ...NODES.api.map((node, index) => ({
      name: `api-${index + 1}`,
      url: `http://${node}`,
      healthy: () => httpOk(`http://${node}/readyz`),
      command: api.command,
      env: {
        ...apiEnv,
        ...shared,
        API_LISTEN: node,
        DATABASE_URL,
        VAULT_MASTER_KEY: masterKey(dir),
        // The dev OIDC provider's client secret: the node that redeems a code may not be the provider's.
        DEV_OIDC_CLIENT_SECRET: createHash('sha256')
          .update(`dev-oidc:${masterKey(dir)}`)
          .digest('hex'),
        // This profile's sandbox, bundler and Solana cluster (ADDRESSES, in every part's environment).
        ONRAMP_API_KEY,
        // The edge appends the client's address to X-Forwarded-For.
        TRUST_PROXY: '1',
        DATA_DIR: join(dir, `api-${index + 1}`),
        INDEXER_CHAINS: 'eip155:31337,eip155:31338',
      },
      // One after the other: the first migrates the database.
      after: [
        'postgres',
        'redis',
        'devnet-31337',
        'devnet-31338',
        'smtp',
        'solana',
        'bundler',
        'onramp',
        ...(index ? ['api-1'] : []),
      ],
    })),
    ...(['modal-frame', 'auth-frame'] as const).map((name) => ({
      ...reuse(name),
      healthy: () => httpOk(`http://${name === 'modal-frame' ? NODES.modalFrame : NODES.authFrame}/healthz`),
      env: { ...shared, FRAME_LISTEN: name === 'modal-frame' ? NODES.modalFrame : NODES.authFrame },
      after: ['api-2'],
    })),
    {
      name: 'edge',
      url: addresses.MODAL_URL,
      healthy: async () =>
        (await httpOk(`${addresses.MODAL_URL}/healthz`)) && (await httpOk(`${addresses.API_URL}/readyz`)),
      command: [...tsx, 'scripts/stack/scale-edge.ts', join(dir, 'edge')],
      after: ['api-1', 'api-2', 'relay-1', 'relay-2', 'modal-frame', 'auth-frame'],
    },
    {
      name: 'page',
      url: addresses.DEMO_URL,
      healthy: () => httpOk(addresses.DEMO_URL),
      command: [...tsx, 'scripts/stack/scale-page.ts'],
      after: ['edge'],
    },
  ]
}
