// The types of system-packages.mjs (plain JavaScript: ensure-deps.mjs runs it before tsx exists).

/** A Debian package that `npm test` or the scale profile uses. */
export type Package = 'chromium' | 'postgresql' | 'redis-server' | 'nginx' | 'openssl'
type Env = Record<string, string | undefined>

export function which(command: string, env?: Env): string | undefined
export function postgresBin(): string | undefined
export function chromiumPath(env?: Env): string
export const FOR_TESTS: Package[]
export const FOR_SCALE: Package[]
export function missing(names: Package[], env?: Env): Package[]
export function message(who: string, absent: Package[]): string
export function ensure(who: string, names: Package[]): void
