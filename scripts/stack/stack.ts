import { type ChildProcess, spawn } from 'node:child_process'
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import * as Addresses from '@frontdoor/protocol/addresses'
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
  env?: Record<string, string | undefined>
  /** Called with each line a part prints; by default lines go to `.data/logs/<part>.log` only. */
  onLine?: (part: string, line: string) => void
}

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
 * all. Used by `npm start` and by the end-to-end global setup alike.
 */
export async function start(options: StartOptions = {}): Promise<Stack> {
  const profile = options.profile ?? profileFrom(process.env.STACK_PROFILE)
  const env =
    profile === 'scale'
      ? Scale.environment({ ...process.env, ...options.env })
      : { ...process.env, ...options.env }
  const addresses = Addresses.from(env)
  const selected = select(profile === 'scale' ? Scale.parts(env) : allParts(addresses), options.only)
  // The scale profile's parts share some names with the default's, and both may run at once.
  const logDir = join(root, '.data', 'logs', ...(profile === 'scale' ? ['scale'] : []))
  mkdirSync(logDir, { recursive: true })

  type Entry = { part: Part; child: ChildProcess; exited: boolean }
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
  const stop = async () => {
    await Promise.all([...running].reverse().map(kill))
  }

  /** Starts one part and waits until it is healthy, or `up` (appending to its log when `append`). */
  async function launch(
    part: Part,
    append = false,
    extraEnv: Record<string, string> = {},
    up: () => Promise<boolean> = part.healthy,
  ) {
    if (await part.healthy()) {
      throw new Error(
        `stack: ${part.name} address ${part.url} is already in use; stop whatever runs there first`,
      )
    }
    const logPath = join(logDir, `${part.name}.log`)
    const log = createWriteStream(logPath, { flags: append ? 'a' : 'w' })
    const [command, ...args] = part.command
    const child = spawn(command!, args, {
      cwd: root,
      env: { ...env, ...addresses, ...part.env, ...extraEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    })
    const entry: Entry = { part, child, exited: false }
    running.push(entry)
    child.on('exit', () => {
      entry.exited = true
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
    const deadline = Date.now() + HEALTH_TIMEOUT_MS
    while (!(await up())) {
      if (entry.exited || Date.now() > deadline) {
        await sleep(100)
        const tail = readFileSync(logPath, 'utf8').split('\n').slice(-30).join('\n')
        throw new Error(
          `stack: ${part.name} ${entry.exited ? `exited (code ${child.exitCode})` : 'did not become healthy'}; last lines of ${logPath}:\n${tail}`,
        )
      }
      await sleep(HEALTH_POLL_MS)
    }
  }

  const partNamed = (name: string) => {
    const part = selected.find((p) => p.name === name)
    if (!part) throw new Error(`stack: part '${name}' is not running in this stack`)
    return part
  }

  try {
    for (const part of selected) await launch(part)
  } catch (error) {
    await stop()
    throw error
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
