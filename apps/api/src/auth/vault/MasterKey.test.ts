import { randomBytes } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pino from 'pino'
import { afterAll, describe, expect, test } from 'vitest'
import * as MasterKey from './MasterKey.js'

const logger = pino({ level: 'silent' })
const dir = mkdtempSync(join(tmpdir(), 'vault-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('parse', () => {
  test('64 hex digits or base64 / base64url of 32 bytes', () => {
    const key = randomBytes(32)
    expect(MasterKey.parse(key.toString('hex'))).toEqual(key)
    expect(MasterKey.parse(key.toString('base64'))).toEqual(key)
    expect(MasterKey.parse(` ${key.toString('base64url')}\n`)).toEqual(key)
    expect(() => MasterKey.parse('short')).toThrow(/32 bytes/)
    expect(() => MasterKey.parse(randomBytes(16).toString('hex'))).toThrow(/32 bytes/)
  })
})

describe('load', () => {
  test('VAULT_MASTER_KEY wins', () => {
    const key = randomBytes(32)
    const master = MasterKey.load({ value: key.toString('hex'), dataDir: dir, logger })
    expect(master).toEqual({ key, id: MasterKey.fingerprint(key), source: 'env' })
  })

  test('without it, in development: a development key generated once in DATA_DIR, mode 0600, the same on the next start; logged', () => {
    const lines: string[] = []
    const recording = pino({ level: 'warn' }, { write: (line: string) => lines.push(line) })
    const first = MasterKey.load({ value: undefined, dataDir: dir, logger: recording, development: true })
    expect(lines.join('')).toContain('VAULT_MASTER_KEY is not set; generated a development master key')
    const path = join(dir, MasterKey.DEV_KEY_FILE)
    expect(first.source).toBe('dev-file')
    expect(statSync(path).mode & 0o777).toBe(0o600)
    expect(readFileSync(path, 'utf8').trim()).toBe(first.key.toString('hex'))
    expect(MasterKey.load({ value: undefined, dataDir: dir, logger, development: true })).toEqual(first)
  })

  test('without it, in development, without a data folder: a key in memory only', () => {
    const master = MasterKey.load({ value: undefined, dataDir: undefined, logger, development: true })
    expect(master.source).toBe('memory')
    expect(master.key).toHaveLength(32)
  })

  test('without it outside development: refuses, and writes no key file', () => {
    const empty = mkdtempSync(join(tmpdir(), 'vault-'))
    try {
      expect(() => MasterKey.load({ value: undefined, dataDir: empty, logger })).toThrow(
        /VAULT_MASTER_KEY is not set/,
      )
      expect(() =>
        MasterKey.load({ value: undefined, dataDir: undefined, logger, development: false }),
      ).toThrow(/VAULT_MASTER_KEY is not set/)
      expect(readdirSync(empty)).toEqual([])
    } finally {
      rmSync(empty, { recursive: true, force: true })
    }
  })
})

describe('previous', () => {
  test('VAULT_MASTER_KEY_PREVIOUS: the key being retired, or nothing; never the current key itself', () => {
    const current = MasterKey.load({ value: randomBytes(32).toString('hex'), dataDir: undefined, logger })
    const old = randomBytes(32)
    expect(MasterKey.previous(undefined, current)).toBeUndefined()
    expect(MasterKey.previous(' ', current)).toBeUndefined()
    expect(MasterKey.previous(old.toString('base64'), current)).toEqual({
      key: old,
      id: MasterKey.fingerprint(old),
      source: 'env-previous',
    })
    expect(() => MasterKey.previous(current.key.toString('hex'), current)).toThrow(
      /VAULT_MASTER_KEY_PREVIOUS is VAULT_MASTER_KEY itself/,
    )
    expect(() => MasterKey.previous('short', current)).toThrow(/^VAULT_MASTER_KEY_PREVIOUS must be 32 bytes/)
  })
})
