import { randomUUID } from 'node:crypto'
import { linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'

/**
 * The lock of a PGlite data folder. PGlite is one process's database: a second process opening the
 * same folder (the CLI while `npm start` runs) works on a copy of its own, and one of the two later
 * writes over the other's rows. So the folder is locked by a file beside it, `<dataDir>.lock`, naming
 * the process that holds it; a lock whose process is gone (a crash) is taken over. A lock naming this
 * process's pid that this process did not take is stale too: after a SIGKILL in a container the
 * restarted process is PID 1 again, as the killed one was.
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

/** The lock files this process holds (a lock with our pid that is not here was left by another process). */
const held = new Set<string>()

/** The lock file's text, or undefined when there is none. */
function textOf(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8')
  } catch {
    return undefined
  }
}

function parse(text: string | undefined): Holder | undefined {
  try {
    const holder = JSON.parse(text ?? '') as Partial<Holder>
    return Number.isInteger(holder.pid)
      ? { pid: holder.pid!, command: String(holder.command ?? '') }
      : undefined
  } catch {
    return undefined
  }
}

/** Whether `holder` still holds the lock at `path`: this process having taken it, or another live one. */
function holds(holder: Holder, path: string): boolean {
  return holder.pid === process.pid ? held.has(path) : alive(holder.pid)
}

/**
 * Removes the stale lock at `path` whose text was `stale`: renamed aside first (of two starters that
 * found it stale, one rename finds it), and if what was moved is not that lock (another starter's
 * fresh one, made in between), it is put back (a link never replaces a file). Then the caller races
 * for an exclusive create.
 */
function takeOver(path: string, stale: string | undefined): void {
  const aside = `${path}.${randomUUID()}.stale`
  try {
    renameSync(path, aside)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
    throw error
  }
  try {
    if (textOf(aside) !== stale) linkSync(aside, path)
  } catch (error) {
    // EEXIST: yet another starter made a lock meanwhile; theirs stays.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  } finally {
    rmSync(aside, { force: true })
  }
}

/** How often a start goes round (create, find stale, take over) before it gives up. */
const ATTEMPTS = 5

/**
 * Takes the lock of `dataDir` for this process; returns its release. Throws {@link DataFolderInUse} when
 * a live process (this one included: a second open of the folder) holds it.
 */
export function acquire(dataDir: string): () => void {
  const path = lockPath(dataDir)
  mkdirSync(dirname(path), { recursive: true })
  const mine: Holder & { id: string } = {
    pid: process.pid,
    command: process.argv.slice(1).join(' ') || process.argv0,
    // Tells this lock from an earlier one with the same pid.
    id: randomUUID(),
  }
  const text = JSON.stringify(mine)
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    try {
      writeFileSync(path, text, { flag: 'wx' })
      held.add(path)
      const release = () => {
        held.delete(path)
        if (textOf(path) === text) rmSync(path, { force: true })
        process.off('exit', release)
      }
      // A process that ends without closing the database leaves no lock behind.
      process.on('exit', release)
      return release
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    const found = textOf(path)
    const holder = parse(found)
    if (holder && holds(holder, path)) throw new DataFolderInUse(dataDir, holder)
    // Left by a process that is gone (or unreadable): take it over.
    takeOver(path, found)
  }
  throw new Error(`Could not lock the data folder ${dataDir}`)
}
