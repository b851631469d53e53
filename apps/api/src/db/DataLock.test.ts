import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import * as DataLock from './DataLock.js'
import * as Db from './Db.js'

const folder = () => join(mkdtempSync(join(tmpdir(), 'frontdoor-lock-')), 'pglite')

describe('DataLock', () => {
  test('a folder locked by a live process is refused, naming it; released, it can be taken', () => {
    const dataDir = folder()
    const release = DataLock.acquire(dataDir)
    expect(existsSync(DataLock.lockPath(dataDir))).toBe(true)
    expect(() => DataLock.acquire(dataDir)).toThrow(
      new RegExp(`The data folder .* is in use by process ${process.pid} `),
    )
    release()
    expect(existsSync(DataLock.lockPath(dataDir))).toBe(false)
    DataLock.acquire(dataDir)()
  })

  test("another process's lock holds while it lives and is taken over once it is gone", async () => {
    const dataDir = folder()
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'])
    await new Promise((resolve) => other.once('spawn', resolve))
    writeFileSync(DataLock.lockPath(dataDir), JSON.stringify({ pid: other.pid, command: 'npm start' }))
    const refused = (() => {
      try {
        DataLock.acquire(dataDir)
      } catch (error) {
        return error
      }
    })()
    expect(refused).toBeInstanceOf(DataLock.DataFolderInUse)
    expect((refused as Error).message).toContain(`in use by process ${other.pid} (npm start)`)
    other.kill('SIGKILL')
    await new Promise((resolve) => other.once('exit', resolve))
    const release = DataLock.acquire(dataDir)
    release()
  })

  test('Db.open: a second open of a PGlite folder is refused until the first closes', async () => {
    const dataDir = folder()
    const first = await Db.open({ dataDir })
    await expect(Db.open({ dataDir })).rejects.toBeInstanceOf(DataLock.DataFolderInUse)
    await first.close()
    const second = await Db.open({ dataDir })
    await second.close()
  }, 120_000)
})
