// The repository as a fresh clone has it, after `npm ci`: its files (tracked, and new ones not ignored, as
// they are in the work tree) without anything built, and node_modules as npm lays them out. The
// packages' checks pack their tarballs there, so `npm pack` has to build them itself (their `prepack`)
// and a dist/ left in this checkout can neither help nor be overwritten under another check.
import { spawnSync } from 'node:child_process'
import {
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  symlinkSync,
} from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

/** This repository's root. */
export const ROOT = resolve(import.meta.dirname, '..', '..', '..')

function git(args: string[]): string {
  const result = spawnSync('git', args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  if (result.status !== 0) throw new Error(`git ${args.join(' ')} failed: ${result.stderr}`)
  return result.stdout
}

/** The workspaces' folders, relative to the root (package.json's `workspaces`, one level of globs). */
function workspaces(): string[] {
  const patterns: string[] = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).workspaces
  return patterns.flatMap((pattern) =>
    pattern.endsWith('/*')
      ? readdirSync(join(ROOT, pattern.slice(0, -2)), { withFileTypes: true })
          .filter((entry) => entry.isDirectory())
          .map((entry) => `${pattern.slice(0, -2)}/${entry.name}`)
      : [pattern],
  )
}

/**
 * Copies the repository into `into` as a fresh clone would have it after `npm ci`: the files git tracks
 * or would track (from the work tree, so uncommitted changes are in), nothing git ignores (no dist/),
 * and node_modules: every installed package linked from this checkout's, except the workspace links
 * (`node_modules/@frontdoor/*`), which point at the copy's own workspaces. Returns `into`.
 */
export function create(into: string): string {
  const files = git(['ls-files', '-z', '--cached', '--others', '--exclude-standard'])
    .split('\0')
    .filter((file) => file && existsSync(join(ROOT, file)))
  for (const file of files) {
    mkdirSync(dirname(join(into, file)), { recursive: true })
    copyFileSync(join(ROOT, file), join(into, file))
  }
  const withWorkspaces = new Set(workspaces())
  for (const folder of ['.', ...withWorkspaces]) {
    const modules = join(ROOT, folder, 'node_modules')
    if (!existsSync(modules) || !existsSync(join(into, folder))) continue
    mkdirSync(join(into, folder, 'node_modules'), { recursive: true })
    for (const entry of readdirSync(modules)) {
      const target = join(into, folder, 'node_modules', entry)
      if (folder === '.' && entry === '@frontdoor') {
        // The workspace links, as npm makes them: relative, into the copy.
        mkdirSync(target)
        for (const name of readdirSync(join(modules, entry))) {
          const workspace = relative(
            ROOT,
            resolve(join(modules, entry), readLink(join(modules, entry, name))),
          )
          symlinkSync(relative(target, join(into, workspace)), join(target, name))
        }
      } else symlinkSync(join(modules, entry), target)
    }
  }
  return into
}

function readLink(path: string): string {
  if (!lstatSync(path).isSymbolicLink()) throw new Error(`${path} is not a workspace link`)
  return readlinkSync(path)
}
