import { type ChildProcess, spawn } from 'node:child_process'
import { createWriteStream, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import * as Addresses from '@frontdoor/protocol/addresses'
import * as SystemPackages from '../system-packages.mjs'
import { parts as allParts, type Part } from './parts.js'
import * as Scale from './scale.js'

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
// A part builds before it answers (the demo builds the host SDK and the libraries): on a busy 2-core
// machine that alone can take two minutes.
const HEALTH_TIMEOUT_MS = 300_000
const HEALTH_POLL_MS = 200
const STOP_GRACE_MS = 5_000

export type Stack = {
  addresses: Addresses.Addresses
  parts: Part[]
  stop: () => Promise<void>
  /** Stops one part (say the relay, to see clients ride out its restart). */
  stopPart: (name: string) => Promise<void>
  /**
   * Starts a stopped part again and waits until it is healthy (with `env` over its own, if given), or
   * with `until: 'live'` only until its process answers (a part waiting for a dependency that is down).
   */
  startPart: (name: string, env?: Record<string, string>, options?: { until?: 'live' }) => Promise<void>
}

/** The topologies the launcher runs: `default` (one of each part) and `scale` (see scale.ts). */
export const PROFILES = ['default', 'scale'] as const
export type Profile = (typeof PROFILES)[number]

/** The profile named by STACK_PROFILE (default `default`); throws on an unknown name. */
export function profileFrom(value: string | undefined): Profile {
  const name = value?.trim() || 'default'
  if (!(PROFILES as readonly string[]).includes(name))
    throw new Error(`stack: unknown profile '${name}' (known: ${PROFILES.join(', ')})`)
  return name as Profile
}

export type StartOptions = {
  /** The topology (default: STACK_PROFILE, else `default`). */
  profile?: Profile
  /** Start only these parts (and what they need). All parts by default. */
  only?: string[]
  /** The parts themselves instead of a profile's (the launcher's own tests). */
  parts?: Part[]
  /** Where the parts' logs go (default `.data/logs/`, the scale profile's `.data/logs/scale/`). */
  logDir?: string
  env?: Record<string, string | undefined>
  /** Called with each line a part prints; by default lines go to `.data/logs/<part>.log` only. */
  onLine?: (part: string, line: string) => void
  /** Called as each part has built (`built`) and answers (`ready`), with the seconds it took. */
  onProgress?: (progress: Progress) => void
  /** Aborting it stops the start: what had started is stopped, and start rejects. */
  signal?: AbortSignal
}

/** One step of a start: a part's build done, or the part answering. */
export type Progress = { part: string; step: 'built' | 'ready'; seconds: number }

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function select(all: Part[], only: string[] | undefined): Part[] {
  if (!only) return all
  const wanted = new Set<string>()
  const visit = (name: string) => {
    if (wanted.has(name)) return
    const part = all.find((p) => p.name === name)
    if (!part) throw new Error(`stack: unknown part '${name}' (known: ${all.map((p) => p.name).join(', ')})`)
    wanted.add(name)
    for (const need of part.after ?? []) visit(need)
  }
  for (const name of only) visit(name)
  return all.filter((p) => wanted.has(p.name))
}

/**
 * Starts the parts of the stack, waits until each is healthy, and returns a handle that stops them
 * all. Used by `npm start` and by the end-to-end global setup alike. Every build starts at once, and
 * every part as soon as the parts it comes after answer. When any part fails (or `signal` aborts),
 * everything started is stopped before start rejects: nothing keeps running behind a failed start.
 */
export async function start(options: StartOptions = {}): Promise<Stack> {
  const profile = options.profile ?? profileFrom(process.env.STACK_PROFILE)
  const env =
    profile === 'scale'
      ? Scale.environment({ ...process.env, ...options.env })
      : { ...process.env, ...options.env }
  const addresses = Addresses.from(env)
  if (profile === 'scale' && !options.parts) {
    // Before anything starts: nothing to stop, and the one command that installs what is missing.
    const absent = SystemPackages.missing(SystemPackages.FOR_SCALE, env)
    if (absent.length) throw new Error(SystemPackages.message('the scale profile', absent))
  }
  const selected = select(
    options.parts ?? (profile === 'scale' ? Scale.parts(env) : allParts(addresses)),
    options.only,
  )
  // The scale profile's parts share some names with the default's, and both may run at once.
  const logDir = options.logDir ?? join(root, '.data', 'logs', ...(profile === 'scale' ? ['scale'] : []))
  mkdirSync(logDir, { recursive: true })

  type Entry = { part: Part; child: ChildProcess; exited: boolean; error?: Error }
  const running: Entry[] = []
  const kill = async (entry: Entry) => {
    if (entry.exited || entry.child.pid === undefined) return
    const group = -entry.child.pid
    try {
      process.kill(group, 'SIGTERM')
    } catch {
      return
    }
    const deadline = Date.now() + STOP_GRACE_MS
    while (!entry.exited && Date.now() < deadline) await sleep(50)
    if (!entry.exited) {
      try {
        process.kill(group, 'SIGKILL')
      } catch {}
    }
  }
  // Parts run in process groups of their own, which outlive this process: should it exit without
  // stopping them (an uncaught error, process.exit), they are told to stop all the same.
  const orphaned = () => {
    for (const entry of running) {
      if (entry.exited || entry.child.pid === undefined) continue
      try {
        process.kill(-entry.child.pid, 'SIGTERM')
      } catch {}
    }
  }
  process.on('exit', orphaned)
  const stop = async () => {
    await Promise.all([...running].reverse().map(kill))
    process.off('exit', orphaned)
  }

  // Set once the start fails or is aborted: nothing more is spawned, and every wait gives up.
  let failure: Error | undefined
  const fail = (error: Error) => {
    failure ??= error
  }
  const interrupted = () => fail(new Error('stack: start interrupted; stopping what had started'))
  if (options.signal?.aborted) interrupted()
  options.signal?.addEventListener('abort', interrupted, { once: true })

  /** Spawns `command` for `part`, its output appended to `logPath`. */
  function spawnPart(part: Part, command: string[], logPath: string, extraEnv: Record<string, string> = {}) {
    if (failure) throw failure
    const log = createWriteStream(logPath, { flags: 'a' })
    const [file, ...args] = command
    const child = spawn(file!, args, {
      cwd: root,
      env: { ...env, ...addresses, ...part.env, ...extraEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    })
    const entry: Entry = { part, child, exited: false }
    running.push(entry)
    child.on('exit', () => {
      entry.exited = true
      log.end()
    })
    // A command that cannot start (not installed: ENOENT) is an error, not an exit.
    child.on('error', (error) => {
      entry.error = error
      entry.exited = true
      log.end()
    })
    for (const stream of [child.stdout, child.stderr]) {
      stream?.pipe(log, { end: false })
      if (options.onLine) {
        let buffered = ''
        stream?.on('data', (chunk: Buffer) => {
          buffered += chunk.toString()
          const lines = buffered.split('\n')
          buffered = lines.pop() ?? ''
          for (const line of lines) options.onLine?.(part.name, line)
        })
      }
    }
    return entry
  }

  /** Why `entry` stopped, with the last lines of its log. */
  async function exitedError(entry: Entry, what: string, logPath: string) {
    await sleep(100)
    const tail = existsSync(logPath) ? readFileSync(logPath, 'utf8').split('\n').slice(-30).join('\n') : ''
    const how = entry.error
      ? `could not start (${entry.error.message})`
      : `exited (code ${entry.child.exitCode})`
    return new Error(`stack: ${what} ${how}; last lines of ${logPath}:\n${tail}`)
  }

  /** Runs `part`'s build to its end (its log starts afresh). */
  async function build(part: Part) {
    const began = Date.now()
    const logPath = join(logDir, `${part.name}.log`)
    writeFileSync(logPath, '')
    const entry = spawnPart(part, part.build!, logPath)
    while (!entry.exited) {
      if (failure) throw failure
      await sleep(HEALTH_POLL_MS)
    }
    if (entry.error || entry.child.exitCode !== 0)
      throw await exitedError(entry, `${part.name}'s build`, logPath)
    options.onProgress?.({ part: part.name, step: 'built', seconds: (Date.now() - began) / 1000 })
  }

  /** Starts one part and waits until it is healthy, or `up` (appending to its log when `append`). */
  async function launch(
    part: Part,
    append = false,
    extraEnv: Record<string, string> = {},
    up: () => Promise<boolean> = part.healthy,
  ) {
    const began = Date.now()
    if (await part.healthy()) {
      throw new Error(
        `stack: ${part.name} address ${part.url} is already in use; stop whatever runs there first`,
      )
    }
    const logPath = join(logDir, `${part.name}.log`)
    if (!append) writeFileSync(logPath, '')
    const entry = spawnPart(part, part.command, logPath, extraEnv)
    const deadline = Date.now() + HEALTH_TIMEOUT_MS
    while (!(await up())) {
      if (failure) throw failure
      if (entry.exited) throw await exitedError(entry, part.name, logPath)
      if (Date.now() > deadline) {
        const tail = readFileSync(logPath, 'utf8').split('\n').slice(-30).join('\n')
        throw new Error(`stack: ${part.name} did not become healthy; last lines of ${logPath}:\n${tail}`)
      }
      await sleep(HEALTH_POLL_MS)
    }
    options.onProgress?.({ part: part.name, step: 'ready', seconds: (Date.now() - began) / 1000 })
  }

  const partNamed = (name: string) => {
    const part = selected.find((p) => p.name === name)
    if (!part) throw new Error(`stack: part '${name}' is not running in this stack`)
    return part
  }

  // A part's address is checked before its build, so a port already taken fails the start at once.
  const taken = await Promise.all(selected.map(async (part) => ((await part.healthy()) ? part : undefined)))
  const inUse = taken.find((part) => part !== undefined)
  if (inUse) {
    await stop()
    throw new Error(
      `stack: ${inUse.name} address ${inUse.url} is already in use; stop whatever runs there first`,
    )
  }
  const builds = new Map(selected.filter((part) => part.build).map((part) => [part.name, build(part)]))
  const launches = new Map<string, Promise<void>>()
  const launchAfter = (part: Part): Promise<void> => {
    let launched = launches.get(part.name)
    if (!launched) {
      launched = (async () => {
        await Promise.all([
          ...(part.after ?? []).map((name) => launchAfter(partNamed(name))),
          builds.get(part.name),
        ])
        // A built part's log begins with its build's output.
        await launch(part, part.build !== undefined)
      })()
      launches.set(part.name, launched)
    }
    return launched
  }
  try {
    await Promise.all(selected.map(launchAfter))
  } catch (error) {
    fail(error as Error)
    // Every wait gives up at once; then nothing more is spawned, and what was is stopped.
    await Promise.allSettled([...builds.values(), ...launches.values()])
    await stop()
    throw failure
  } finally {
    options.signal?.removeEventListener('abort', interrupted)
  }
  return {
    addresses,
    parts: selected,
    stop,
    async stopPart(name) {
      const part = partNamed(name)
      await Promise.all(running.filter((entry) => entry.part === part).map(kill))
    },
    async startPart(name, extraEnv, { until } = {}) {
      const part = partNamed(name)
      if (running.some((entry) => entry.part === part && !entry.exited)) return
      await launch(part, true, extraEnv, until === 'live' ? (part.live ?? part.healthy) : part.healthy)
    },
  }
}
