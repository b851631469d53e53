import { parseArgs } from 'node:util'
import pino from 'pino'
import * as DashboardTokens from './analytics/DashboardTokens.js'
import * as AuthDeps from './auth/AuthDeps.js'
import * as Rotation from './auth/vault/Rotation.js'
import * as Vault from './auth/vault/Vault.js'
import * as Config from './Config.js'
import type * as Db from './db/Db.js'
import * as Projects from './projects/Projects.js'
import * as Server from './Server.js'

/** `npm run frontdoor -- help`. */
export const USAGE = `Usage: npm run frontdoor -- projects <command>
       npm run frontdoor -- vault status|rotate

  projects list
  projects show <projectId>
  projects create <projectId> [--name <name>] [--origins <origin,origin>] [--bundle-ids <id,id>]
                  [--package-names <name,name>] [--no-analytics]
  projects set-origins <projectId> <origin> [<origin>...]     (replaces the list; comma lists work too)
  projects set-bundle-ids <projectId> [<bundleId>...]         (iOS apps allowed at the relay; none: clears)
  projects set-package-names <projectId> [<packageName>...]   (Android apps allowed at the relay; none: clears)
  projects set-feature <projectId> <featureId> on|off [--config <json>]
  projects set-socials <projectId> <provider,provider>         (${Projects.SOCIAL_PROVIDERS.join(', ')})
  projects set-analytics <projectId> on|off
  projects set-dashboard-token <projectId> [--off]             (prints a new token for /dashboard/<projectId>)

  vault status     the data keys per master key, which of them VAULT_MASTER_KEY and
                   VAULT_MASTER_KEY_PREVIOUS are, and the key new data keys are wrapped under
  vault rotate     re-wraps every data key under VAULT_MASTER_KEY_PREVIOUS with VAULT_MASTER_KEY, in
                   one transaction (every API node must already run with both keys; see the README)

Features: ${Projects.FEATURE_IDS.join(', ')}
Access at the relay: web pages by origin, iOS apps by bundle id, Android apps by package name; a
change applies within seconds (the API and the relay cache each project for a few seconds).
Storage: DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite, default .data/pglite; stop the API first, one
process at a time may open a PGlite folder).`

export type Io = {
  env: Record<string, string | undefined>
  print: (line: string) => void
  /** A database to use instead of opening the one the environment names (tests). */
  db?: Db.Db
}

class UsageError extends Error {}

function origin(value: string): string {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new UsageError(`'${value}' is not an origin (e.g. https://app.example.com)`)
  }
  if (url.origin !== value.replace(/\/$/, ''))
    throw new UsageError(`'${value}' is not an origin; did you mean '${url.origin}'?`)
  return url.origin
}

/** An iOS bundle id or Android package name: reverse-DNS segments of letters, digits, _ or -. */
const APP_ID = /^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)+$/

function appId(value: string, what: string): string {
  if (value.length > 255 || !APP_ID.test(value))
    throw new UsageError(`'${value}' is not a ${what} (e.g. com.example.wallet)`)
  return value
}

const list = (values: string[]) =>
  values
    .flatMap((value) => value.split(','))
    .map((v) => v.trim())
    .filter(Boolean)

function onOff(value: string | undefined): boolean {
  if (value === 'on') return true
  if (value === 'off') return false
  throw new UsageError(`expected 'on' or 'off', got '${value ?? ''}'`)
}

const need = (value: string | undefined, what: string) => {
  if (!value) throw new UsageError(`missing ${what}`)
  return value
}

function show(project: Projects.Project): string {
  return JSON.stringify(project, null, 2)
}

async function execute(
  orm: Db.Orm,
  command: string | undefined,
  args: string[],
  options: Record<string, unknown>,
) {
  switch (command) {
    case 'list': {
      const projects = await Projects.list(orm)
      return projects.map(
        (p) =>
          `${p.projectId.padEnd(20)} ${p.name.padEnd(24)} ${[
            ...p.allowedOrigins,
            ...p.allowedBundleIds,
            ...p.allowedPackageNames,
          ].join(', ')}`,
      )
    }
    case 'show': {
      const id = need(args[0], '<projectId>')
      const project = await Projects.get(orm, id)
      if (!project) throw new UsageError(`project '${id}' does not exist`)
      return [show(project)]
    }
    case 'create': {
      const id = need(args[0], '<projectId>')
      if (!/^[A-Za-z0-9_-]{1,64}$/.test(id))
        throw new UsageError('a projectId is 1-64 letters, digits, _ or -')
      const project = await Projects.create(orm, {
        projectId: id,
        name: typeof options.name === 'string' ? options.name : id,
        allowedOrigins: list(typeof options.origins === 'string' ? [options.origins] : []).map(origin),
        allowedBundleIds: list(typeof options['bundle-ids'] === 'string' ? [options['bundle-ids']] : []).map(
          (value) => appId(value, 'bundle id'),
        ),
        allowedPackageNames: list(
          typeof options['package-names'] === 'string' ? [options['package-names']] : [],
        ).map((value) => appId(value, 'package name')),
        isAnalyticsEnabled: options['no-analytics'] !== true,
      })
      return [show(project)]
    }
    case 'set-origins': {
      const id = need(args[0], '<projectId>')
      return [show(await Projects.update(orm, id, { allowedOrigins: list(args.slice(1)).map(origin) }))]
    }
    case 'set-bundle-ids': {
      const id = need(args[0], '<projectId>')
      const allowedBundleIds = list(args.slice(1)).map((value) => appId(value, 'bundle id'))
      return [show(await Projects.update(orm, id, { allowedBundleIds }))]
    }
    case 'set-package-names': {
      const id = need(args[0], '<projectId>')
      const allowedPackageNames = list(args.slice(1)).map((value) => appId(value, 'package name'))
      return [show(await Projects.update(orm, id, { allowedPackageNames }))]
    }
    case 'set-feature': {
      const id = need(args[0], '<projectId>')
      const feature = need(args[1], '<featureId>')
      if (!(Projects.FEATURE_IDS as readonly string[]).includes(feature))
        throw new UsageError(`unknown feature '${feature}' (one of ${Projects.FEATURE_IDS.join(', ')})`)
      let config: unknown
      if (typeof options.config === 'string') {
        try {
          config = JSON.parse(options.config)
        } catch {
          throw new UsageError('--config must be JSON')
        }
      }
      return [
        show(
          await Projects.setFeature(orm, id, {
            id: feature as Projects.FeatureId,
            isEnabled: onOff(args[2]),
            ...(config === undefined ? {} : { config }),
          }),
        ),
      ]
    }
    case 'set-socials': {
      const id = need(args[0], '<projectId>')
      const providers = list(args.slice(1))
      const unknown = providers.filter((p) => !(Projects.SOCIAL_PROVIDERS as readonly string[]).includes(p))
      if (unknown.length) throw new UsageError(`unknown social provider(s): ${unknown.join(', ')}`)
      return [show(await Projects.update(orm, id, { socialProviders: providers }))]
    }
    case 'set-analytics': {
      const id = need(args[0], '<projectId>')
      return [show(await Projects.update(orm, id, { isAnalyticsEnabled: onOff(args[1]) }))]
    }
    case 'set-dashboard-token': {
      const id = need(args[0], '<projectId>')
      if (!(await Projects.get(orm, id))) throw new UsageError(`project '${id}' does not exist`)
      if (options.off === true) {
        await DashboardTokens.remove(orm, id)
        return [`the dashboard of '${id}' is closed`]
      }
      return [await DashboardTokens.reset(orm, id)]
    }
    default:
      throw new UsageError(command ? `unknown command '${command}'` : 'missing command')
  }
}

/** `vault status` and `vault rotate`. */
async function vaultCommand(db: Db.Db, vault: Vault.Vault, command: string | undefined) {
  switch (command) {
    case 'status': {
      const { recorded, keys } = await Rotation.status(db, vault)
      const wrapping = Vault.wrappingKeyId(vault, recorded)
      return [
        ...keys.map(
          (k) =>
            `master key ${k.keyId}  ${(k.held ?? 'not held here').padEnd(25)}  ${String(k.dataKeys).padStart(7)} data keys${k.keyId === wrapping ? '  (new data keys are wrapped under it)' : ''}`,
        ),
        recorded ? `rotated to ${recorded}` : 'no rotation recorded',
        ...(wrapping
          ? []
          : [`error: the vault was rotated to ${recorded}, which this environment does not hold`]),
      ]
    }
    case 'rotate': {
      const rotated = await Rotation.rotate(db, vault, { now: Date.now() })
      return [
        `re-wrapped ${rotated.rewrapped} data keys from master key ${rotated.from} to ${rotated.to} in one transaction (${rotated.already} were under ${rotated.to} already)`,
        `new data keys are wrapped under ${rotated.to} from now on; remove VAULT_MASTER_KEY_PREVIOUS from each API node (after the 10 minutes of the login codes sent before)`,
      ]
    }
    default:
      throw new UsageError(command ? `unknown command 'vault ${command}'` : 'missing command')
  }
}

/**
 * Runs the project CLI and returns the exit code (0 ok, 1 failed, 2 usage error).
 *
 * @example
 * await Cli.run(['projects', 'set-origins', 'demo', 'http://localhost:5173'], { env: process.env, print: console.log })
 */
export async function run(argv: string[], io: Io): Promise<number> {
  let parsed: ReturnType<typeof parseArgs>
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        name: { type: 'string' },
        origins: { type: 'string' },
        'bundle-ids': { type: 'string' },
        'package-names': { type: 'string' },
        config: { type: 'string' },
        'no-analytics': { type: 'boolean' },
        off: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    })
  } catch (error) {
    io.print(`error: ${(error as Error).message}\n\n${USAGE}`)
    return 2
  }
  const [group, command, ...args] = parsed.positionals
  if (parsed.values.help || group === 'help' || !group) {
    io.print(USAGE)
    return group || parsed.values.help ? 0 : 2
  }
  if (group !== 'projects' && group !== 'vault') {
    io.print(`error: unknown command group '${group}'\n\n${USAGE}`)
    return 2
  }
  let db = io.db
  try {
    const { config, process: settings } = Config.fromEnv(io.env)
    // The vault's keys first: a missing or malformed key stops the command before the database opens.
    const vault =
      group === 'vault'
        ? AuthDeps.vault({
            config,
            masterKey: io.env.VAULT_MASTER_KEY,
            previousMasterKey: io.env.VAULT_MASTER_KEY_PREVIOUS,
            dataDir: settings.dataDir,
            logger: pino({ level: 'silent' }),
          })
        : undefined
    if (!db)
      db = await Server.prepare(config, { databaseUrl: settings.databaseUrl, dataDir: settings.dataDir })
    const lines = vault
      ? await vaultCommand(db, vault, command)
      : await execute(db.orm, command, args, parsed.values)
    for (const line of lines) io.print(line)
    return 0
  } catch (error) {
    if (error instanceof UsageError) {
      io.print(`error: ${error.message}\n\n${USAGE}`)
      return 2
    }
    io.print(`error: ${(error as Error).message}`)
    return 1
  } finally {
    if (db && !io.db) await db.close()
  }
}
