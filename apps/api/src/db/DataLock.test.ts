import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, dirname, join } from 'node:path'
import { describe, expect, test, vi } from 'vitest'
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

  test("a lock naming this process's pid that this process does not hold is stale (a container's PID 1 after a SIGKILL)", () => {
    const dataDir = folder()
    const path = DataLock.lockPath(dataDir)
    // Left by the killed process: the restarted one has the same pid (PID 1 in a container).
    writeFileSync(path, JSON.stringify({ pid: process.pid, command: 'node main.js' }))
    const release = DataLock.acquire(dataDir)
    expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({ pid: process.pid })
    expect(readFileSync(path, 'utf8')).not.toContain('node main.js')
    // Held now: a second open in this process is refused.
    expect(() => DataLock.acquire(dataDir)).toThrow(DataLock.DataFolderInUse)
    release()
    expect(existsSync(path)).toBe(false)
  })

  test('taking over a stale lock never removes the fresh lock another starter put in its place', () => {
    const dataDir = folder()
    const path = DataLock.lockPath(dataDir)
    const crashed = 999_999_999
    // Another live process that starts at the same moment: process.ppid stands for it.
    const other = { pid: process.ppid, command: 'npm start' }
    writeFileSync(path, JSON.stringify({ pid: crashed, command: 'crashed' }))
    const original = process.kill.bind(process)
    const kill = vi.spyOn(process, 'kill').mockImplementation((pid, signal) => {
      if (pid !== crashed) return original(pid, signal)
      // While this starter finds the lock stale, the other one takes it over first.
      writeFileSync(path, JSON.stringify(other))
      throw Object.assign(new Error('kill ESRCH'), { code: 'ESRCH' })
    })
    try {
      expect(() => DataLock.acquire(dataDir)).toThrow(`in use by process ${other.pid} (npm start)`)
    } finally {
      kill.mockRestore()
    }
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual(other)
    expect(readdirSync(dirname(path))).toEqual([basename(path)])
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
