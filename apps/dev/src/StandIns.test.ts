import * as Registry from '@frontdoor/api/indexer/Registry'
import * as Server from '@frontdoor/api/Server'
import pino from 'pino'
import { afterEach, describe, expect, test } from 'vitest'
import * as StandIns from './StandIns.js'

/** Starts the API in memory on a free port in development, with `options`, runs `check`, stops it. */
async function withServer(options: Server.StandIns, check: (server: Server.Server) => Promise<void>) {
  const server = await Server.start({
    env: { API_URL: 'http://127.0.0.1:0', INDEXER_CHAINS: '', FRONTDOOR_ENV: 'development' },
    port: 0,
    memory: true,
    indexer: false,
    logger: pino({ level: 'silent' }),
    ...options,
  })
  try {
    await check(server)
  } finally {
    await server.stop()
  }
}

const names = (server: Server.Server) =>
  server.deps.db.session((session) => session.query('SELECT name FROM names'))

afterEach(() => Registry.configure([]))

describe('the development stand-ins', { timeout: 60_000 }, () => {
  test('the API alone has none; handed in, it serves the dev OIDC provider, the dev name and the devnet tokens', async () => {
    await withServer({}, async (server) => {
      expect((await fetch(`${server.url}/oidc/.well-known/openid-configuration`)).status).toBe(404)
      expect(await names(server)).toEqual([])
      expect(Registry.of('eip155:31337').tokens).toEqual([])
    })
    await withServer(StandIns.all(), async (server) => {
      const discovery = await fetch(`${server.url}/oidc/.well-known/openid-configuration`)
      expect(discovery.status).toBe(200)
      expect(((await discovery.json()) as { issuer: string }).issuer).toMatch(/\/oidc$/)
      expect(await names(server)).toEqual([{ name: StandIns.DEV_ACCOUNT_NAME.name }])
      const devnet = Registry.of('eip155:31337')
      expect(devnet.tokens.map((token) => token.symbol)).toEqual(['FUSD', 'DOOR', 'PTS', 'WETH'])
      expect(devnet.amm?.stable.symbol).toBe('FUSD')
      expect(devnet.spamCollections.size).toBe(1)
    })
  })
})
