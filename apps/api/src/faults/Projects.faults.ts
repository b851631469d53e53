import { execFile } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { PROJECT_CACHE_TTL_MS } from '../projects/ProjectCache.js'
import * as TestSmtp from '../TestSmtp.js'
import * as Harness from './Harness.js'

// Issue 24, item 3: a project or origin change that the CLI reported as done is still there across
// PostgreSQL faults. One API process on a real PostgreSQL cluster (Debian's initdb); the project CLI
// (`npm run frontdoor -- projects ...`, scripts/frontdoor.ts) run as a child process with the same
// DATABASE_URL. PostgreSQL is restarted (`pg_ctl restart -m fast`), then stopped and started; after each,
// the API (never restarted) and the CLI still show the change. A change tried while PostgreSQL is down
// fails with an error and a non-zero exit, is not applied, and succeeds when retried. Nothing is mocked.

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..')

if (!Harness.PG_BIN)
  console.warn('faults: no PostgreSQL binaries under /usr/lib/postgresql/*/bin; project faults skipped')

describe.skipIf(!Harness.PG_BIN)('project changes across PostgreSQL faults', { timeout: 120_000 }, () => {
  let db: ReturnType<typeof Harness.cluster>
  let sink: TestSmtp.TestSmtp
  let api: ReturnType<typeof Harness.api>
  let apiUrl = ''
  const projectId = `faults-${Date.now()}`
  const FIRST = 'https://first.example.com'
  const ADDED = 'https://added.example.com'
  const RETRIED = 'https://retried.example.com'

  /** The project CLI as an operator runs it: its exit code and what it printed. */
  function cli(...args: string[]): Promise<{ code: number; out: string }> {
    return new Promise((resolve) =>
      execFile(
        process.execPath,
        ['--import', 'tsx', 'scripts/frontdoor.ts', 'projects', ...args],
        {
          cwd: ROOT,
          env: { ...process.env, FRONTDOOR_ENV: 'development', DATABASE_URL: db.url('frontdoor') },
          timeout: 60_000,
        },
        (error, stdout, stderr) =>
          resolve({
            code: error ? (typeof error.code === 'number' ? error.code : -1) : 0,
            out: `${stdout}${stderr}`,
          }),
      ),
    )
  }
  /** `GET /projects/v1/origins?projectId=...`: the status and the allowed origins. */
  async function origins(): Promise<{ status: number; allowedOrigins: string[] | undefined }> {
    const response = await fetch(`${apiUrl}/projects/v1/origins?projectId=${projectId}`, {
      signal: AbortSignal.timeout(10_000),
    })
    const body = (await response.json()) as { allowedOrigins?: string[] }
    return { status: response.status, allowedOrigins: body.allowedOrigins }
  }
  /**
   * Polls the API (about once a second: the route allows 60 a minute) until it answers `expected`; the
   * deadline covers the project cache's TTL and PostgreSQL coming back. Returns the milliseconds it took.
   */
  async function apiAnswers(what: string, expected: string[]): Promise<number> {
    const from = Date.now()
    await api.until(
      what,
      async () => {
        const answer = await origins()
        if (answer.status === 200 && JSON.stringify(answer.allowedOrigins) === JSON.stringify(expected))
          return true
        await Harness.sleep(900)
        return undefined
      },
      PROJECT_CACHE_TTL_MS + 30_000,
    )
    return Date.now() - from
  }
  /** The project's line in `projects list`. */
  async function listed(): Promise<string | undefined> {
    const { code, out } = await cli('list')
    expect(code, out).toBe(0)
    return out.split('\n').find((line) => line.startsWith(`${projectId} `))
  }

  const cleanUp = () => db?.stop()
  process.once('exit', cleanUp)

  beforeAll(async () => {
    db = Harness.cluster(Harness.PG_BIN as string, await Harness.freePort())
    db.start()
    db.createDb('frontdoor')
    sink = await TestSmtp.start()
    apiUrl = `http://127.0.0.1:${await Harness.freePort()}`
    api = Harness.api({
      API_URL: apiUrl,
      DATABASE_URL: db.url('frontdoor'),
      SMTP_URL: sink.smtpUrl,
      INDEXER_CHAINS: '',
    })
    await api.until(
      'the API to be ready',
      async () =>
        (await fetch(`${apiUrl}/readyz`, { signal: AbortSignal.timeout(5_000) })).status === 200
          ? true
          : undefined,
      60_000,
    )
  }, 120_000)

  afterAll(async () => {
    await api?.stop()
    await sink?.stop()
    db?.stop()
    process.off('exit', cleanUp)
  }, 30_000)

  test('a change the CLI reported done survives a restart and a stop/start; one made while down fails, then succeeds', async () => {
    const pid = api.pid
    // Before: no such project, for the API or the CLI.
    expect((await origins()).status).toBe(401) // unknown project: Unauthorized: invalid key
    expect(await listed()).toBeUndefined()

    // The CLI creates the project and adds an origin, and reports both done.
    const created = await cli('create', projectId, '--origins', FIRST)
    expect(created.code, created.out).toBe(0)
    expect(JSON.parse(created.out).allowedOrigins).toEqual([FIRST])
    const added = await cli('set-origins', projectId, FIRST, ADDED)
    expect(added.code, added.out).toBe(0)
    expect(JSON.parse(added.out).allowedOrigins).toEqual([FIRST, ADDED])
    const appliedMs = await apiAnswers('the API to show the added origin', [FIRST, ADDED])
    console.log(`faults: projects: the CLI's change answered by the API after ${appliedMs} ms`)

    // PostgreSQL restarted (`pg_ctl restart -m fast`): the API and the CLI still show it.
    await db.restart()
    // Past the project cache's TTL, so that the API's answer comes from PostgreSQL, not its cache.
    await Harness.sleep(PROJECT_CACHE_TTL_MS + 500)
    const afterRestartMs = await apiAnswers('the origins after the restart', [FIRST, ADDED])
    expect(await listed()).toContain(`${FIRST}, ${ADDED}`)

    // PostgreSQL stopped. A CLI change now fails with an error and a non-zero exit, never "done".
    await db.halt()
    const failed = await cli('set-origins', projectId, FIRST, ADDED, RETRIED)
    expect(failed.code, failed.out).not.toBe(0)
    expect(failed.out).toMatch(/^error: \S/m)
    expect(failed.out).not.toContain(RETRIED)
    console.log(
      `faults: projects: CLI change while PostgreSQL is down: exit ${failed.code}, ${failed.out.trim()}`,
    )

    // PostgreSQL started again: the change reported done is there, the failed one is not.
    db.start()
    await Harness.sleep(PROJECT_CACHE_TTL_MS + 500)
    const afterStartMs = await apiAnswers('the origins after the stop and start', [FIRST, ADDED])
    expect(await listed()).toContain(`${FIRST}, ${ADDED}`)
    expect(await listed()).not.toContain(RETRIED)
    console.log(
      `faults: projects: origins answered (past the cache TTL) ${afterRestartMs} ms after the restart, ${afterStartMs} ms after the start`,
    )

    // Retried now, the change succeeds and reaches the API.
    const retried = await cli('set-origins', projectId, FIRST, ADDED, RETRIED)
    expect(retried.code, retried.out).toBe(0)
    expect(JSON.parse(retried.out).allowedOrigins).toEqual([FIRST, ADDED, RETRIED])
    await apiAnswers('the API to show the retried origin', [FIRST, ADDED, RETRIED])
    expect(await listed()).toContain(`${FIRST}, ${ADDED}, ${RETRIED}`)

    // The API was never restarted and never died.
    expect(api.exited()).toBeUndefined()
    expect(api.pid).toBe(pid)
  })
})
