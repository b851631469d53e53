import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'

/**
 * The lock of a PGlite data folder. PGlite is one process's database: a second process opening the
 * same folder (the CLI while `npm start` runs) works on a copy of its own, and one of the two later
 * writes over the other's rows. So the folder is locked by a file beside it, `<dataDir>.lock`, naming
 * the process that holds it; a lock whose process is gone (a crash) is taken over.
 */

/** The folder is held by another live process. */
export class DataFolderInUse extends Error {
  override name = 'DataFolderInUse'
  readonly pid: number

  constructor(dataDir: string, holder: Holder) {
    super(
      `The data folder ${dataDir} is in use by process ${holder.pid} (${holder.command}). PGlite is one ` +
        "process's database: stop that process first, or run the API and the CLI on PostgreSQL (DATABASE_URL).",
    )
    this.pid = holder.pid
  }
}

/** Who holds a lock: the process id and its command line. */
type Holder = { pid: number; command: string }

/** The lock file of `dataDir`. */
export function lockPath(dataDir: string): string {
  return `${dataDir.replace(/[\\/]+$/, '')}.lock`
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function read(path: string): Holder | undefined {
  try {
    const holder = JSON.parse(readFileSync(path, 'utf8')) as Partial<Holder>
    return Number.isInteger(holder.pid)
      ? { pid: holder.pid!, command: String(holder.command ?? '') }
      : undefined
  } catch {
    return undefined
  }
}

/**
 * Takes the lock of `dataDir` for this process; returns its release. Throws {@link DataFolderInUse} when
 * a live process (this one included: a second open of the folder) holds it.
 */
export function acquire(dataDir: string): () => void {
  const path = lockPath(dataDir)
  mkdirSync(dirname(path), { recursive: true })
  const mine: Holder = { pid: process.pid, command: process.argv.slice(1).join(' ') || process.argv0 }
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(path, JSON.stringify(mine), { flag: 'wx' })
      const release = () => {
        if (read(path)?.pid === process.pid) rmSync(path, { force: true })
        process.off('exit', release)
      }
      // A process that ends without closing the database leaves no lock behind.
      process.on('exit', release)
      return release
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    const holder = read(path)
    if (holder && alive(holder.pid)) throw new DataFolderInUse(dataDir, holder)
    // Left by a process that is gone (or unreadable): take it over.
    rmSync(path, { force: true })
  }
  throw new Error(`Could not lock the data folder ${dataDir}`)
}
