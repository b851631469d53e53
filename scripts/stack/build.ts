import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..')

/** The newest modification time under `paths` (files or folders, skipping node_modules and dist), 0 when none exist. */
export function newest(paths: string[]): number {
  let latest = 0
  for (const path of paths) {
    if (!existsSync(path)) continue
    const stat = statSync(path)
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) {
        if (entry !== 'node_modules' && entry !== 'dist')
          latest = Math.max(latest, newest([join(path, entry)]))
      }
    } else latest = Math.max(latest, stat.mtimeMs)
  }
  return latest
}

export type IfStaleOptions = {
  /** What the log line calls it. */
  name: string
  /** The folder `vite build` runs in. */
  cwd: string
  /** A file the build writes; its age is the build's age. */
  output: string
  /** Files and folders the build reads. */
  inputs: string[]
  /** A value baked into the build (an address): a different value forces a build. */
  key?: { path: string; value: string }
  /** Extra `vite build` arguments. */
  args?: string[]
  /** The build's command instead of `vite build` (run in `cwd`). */
  command?: string[]
}

/**
 * Runs `vite build` (or `command`) in `cwd` when `output` is missing or older than its inputs, so a part
 * of the stack starts from a fresh clone without a separate build step. Exits the process when the build
 * fails.
 */
export function ifStale(options: IfStaleOptions): void {
  const built = existsSync(options.output) ? statSync(options.output).mtimeMs : 0
  const keyChanged =
    options.key !== undefined &&
    (!existsSync(options.key.path) || readFileSync(options.key.path, 'utf8') !== options.key.value)
  if (!keyChanged && built >= newest(options.inputs)) return
  console.log(`${options.name}: building (sources are newer than ${options.output})`)
  const [command, ...args] = options.command ?? [
    join(root, 'node_modules', '.bin', 'vite'),
    'build',
    ...(options.args ?? []),
  ]
  const result = spawnSync(command!, args, { cwd: options.cwd, stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
  if (options.key) writeFileSync(options.key.path, options.key.value)
}
