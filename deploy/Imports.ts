/**
 * The import graph of the product's source, read with TypeScript's own pre-processor (every import:
 * static, type-only, re-exports and lazy `import()`), and its circles. Tests, fixtures and build
 * output are left out; imports between packages are not followed (a package cycle would not build).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import ts from 'typescript'

const SOURCE = /\.(ts|tsx|mts)$/
const SKIPPED =
  /(^|\/)(node_modules|dist|\.cache|e2e|bench|deploy|docs|scripts|consumer|test|fixtures)(\/|$)|\.(test|e2e|faults|bench)\.tsx?$|\.d\.ts$/

/** The source files of every workspace under `apps/` and `packages/`, relative to `root`. */
function files(root: string): string[] {
  const found: string[] = []
  const walk = (folder: string) => {
    for (const name of readdirSync(join(root, folder))) {
      const path = folder ? `${folder}/${name}` : name
      if (SKIPPED.test(path)) continue
      if (statSync(join(root, path)).isDirectory()) walk(path)
      else if (SOURCE.test(name)) found.push(path)
    }
  }
  for (const top of ['apps', 'packages']) walk(top)
  return found.sort()
}

/** The file a relative specifier names (`./x.js` is `x.ts`, `x.tsx` or `x/index.ts`), if it is source. */
function resolve(root: string, from: string, specifier: string): string | undefined {
  const base = join(dirname(from), specifier).replace(/\.(m?js|jsx)$/, '')
  const candidates = [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    `${base}.mts`,
    `${base}/index.ts`,
    `${base}/index.tsx`,
  ]
  return candidates.find((path) => SOURCE.test(path) && existsSync(join(root, path)))
}

/** Each file and the files it imports. */
export function graph(root: string): Map<string, string[]> {
  const edges = new Map<string, string[]>()
  for (const file of files(root)) {
    const info = ts.preProcessFile(readFileSync(join(root, file), 'utf8'), true, true)
    const targets = info.importedFiles
      .map((imported) => imported.fileName)
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => resolve(root, file, specifier))
      .filter((path): path is string => path !== undefined && !SKIPPED.test(path))
    edges.set(file, [...new Set(targets.map((path) => relative(root, join(root, path))))])
  }
  return edges
}

/** The circles of `edges`: its strongly connected components of more than one file, or a file importing itself. */
export function circles(edges: Map<string, string[]>): string[][] {
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  let next = 0
  const connect = (file: string) => {
    index.set(file, next)
    low.set(file, next++)
    stack.push(file)
    onStack.add(file)
    for (const target of edges.get(file) ?? []) {
      if (!index.has(target)) {
        connect(target)
        low.set(file, Math.min(low.get(file) as number, low.get(target) as number))
      } else if (onStack.has(target))
        low.set(file, Math.min(low.get(file) as number, index.get(target) as number))
    }
    if (low.get(file) !== index.get(file)) return
    const component: string[] = []
    let member: string | undefined
    do {
      member = stack.pop() as string
      onStack.delete(member)
      component.push(member)
    } while (member !== file)
    if (component.length > 1 || (edges.get(file) ?? []).includes(file)) found.push(component.sort())
  }
  for (const file of edges.keys()) if (!index.has(file)) connect(file)
  return found
}
