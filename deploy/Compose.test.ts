import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Ajv } from 'ajv'
import { describe, expect, test } from 'vitest'
import { parse } from 'yaml'
import * as Dockerfile from './Dockerfile.js'
import * as Edge from './Edge.js'
import { ROOT } from './Repo.js'

/**
 * docker-compose.yml, checked without Docker (which cannot run on our machines): valid against the
 * Compose Specification's JSON schema (vendored in compose-spec/), and the topology of issue 17.
 */

type Service = {
  build?: { context: string; dockerfile: string; target?: string }
  image?: string
  profiles?: string[]
  environment?: Record<string, string>
  depends_on?: string[] | Record<string, unknown>
  ports?: string[]
}
type Compose = { services: Record<string, Service>; volumes?: Record<string, unknown> }

const schema = JSON.parse(
  readFileSync(join(import.meta.dirname, 'compose-spec', 'compose-spec.json'), 'utf8'),
)
// The schema names draft-07 by an https address Ajv does not know; Ajv's default is draft-07.
delete schema.$schema
const validate = new Ajv({ allErrors: true, strict: false }).compile(schema)

/** The file as Compose reads it: YAML with merge keys (`<<: *anchor`). */
const load = (text: string) => parse(text, { merge: true }) as Compose
const source = readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8')
const compose = load(source)

describe('docker-compose.yml', () => {
  test('is valid against the Compose Specification schema', () => {
    const valid = validate(compose)
    expect(validate.errors ?? []).toEqual([])
    expect(valid).toBe(true)
  })

  test('the schema check can fail: a misspelt key, a port of the wrong type, an unknown depends_on condition', () => {
    for (const broken of [
      source.replace('services:\n', 'servces:\n'),
      source.replace(
        '    restart: unless-stopped\n    environment:\n      POSTGRES_USER',
        '    restart: [always]\n    environment:\n      POSTGRES_USER',
      ),
      source.replace('condition: service_healthy', 'condition: when_ready'),
    ]) {
      expect(broken).not.toBe(source)
      expect(validate(load(broken))).toBe(false)
    }
  })

  test('PostgreSQL, Redis, two API nodes, two relay nodes, the frames and the edge; the dev profile adds the devnets, the Solana cluster, the bundler, the on-ramp sandbox, the mail sink and the demo', () => {
    const always = Object.entries(compose.services)
      .filter(([, service]) => !service.profiles)
      .map(([name]) => name)
    expect(always.sort()).toEqual(
      [
        'postgres',
        'redis',
        'api-1',
        'api-2',
        'relay-1',
        'relay-2',
        'modal-frame',
        'auth-frame',
        'edge',
      ].sort(),
    )
    const dev = Object.entries(compose.services)
      .filter(([, service]) => service.profiles?.includes('dev'))
      .map(([name]) => name)
    expect(dev.sort()).toEqual([
      'bundler',
      'demo',
      'devnet-31337',
      'devnet-31338',
      'onramp',
      'smtp',
      'solana',
    ])
    // The nodes share PostgreSQL and Redis, and listen behind the edge's public addresses.
    for (const name of ['api-1', 'api-2']) {
      const env = compose.services[name]?.environment ?? {}
      expect(env.DATABASE_URL).toMatch(/@postgres:5432\//)
      expect(env.REDIS_URL).toBe('redis://redis:6379')
      expect(env.API_LISTEN).toBe('0.0.0.0:4000')
      expect(env.API_URL).toContain('8082')
      // The dev profile's parts, by their service names and ports.
      expect(env.SOLANA_URL).toMatch(/^\$\{SOLANA_URL:-http:\/\/solana:8899\}$/)
      expect(env.BUNDLER_URL).toMatch(/^\$\{BUNDLER_URL:-http:\/\/bundler:4337\}$/)
      expect(env.ONRAMP_URL).toMatch(/^\$\{ONRAMP_URL:-http:\/\/onramp:5190\}$/)
    }
    // The API and the sandbox share one ONRAMP_API_KEY, and reach it at the same ONRAMP_URL (the
    // sandbox listens there and the API accepts only checkout links of that origin).
    const onramp = compose.services.onramp?.environment ?? {}
    expect(onramp.ONRAMP_API_KEY).toBeTruthy()
    for (const name of ['api-1', 'api-2']) {
      expect(compose.services[name]?.environment?.ONRAMP_API_KEY).toBe(onramp.ONRAMP_API_KEY)
      expect(compose.services[name]?.environment?.ONRAMP_URL).toBe(onramp.ONRAMP_URL)
    }
    expect(compose.services.solana?.environment?.SOLANA_URL).toBe('http://solana:8899')
    expect(compose.services.bundler?.environment?.BUNDLER_URL).toBe('http://bundler:4337')
    for (const name of ['relay-1', 'relay-2'])
      expect(compose.services[name]?.environment).toMatchObject({
        REDIS_URL: 'redis://redis:6379',
        RELAY_LISTEN: '0.0.0.0:4001',
        // The project registry through the edge: either API node.
        API_INTERNAL_URL: 'http://edge:8082',
      })
  })

  test("Redis writes every command to disk before it answers (the relay's mailbox outlives a restart), on a volume", () => {
    const redis = compose.services.redis as Service & { command?: string[]; volumes?: string[] }
    const command = redis.command ?? []
    const option = (name: string) => command[command.indexOf(name) + 1]
    expect(command).toContain('--appendonly')
    expect(option('--appendonly')).toBe('yes')
    expect(option('--appendfsync')).toBe('always')
    expect(redis.volumes).toContain('redis-data:/data')
    expect(Object.keys(compose.volumes ?? {})).toContain('redis-data')
  })

  test('no default secret: POSTGRES_PASSWORD and VAULT_MASTER_KEY are required wherever they are used', () => {
    const uses = [...source.matchAll(/\$\{(POSTGRES_PASSWORD|VAULT_MASTER_KEY)(:?[-?])?[^}]*\}/g)]
    // postgres' own password and both API nodes' DATABASE_URL (one anchor), the vault key (one anchor).
    expect(uses.map((use) => use[1]).sort()).toEqual([
      'POSTGRES_PASSWORD',
      'POSTGRES_PASSWORD',
      'VAULT_MASTER_KEY',
    ])
    for (const use of uses) expect(use[2], use[0]).toBe(':?')
    expect(compose.services.postgres?.environment?.POSTGRES_PASSWORD).toMatch(/^\$\{POSTGRES_PASSWORD:\?/)
    for (const name of ['api-1', 'api-2'])
      expect(compose.services[name]?.environment?.DATABASE_URL).toMatch(
        /^postgres:\/\/frontdoor:\$\{POSTGRES_PASSWORD:\?[^}]+\}@postgres:5432\/frontdoor$/,
      )
  })

  test('the edge proxies every node and its template gets every name it uses', () => {
    const edge = compose.services.edge as Service
    expect(edge.environment?.FD_API_SERVERS).toBe('server api-1:4000; server api-2:4000;')
    expect(edge.environment?.FD_RELAY_SERVERS).toBe('server relay-1:4001; server relay-2:4001;')
    const dockerfile = Dockerfile.parse(readFileSync(join(ROOT, edge.build?.dockerfile as string), 'utf8'))
    const names = new Set([...Object.keys(edge.environment ?? {}), ...dockerfile.env])
    const template = readFileSync(join(Edge.NGINX_DIR, 'frontdoor.conf.template'), 'utf8')
    expect(Edge.templateNames(template).filter((name) => !names.has(name))).toEqual([])
  })

  test("the edge publishes each public address's port on its host; the page, the modal and the auth frame are three sites", () => {
    // `${NAME:-default}` -> default
    const fallback = (value: string) => /^\$\{\w+:-(.+)\}$/.exec(value)?.[1] ?? value
    const env = compose.services['api-1']?.environment ?? {}
    const published = (compose.services.edge?.ports ?? []).map((port) => {
      const [host, outside] = /^(\$\{\w+:-[^}]+\}|[^:]+):(\d+):\d+$/.exec(port)?.slice(1) ?? []
      return `${fallback(host ?? '')}:${outside}`
    })
    const urls = ['MODAL_URL', 'AUTH_URL', 'API_URL', 'RELAY_URL'].map(
      (name) => new URL(fallback(env[name] ?? '')),
    )
    expect(published.sort()).toEqual(urls.map((url) => url.host).sort())
    const sites = ['DEMO_URL', 'MODAL_URL', 'AUTH_URL'].map(
      (name) => new URL(fallback(env[name] ?? '')).hostname,
    )
    expect(new Set(sites).size).toBe(3)
  })

  test('every service that builds names a Dockerfile that exists, and a target it has; every dependency is a service', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      expect(service.build ?? service.image, name).toBeTruthy()
      if (service.build) {
        const path = join(ROOT, service.build.context, service.build.dockerfile)
        expect(existsSync(path), path).toBe(true)
        const stages = Dockerfile.parse(readFileSync(path, 'utf8')).stages
        const target = service.build.target?.replace(/^\$\{API_TARGET:-(.+)\}$/, '$1')
        if (target) expect(stages, name).toContain(target)
      }
      const needs = Array.isArray(service.depends_on)
        ? service.depends_on
        : Object.keys(service.depends_on ?? {})
      for (const need of needs) expect(Object.keys(compose.services), `${name} -> ${need}`).toContain(need)
    }
    expect(Dockerfile.parse(readFileSync(join(ROOT, 'apps/api/Dockerfile'), 'utf8')).stages).toEqual(
      expect.arrayContaining(['development', 'production']),
    )
  })
})
