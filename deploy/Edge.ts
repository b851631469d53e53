import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The edge's nginx configuration (deploy/nginx/frontdoor.conf.template) filled in for one topology:
 * the stack launcher's scale profile runs it with Debian's nginx, docker-compose.yml with the nginx
 * image (whose envsubst fills in the same `${FD_*}` names).
 */

/** The folder of the template and its snippets. */
export const NGINX_DIR = join(dirname(fileURLToPath(import.meta.url)), 'nginx')

/** Where the edge's parts are. Addresses are `host:port`. */
export type Settings = {
  /** Where each origin listens. */
  listen: { modal: string; auth: string; api: string; relay: string }
  /** The nodes behind the edge, round-robin. */
  apiNodes: readonly string[]
  relayNodes: readonly string[]
  /** Each frame's server, asked for a document's headers and `<meta>` tags. */
  modalFrame: string
  authFrame: string
  /** The frames' Vite builds and sdk.js. */
  modalRoot: string
  authRoot: string
  sdkFile: string
  /**
   * The Solana entry sdk.js loads (data-solana), served as /solana.js; default sdk-solana.js beside
   * `sdkFile`, where the host SDK's build puts it.
   */
  solanaFile?: string | undefined
  /** The published sdk.js versions: a folder holding sdk/<version>/sdk.js and solana.js. */
  sdkRoot: string
  /** Where requests are logged. */
  accessLog: string
}

/** The template's values for `settings`, by name. */
export function values(settings: Settings): Record<string, string> {
  const servers = (nodes: readonly string[]) => nodes.map((node) => `server ${node};`).join(' ')
  return {
    FD_MODAL_LISTEN: settings.listen.modal,
    FD_AUTH_LISTEN: settings.listen.auth,
    FD_API_LISTEN: settings.listen.api,
    FD_RELAY_LISTEN: settings.listen.relay,
    FD_API_SERVERS: servers(settings.apiNodes),
    FD_RELAY_SERVERS: servers(settings.relayNodes),
    FD_MODAL_FRAME: settings.modalFrame,
    FD_AUTH_FRAME: settings.authFrame,
    FD_MODAL_ROOT: settings.modalRoot,
    FD_AUTH_ROOT: settings.authRoot,
    FD_SDK_FILE: settings.sdkFile,
    FD_SDK_SOLANA_FILE: settings.solanaFile ?? join(dirname(settings.sdkFile), 'sdk-solana.js'),
    FD_SDK_ROOT: settings.sdkRoot,
    FD_SNIPPETS: NGINX_DIR,
    FD_ACCESS_LOG: settings.accessLog,
  }
}

/** `template` with each `${NAME}` replaced by its value; throws on a name without one. */
export function render(template: string, values: Record<string, string>): string {
  return template.replace(/\$\{([A-Z0-9_]+)\}/g, (_, name: string) => {
    const value = values[name]
    if (value === undefined) throw new Error(`edge: the template names \${${name}}, which has no value`)
    return value
  })
}

/** The names the template fills in. */
export function templateNames(template: string): string[] {
  return [...new Set([...template.matchAll(/\$\{([A-Z0-9_]+)\}/g)].map((match) => match[1] as string))]
}

/** The edge's site configuration (http context) for `settings`. */
export function site(settings: Settings): string {
  return render(readFileSync(join(NGINX_DIR, 'frontdoor.conf.template'), 'utf8'), values(settings))
}

/**
 * A whole nginx.conf that runs the site in the foreground with every file under `dir` (pid, temp
 * folders, error log), so it needs no system folder; as root its worker runs as root too (it reads
 * the builds in the working tree).
 */
export function main(options: { dir: string; site: string; root: boolean }): string {
  const { dir } = options
  return [
    'daemon off;',
    'worker_processes 1;',
    ...(options.root ? ['user root;'] : []),
    `pid ${join(dir, 'nginx.pid')};`,
    `error_log ${join(dir, 'error.log')} warn;`,
    'events { worker_connections 1024; }',
    'http {',
    '    include /etc/nginx/mime.types;',
    '    default_type application/octet-stream;',
    '    sendfile on;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
      (kind) => `    ${kind}_temp_path ${join(dir, 'tmp', kind)};`,
    ),
    `    include ${options.site};`,
    '}',
    '',
  ].join('\n')
}
