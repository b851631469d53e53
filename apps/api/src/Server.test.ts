import { randomBytes } from 'node:crypto'
import pino from 'pino'
import { describe, expect, test } from 'vitest'
import * as Server from './Server.js'

/** Starts the API in memory on a free port with `env`, records its log, runs `check`, stops it. */
async function withServer(
  env: Record<string, string>,
  check: (server: Server.Server, log: string) => Promise<void>,
) {
  const lines: string[] = []
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) })
  const server = await Server.start({
    env: { API_URL: 'http://127.0.0.1:0', INDEXER_CHAINS: '', ...env },
    port: 0,
    memory: true,
    indexer: false,
    logger,
  })
  try {
    await check(server, lines.join(''))
  } finally {
    await server.stop()
  }
}

const key = () => randomBytes(32).toString('hex')

describe('start', { timeout: 60_000 }, () => {
  test('outside development: refuses to start without VAULT_MASTER_KEY', async () => {
    await expect(withServer({}, async () => {})).rejects.toThrow(/VAULT_MASTER_KEY/)
    await expect(withServer({ NODE_ENV: 'production' }, async () => {})).rejects.toThrow(/VAULT_MASTER_KEY/)
  })

  test('with VAULT_MASTER_KEY_PREVIOUS: holds both keys and says a rotation is under way; refuses the same key twice', async () => {
    const [current, previous] = [key(), key()]
    await withServer(
      { VAULT_MASTER_KEY: current, VAULT_MASTER_KEY_PREVIOUS: previous },
      async (server, log) => {
        const { vault } = server.deps.auth
        expect(vault.previousKeyId).toBeDefined()
        expect(vault.holds(vault.previousKeyId as string)).toBe(true)
        expect(log).toContain('vault: rotating the master key')
      },
    )
    await expect(
      withServer({ VAULT_MASTER_KEY: current, VAULT_MASTER_KEY_PREVIOUS: current }, async () => {}),
    ).rejects.toThrow(/VAULT_MASTER_KEY_PREVIOUS is VAULT_MASTER_KEY itself/)
  })

  test('outside development: no dev logins, no demo project, no dev names', async () => {
    await withServer({ VAULT_MASTER_KEY: key() }, async (server, log) => {
      expect(server.deps.config.devLogins).toBe(false)
      expect(log).not.toContain('DEV LOGINS ON')
      expect((await fetch(`${server.url}/appkit/v1/config?projectId=demo&st=a&sv=b`)).status).toBe(401)
      expect((await fetch(`${server.url}/oidc/.well-known/openid-configuration`)).status).toBe(404)
      await server.deps.projects.get('demo').then((project) => expect(project).toBeUndefined())
      const rows = await server.deps.db.session((session) =>
        session.query("SELECT name FROM names WHERE name = 'devnet.frontdoor.id'"),
      )
      expect(rows).toEqual([])
    })
  })

  test('in development: dev logins with a loud log line, the demo project; no stand-in unless handed in', async () => {
    await withServer({ FRONTDOOR_ENV: 'development' }, async (server, log) => {
      expect(server.deps.config.devLogins).toBe(true)
      expect(log).toContain('DEV LOGINS ON')
      expect((await fetch(`${server.url}/appkit/v1/config?projectId=demo&st=a&sv=b`)).status).toBe(200)
      // The dev OIDC provider, the dev names and the devnet registry come from @frontdoor/dev
      // (apps/dev/src/StandIns.test.ts starts the API with them); the API alone has none.
      expect(server.deps.devOidc).toBeUndefined()
      expect((await fetch(`${server.url}/oidc/.well-known/openid-configuration`)).status).toBe(404)
      const rows = await server.deps.db.session((session) => session.query('SELECT name FROM names'))
      expect(rows).toEqual([])
    })
  })
})
