import { afterAll, describe, expect, test } from 'vitest'
import * as Cli from '../cli.js'
import * as TestDb from '../db/TestDb.js'
import * as Projects from '../projects/Projects.js'
import * as DashboardTokens from './DashboardTokens.js'

const db = await TestDb.create()
await Projects.seedDemo(db.orm, 'http://localhost:5173')
afterAll(() => db.drop())

const cli = async (...argv: string[]) => {
  const lines: string[] = []
  const code = await Cli.run(argv, { env: {}, print: (line) => lines.push(line), db })
  return { code, output: lines.join('\n') }
}

describe('check', () => {
  test('a project without a token opens to no token', async () => {
    expect(await DashboardTokens.check(db.orm, 'demo', '')).toBe(false)
    expect(await DashboardTokens.check(db.orm, 'demo', 'anything')).toBe(false)
  })
})

describe('projects set-dashboard-token (CLI)', () => {
  test('prints a token that opens the project only; a new one replaces it; --off closes', async () => {
    const first = await cli('projects', 'set-dashboard-token', 'demo')
    expect(first.code).toBe(0)
    expect(first.output).toMatch(/^[A-Za-z0-9_-]{32}$/)
    expect(await DashboardTokens.check(db.orm, 'demo', first.output)).toBe(true)
    expect(await DashboardTokens.check(db.orm, 'other', first.output)).toBe(false)
    expect(await DashboardTokens.check(db.orm, 'demo', `${first.output}x`)).toBe(false)

    const second = await cli('projects', 'set-dashboard-token', 'demo')
    expect(second.output).not.toBe(first.output)
    expect(await DashboardTokens.check(db.orm, 'demo', first.output)).toBe(false)
    expect(await DashboardTokens.check(db.orm, 'demo', second.output)).toBe(true)

    expect((await cli('projects', 'set-dashboard-token', 'demo', '--off')).code).toBe(0)
    expect(await DashboardTokens.check(db.orm, 'demo', second.output)).toBe(false)
  })

  test('an unknown project is a usage error', async () => {
    const { code, output } = await cli('projects', 'set-dashboard-token', 'ghost')
    expect(code).toBe(2)
    expect(output).toContain("project 'ghost' does not exist")
  })
})
