/**
 * Checks a shell line of the docs against the repository: the npm scripts, stack parts, CLI commands,
 * files and routes it names must exist. Running every line here would start stacks and docker; the
 * commands themselves run in their own tests (the stack launcher's, the CLI's, the compose checks).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

export type Repo = { root: string }

const read = (repo: Repo, path: string) => readFileSync(join(repo.root, path), 'utf8')
const json = (repo: Repo, path: string) => JSON.parse(read(repo, path))

/** The stack's parts, as `npm start -- <part>` takes them. */
function parts(repo: Repo): string[] {
  const source = read(repo, 'scripts/stack/parts.ts')
  const names = [...source.matchAll(/name: '([a-z-]+)'/g)].map((match) => match[1] ?? '')
  const devnets =
    [...source.matchAll(/devnet-\$\{/g)].length > 0 ? ['devnet-31337', 'devnet-31338', 'devnet-31339'] : []
  return [...names, ...devnets]
}

/** The workspace folder of a package name or folder (`@frontdoor/api`, `apps/api`). */
function workspace(repo: Repo, name: string): string | undefined {
  if (existsSync(join(repo.root, name, 'package.json'))) return name
  const folders = ['apps', 'packages'].flatMap((top) =>
    readdirSync(join(repo.root, top)).map((f) => join(top, f)),
  )
  return [...folders, 'e2e', 'bench', 'deploy', 'docs'].find((folder) => {
    const path = join(folder, 'package.json')
    return existsSync(join(repo.root, path)) && json(repo, path).name === name
  })
}

/** Where a route path is written in the servers' sources (`/healthz`). */
function routeExists(repo: Repo, path: string): boolean {
  const walk = (folder: string): boolean =>
    readdirSync(join(repo.root, folder), { withFileTypes: true }).some((entry) => {
      const at = join(folder, entry.name)
      if (entry.isDirectory()) return entry.name !== 'node_modules' && walk(at)
      return (
        /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) && read(repo, at).includes(`'${path}'`)
      )
    })
  return ['apps/api/src', 'apps/relay/src'].some(walk)
}

/** The words of a line without its comment and its leading `NAME=value` assignments. */
function words(line: string): string[] {
  const bare = line.replace(/\s#.*$/, '').trim()
  if (bare === '' || bare.startsWith('#')) return []
  const tokens = bare.match(/[A-Z_][A-Z0-9_]*=\$\([^)]*\)|"[^"]*"|\$\([^)]*\)|\S+/g) ?? []
  while (tokens.length > 0 && /^[A-Z_][A-Z0-9_]*=/.test(tokens[0] ?? '')) tokens.shift()
  return tokens
}

/** Why the line names something the repository does not have, or `undefined` when it is true. */
export function check(repo: Repo, line: string): string | undefined {
  const [command, ...args] = words(line)
  if (command === undefined) return undefined
  if (command === 'npm') return npm(repo, args)
  if (command === 'node') {
    const file = args.find((arg) => /\.(ts|mjs|js)$/.test(arg))
    return file && existsSync(join(repo.root, file)) ? undefined : `no such file: ${file}`
  }
  if (command === 'curl') {
    const url = args.find((arg) => arg.startsWith('http'))
    const path = url ? new URL(url).pathname : ''
    return routeExists(repo, path) ? undefined : `no server answers ${path}`
  }
  if (command === 'docker' && args[0] === 'compose')
    return existsSync(join(repo.root, 'docker-compose.yml')) ? undefined : 'no docker-compose.yml'
  return `no rule checks '${command}'`
}

function npm(repo: Repo, args: string[]): string | undefined {
  const [verb, ...rest] = args
  const dash = rest.indexOf('--')
  const own = dash < 0 ? rest : rest.slice(0, dash)
  const passed = dash < 0 ? [] : rest.slice(dash + 1)
  const ws = own[own.indexOf('-w') + 1]
  const folder = own.includes('-w') ? ws && workspace(repo, ws) : '.'
  if (!folder) return `no workspace ${ws}`
  if (verb === 'test') return undefined
  if (verb === 'start') {
    const known = parts(repo)
    const wrong = passed.filter(
      (arg, i) => !arg.startsWith('--') && passed[i - 1] !== '--profile' && !known.includes(arg),
    )
    return wrong.length > 0 ? `no stack part ${wrong.join(', ')}` : undefined
  }
  if (verb === 'run') {
    const script = own.find((arg, i) => !arg.startsWith('-') && own[i - 1] !== '-w')
    const scripts = json(repo, join(folder, 'package.json')).scripts ?? {}
    if (!script || !(script in scripts)) return `no npm script '${script}' in ${folder}`
    const cli = { frontdoor: 'apps/api/src/cli.ts', devnet: 'packages/devnet/src/cli.ts' }[script as string]
    const words = passed.filter((arg) => /^[a-z][a-z-]+$/.test(arg)).slice(0, 2)
    const missing = cli && words.find((word) => !read(repo, cli).includes(`'${word}'`))
    return missing ? `the ${script} CLI has no '${missing}'` : undefined
  }
  if (verb === 'pack' || verb === 'install') {
    const ours = own.filter((arg) => arg.startsWith('@frontdoor/'))
    const missing = ours.find((name) => !workspace(repo, name))
    return missing ? `no package ${missing}` : undefined
  }
  return `no rule checks 'npm ${verb}'`
}
