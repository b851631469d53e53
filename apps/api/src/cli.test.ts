import { randomBytes } from 'node:crypto'
import { afterAll, describe, expect, test } from 'vitest'
import * as Users from './auth/users/Users.js'
import * as MasterKey from './auth/vault/MasterKey.js'
import * as Vault from './auth/vault/Vault.js'
import * as Cli from './cli.js'
import * as TestDb from './db/TestDb.js'
import * as Projects from './projects/Projects.js'

const db = await TestDb.create()
await Projects.seedDemo(db.orm, 'http://localhost:5173')
afterAll(() => db.drop())

const cli = async (...argv: string[]) => cliWith({}, ...argv)
const cliWith = async (env: Record<string, string>, ...argv: string[]) => {
  const lines: string[] = []
  const code = await Cli.run(argv, { env, print: (line) => lines.push(line), db })
  return { code, output: lines.join('\n') }
}

describe('run', () => {
  test('projects create, list, show', async () => {
    const created = await cli(
      'projects',
      'create',
      'shop',
      '--name',
      'Shop',
      '--origins',
      'https://shop.example,http://localhost:3000',
    )
    expect(created.code).toBe(0)
    expect(JSON.parse(created.output)).toMatchObject({
      projectId: 'shop',
      allowedOrigins: ['https://shop.example', 'http://localhost:3000'],
    })
    const listed = await cli('projects', 'list')
    expect(listed.output.split('\n').map((line) => line.split(' ')[0])).toEqual(['demo', 'shop'])
    expect(JSON.parse((await cli('projects', 'show', 'demo')).output).allowedOrigins).toEqual([
      'http://localhost:5173',
    ])
    expect((await cli('projects', 'create', 'shop')).code).toBe(1)
  })

  test('projects set-origins, set-feature, set-socials, set-analytics', async () => {
    expect(
      (await cli('projects', 'set-origins', 'shop', 'https://a.example', 'https://b.example')).code,
    ).toBe(0)
    expect((await Projects.get(db.orm, 'shop'))?.allowedOrigins).toEqual([
      'https://a.example',
      'https://b.example',
    ])
    expect((await cli('projects', 'set-feature', 'shop', 'swap', 'off')).code).toBe(0)
    expect((await cli('projects', 'set-feature', 'shop', 'onramp', 'on', '--config', '["meld"]')).code).toBe(
      0,
    )
    expect((await cli('projects', 'set-socials', 'shop', 'google,github')).code).toBe(0)
    expect((await cli('projects', 'set-analytics', 'shop', 'off')).code).toBe(0)
    const project = await Projects.get(db.orm, 'shop')
    expect(project?.features.find((f) => f.id === 'swap')?.isEnabled).toBe(false)
    expect(project?.features.find((f) => f.id === 'onramp')).toEqual({
      id: 'onramp',
      isEnabled: true,
      config: ['meld'],
    })
    expect(project?.socialProviders).toEqual(['google', 'github'])
    expect(project?.isAnalyticsEnabled).toBe(false)
  })

  test('projects create --bundle-ids --package-names, set-bundle-ids, set-package-names', async () => {
    const created = await cli(
      'projects',
      'create',
      'mobile',
      '--bundle-ids',
      'com.example.wallet',
      '--package-names',
      'com.example.android,com.example.beta',
    )
    expect(created.code).toBe(0)
    expect(JSON.parse(created.output)).toMatchObject({
      allowedOrigins: [],
      allowedBundleIds: ['com.example.wallet'],
      allowedPackageNames: ['com.example.android', 'com.example.beta'],
    })
    expect((await cli('projects', 'list')).output).toContain('com.example.beta')
    expect((await cli('projects', 'set-bundle-ids', 'mobile', 'com.a.app', 'com.b.app')).code).toBe(0)
    expect((await cli('projects', 'set-package-names', 'mobile')).code).toBe(0)
    const project = await Projects.get(db.orm, 'mobile')
    expect(project?.allowedBundleIds).toEqual(['com.a.app', 'com.b.app'])
    expect(project?.allowedPackageNames).toEqual([])
    const bad = await cli('projects', 'set-bundle-ids', 'mobile', 'https://a.example')
    expect(bad.code).toBe(2)
    expect(bad.output).toContain("'https://a.example' is not a bundle id")
    expect((await cli('projects', 'set-package-names', 'mobile', 'nodots')).code).toBe(2)
    expect((await Projects.get(db.orm, 'mobile'))?.allowedBundleIds).toEqual(['com.a.app', 'com.b.app'])
  })

  test('usage errors exit 2 with a clear message', async () => {
    expect(await cli('projects', 'set-origins', 'shop', 'not-a-url')).toMatchObject({ code: 2 })
    expect((await cli('projects', 'set-origins', 'shop', 'https://a.example/path')).output).toContain(
      "did you mean 'https://a.example'?",
    )
    expect((await cli('projects', 'set-feature', 'shop', 'teleport', 'on')).output).toContain(
      "unknown feature 'teleport'",
    )
    expect((await cli('projects', 'set-analytics', 'shop', 'maybe')).code).toBe(2)
    expect((await cli('projects', 'explode')).code).toBe(2)
    expect((await cli()).code).toBe(2)
    expect((await cli('help')).code).toBe(0)
  })
})

describe('vault', () => {
  test('status and rotate: every data key re-wrapped under VAULT_MASTER_KEY in one run; a second run re-wraps none', async () => {
    const [oldKey, newKey] = [randomBytes(32), randomBytes(32)]
    const [oldId, newId] = [MasterKey.fingerprint(oldKey), MasterKey.fingerprint(newKey)]
    const old = Vault.create({ key: oldKey, id: oldId, source: 'env' })
    for (const name of ['cli-a', 'cli-b']) {
      const user = await Users.findOrCreateByIdentity(db, { kind: 'email', subject: `${name}@example.com` })
      await Vault.ensureKeys(db, old, user.id)
    }
    const env = {
      VAULT_MASTER_KEY: newKey.toString('hex'),
      VAULT_MASTER_KEY_PREVIOUS: oldKey.toString('hex'),
    }
    const before = await cliWith(env, 'vault', 'status')
    expect(before.code).toBe(0)
    expect(before.output.split('\n')).toEqual([
      expect.stringMatching(new RegExp(`^master key ${newId} +VAULT_MASTER_KEY +0 data keys$`)),
      expect.stringMatching(
        new RegExp(
          `^master key ${oldId} +VAULT_MASTER_KEY_PREVIOUS +2 data keys +\\(new data keys are wrapped under it\\)$`,
        ),
      ),
      'no rotation recorded',
    ])

    const rotated = await cliWith(env, 'vault', 'rotate')
    expect(rotated).toMatchObject({ code: 0 })
    expect(rotated.output).toContain(
      `re-wrapped 2 data keys from master key ${oldId} to ${newId} in one transaction (0 were under ${newId} already)`,
    )
    expect((await cliWith(env, 'vault', 'rotate')).output).toContain('re-wrapped 0 data keys')
    const after = await cliWith({ VAULT_MASTER_KEY: newKey.toString('hex') }, 'vault', 'status')
    expect(after.output.split('\n')).toEqual([
      expect.stringMatching(
        new RegExp(
          `^master key ${newId} +VAULT_MASTER_KEY +2 data keys +\\(new data keys are wrapped under it\\)$`,
        ),
      ),
      `rotated to ${newId}`,
    ])
  })

  test('refuses without the previous key, with a malformed key, and without a key outside development', async () => {
    const key = randomBytes(32).toString('hex')
    expect(await cliWith({ VAULT_MASTER_KEY: key }, 'vault', 'rotate')).toMatchObject({
      code: 1,
      output: expect.stringContaining(
        'set VAULT_MASTER_KEY to the new master key and VAULT_MASTER_KEY_PREVIOUS',
      ),
    })
    expect(
      await cliWith({ VAULT_MASTER_KEY: key, VAULT_MASTER_KEY_PREVIOUS: 'short' }, 'vault', 'rotate'),
    ).toMatchObject({
      code: 1,
      output: expect.stringContaining('VAULT_MASTER_KEY_PREVIOUS must be 32 bytes'),
    })
    expect(
      await cliWith({ VAULT_MASTER_KEY: key, VAULT_MASTER_KEY_PREVIOUS: key }, 'vault', 'rotate'),
    ).toMatchObject({
      code: 1,
      output: expect.stringContaining('VAULT_MASTER_KEY_PREVIOUS is VAULT_MASTER_KEY itself'),
    })
    expect(await cliWith({}, 'vault', 'status')).toMatchObject({
      code: 1,
      output: expect.stringContaining('VAULT_MASTER_KEY is not set'),
    })
    expect((await cliWith({ VAULT_MASTER_KEY: key }, 'vault', 'explode')).code).toBe(2)
  })
})
