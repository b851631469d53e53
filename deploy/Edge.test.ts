import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import * as AuthFrame from '../apps/auth-frame/server.js'
import * as ModalFrame from '../apps/modal-frame/server.js'
import { FrameServer } from '../packages/frame-server/src/index.js'
import * as ClientAddress from '../packages/rate-limit/src/ClientAddress.js'
import * as Edge from './Edge.js'

/**
 * The edge's nginx configuration, run by Debian's nginx in front of the real frame servers, two
 * stand-in API nodes and two stand-in relay nodes (each answers with its own name). Skipped, with a
 * message, where nginx is not installed (`npm test` installs it).
 */

const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((path) => existsSync(path))
const template = readFileSync(join(Edge.NGINX_DIR, 'frontdoor.conf.template'), 'utf8')

describe('the template', () => {
  test('fills in every name it uses, and nothing else', () => {
    const settings: Edge.Settings = {
      listen: { modal: '8080', auth: '8081', api: '8082', relay: '8083' },
      apiNodes: ['a:1', 'b:2'],
      relayNodes: ['c:3', 'd:4'],
      modalFrame: 'm:5',
      authFrame: 'n:6',
      modalRoot: '/m',
      authRoot: '/n',
      sdkFile: '/sdk.js',
      sdkRoot: '/sdk-release',
      accessLog: '/dev/stdout',
    }
    expect(Edge.templateNames(template).sort()).toEqual(Object.keys(Edge.values(settings)).sort())
    const site = Edge.site(settings)
    expect(site).not.toMatch(/\$\{FD_/)
    expect(site).toContain('server a:1; server b:2;')
    expect(site).toContain('$http_upgrade')
    // solana.js: the host SDK's build puts it beside sdk.js (as sdk-solana.js), unless named.
    expect(site).toContain('alias /sdk-solana.js;')
    expect(Edge.site({ ...settings, solanaFile: '/s/solana.iife.js' })).toContain('alias /s/solana.iife.js;')
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the template's own placeholder syntax
    expect(() => Edge.render('listen ${FD_NOPE};', {})).toThrow('FD_NOPE')
  })
})

const listen = (server: Server) =>
  new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  )

/**
 * Distinct free ports on loopback for nginx (it needs fixed ones). The probes hold them until
 * `release`: a port closed before the next server listens may be handed out again.
 */
async function reservePorts(count: number): Promise<{ ports: number[]; release: () => Promise<void> }> {
  const probes = Array.from({ length: count }, () => createServer())
  const ports = await Promise.all(probes.map(listen))
  const release = async () => {
    await Promise.all(probes.map((probe) => new Promise((resolve) => probe.close(resolve))))
  }
  return { ports, release }
}

const ALLOWED = 'https://shop.example'

/** An API node stand-in: the project's allowed origins, and its name on every answer. */
function apiNode(name: string): Server {
  return createServer((req, res) => {
    if (req.url?.startsWith('/projects/v1/origins')) {
      const demo = new URL(req.url, 'http://x').searchParams.get('projectId') === 'demo'
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ allowedOrigins: demo ? [ALLOWED] : [] }))
      return
    }
    res.writeHead(200, { 'content-type': 'text/plain' }).end(name)
  })
}

/**
 * A relay node stand-in: accepts a WebSocket upgrade and says its name, and the X-Forwarded-For it
 * received, in headers.
 */
function relayNode(name: string): Server {
  const server = createServer((_req, res) => res.writeHead(426).end())
  server.on('upgrade', (req, socket) => {
    socket.end(
      `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nX-Relay-Node: ${name}\r\nX-Relay-Forwarded-For: ${req.headers['x-forwarded-for'] ?? ''}\r\n\r\n`,
    )
  })
  return server
}

/** Sends a WebSocket upgrade request; resolves with the status and headers of the answer. */
function upgrade(
  port: number,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request({
      host: '127.0.0.1',
      port,
      path: '/?projectId=demo',
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
        ...headers,
      },
    })
    req.on('upgrade', (res, socket) => {
      socket.destroy()
      resolve({ status: res.statusCode ?? 0, headers: res.headers })
    })
    req.on('response', (res) => resolve({ status: res.statusCode ?? 0, headers: res.headers }))
    req.on('error', reject)
    req.end()
  })
}

describe.skipIf(!NGINX)('nginx at the edge', () => {
  const dir = mkdtempSync(join(tmpdir(), 'frontdoor-edge-'))
  const servers: Server[] = []
  let nginx: ChildProcess | undefined
  let modal = ''
  let auth = ''
  let api = ''
  let relayPort = 0
  let apiPorts: number[] = []
  let relayPorts: number[] = []
  let modalFramePort = 0
  let authFramePort = 0

  beforeAll(async () => {
    // Builds of each frame and sdk.js.
    for (const name of ['modal', 'auth']) {
      mkdirSync(join(dir, name, 'assets'), { recursive: true })
      writeFileSync(
        join(dir, name, 'index.html'),
        `<html><head><title>${name}</title></head><body></body></html>`,
      )
      writeFileSync(join(dir, name, 'assets', 'a.js'), `console.log('${name}')`)
    }
    writeFileSync(join(dir, 'sdk.js'), 'window.frontdoor = {}')
    // One published version (the host SDK's scripts/release.ts publishes dist/release/sdk/<version>/sdk.js).
    mkdirSync(join(dir, 'release', 'sdk', '1.2.3'), { recursive: true })
    writeFileSync(join(dir, 'release', 'sdk', '1.2.3', 'sdk.js'), 'window.frontdoor = { version: 1 }')
    // The Solana entry sdk.js loads (data-solana): beside sdk.js as the build names it, and published.
    writeFileSync(join(dir, 'sdk-solana.js'), 'window.solana = {}')
    writeFileSync(join(dir, 'release', 'sdk', '1.2.3', 'solana.js'), 'window.solana = { version: 1 }')

    const nodes = [apiNode('api-1'), apiNode('api-2')]
    const relays = [relayNode('relay-1'), relayNode('relay-2')]
    servers.push(...nodes, ...relays)
    apiPorts = await Promise.all(nodes.map(listen))
    relayPorts = await Promise.all(relays.map(listen))
    const reserved = await reservePorts(4)
    const [modalPort, authPort, apiPort, edgeRelayPort] = reserved.ports
    modal = `http://127.0.0.1:${modalPort}`
    // The auth frame on a host of its own, as in the scale profile (and production).
    auth = `http://127.0.0.2:${authPort}`
    api = `http://127.0.0.1:${apiPort}`
    relayPort = edgeRelayPort as number
    // The frame servers ask the API (one node, directly) for the project's origins.
    const nodeApi = `http://127.0.0.1:${apiPorts[0]}`
    const modalServer = await FrameServer.listen(
      ModalFrame.frame({
        distDir: join(dir, 'modal'),
        sdkPath: join(dir, 'sdk.js'),
        apiUrl: api,
        internalApiUrl: nodeApi,
        authUrl: auth,
        relayUrl: `ws://127.0.0.1:${relayPort}`,
      }),
      0,
      '127.0.0.1',
    )
    const authServer = await FrameServer.listen(
      AuthFrame.frame({ distDir: join(dir, 'auth'), modalUrl: modal, apiUrl: api, internalApiUrl: nodeApi }),
      0,
      '127.0.0.1',
    )
    servers.push(modalServer, authServer)
    // Every other server listens now: nginx may take the reserved ports.
    await reserved.release()
    modalFramePort = (modalServer.address() as AddressInfo).port
    authFramePort = (authServer.address() as AddressInfo).port

    const site = join(dir, 'frontdoor.conf')
    writeFileSync(
      site,
      Edge.site({
        listen: {
          modal: `127.0.0.1:${modalPort}`,
          auth: `127.0.0.2:${authPort}`,
          api: `127.0.0.1:${apiPort}`,
          relay: `127.0.0.1:${relayPort}`,
        },
        apiNodes: apiPorts.map((port) => `127.0.0.1:${port}`),
        relayNodes: relayPorts.map((port) => `127.0.0.1:${port}`),
        modalFrame: `127.0.0.1:${modalFramePort}`,
        authFrame: `127.0.0.1:${authFramePort}`,
        modalRoot: join(dir, 'modal'),
        authRoot: join(dir, 'auth'),
        sdkFile: join(dir, 'sdk.js'),
        sdkRoot: join(dir, 'release'),
        accessLog: join(dir, 'access.log'),
      }),
    )
    for (const kind of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
      mkdirSync(join(dir, 'tmp', kind), { recursive: true })
    const conf = join(dir, 'nginx.conf')
    writeFileSync(conf, Edge.main({ dir, site, root: process.getuid?.() === 0 }))
    const check = spawnSync(
      NGINX as string,
      ['-t', '-q', '-p', dir, '-c', conf, '-e', join(dir, 'error.log')],
      {
        encoding: 'utf8',
      },
    )
    expect(check.stderr).toBe('')
    nginx = spawn(NGINX as string, ['-p', dir, '-c', conf, '-e', join(dir, 'error.log')], {
      stdio: 'inherit',
    })
    const deadline = Date.now() + 10_000
    while (
      !(await fetch(`${modal}/healthz`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (Date.now() > deadline) throw new Error('nginx did not answer')
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }, 30_000)

  afterAll(async () => {
    nginx?.kill('SIGTERM')
    await new Promise((resolve) => (nginx?.exitCode === null ? nginx.once('exit', resolve) : resolve(null)))
    for (const server of servers) server.close()
    rmSync(dir, { recursive: true, force: true })
  })

  const SECURITY_HEADERS = [
    'referrer-policy',
    'x-content-type-options',
    'origin-agent-cluster',
    'strict-transport-security',
    'x-dns-prefetch-control',
    'x-download-options',
    'x-permitted-cross-domain-policies',
    'x-xss-protection',
  ]

  test("the modal's document: the frame server's headers and <meta> tags, the project's frame-ancestors", async () => {
    const init = { headers: { referer: `${ALLOWED}/checkout` } }
    const edge = await fetch(`${modal}/?projectId=demo`, init)
    const direct = await fetch(`http://127.0.0.1:${modalFramePort}/?projectId=demo`, init)
    expect(edge.status).toBe(200)
    const csp = edge.headers.get('content-security-policy')
    expect(csp).toContain(`frame-ancestors ${ALLOWED}`)
    expect(csp).toBe(direct.headers.get('content-security-policy'))
    expect(edge.headers.get('permissions-policy')).toBe(direct.headers.get('permissions-policy'))
    expect(edge.headers.get('cache-control')).toBe('no-store')
    expect(edge.headers.get('content-type')).toBe('text/html; charset=utf-8')
    for (const name of SECURITY_HEADERS) expect(edge.headers.get(name), name).toBe(direct.headers.get(name))
    expect(edge.headers.get('x-frontdoor-meta')).toBeNull()
    const html = await edge.text()
    expect(html).toBe(await direct.text())
    expect(html).toContain(`<meta name="frontdoor:allowed-origins" content="[&quot;${ALLOWED}&quot;]">`)
    expect(html).toContain(`<meta name="frontdoor:embedder" content="${ALLOWED}">`)

    // Another project: another frame-ancestors, not a cached one.
    const other = await fetch(`${modal}/index.html?projectId=other`, init)
    expect(other.headers.get('content-security-policy')).toContain('frame-ancestors *')
    expect(other.headers.get('content-security-policy')).toBe(
      (await fetch(`http://127.0.0.1:${modalFramePort}/index.html?projectId=other`, init)).headers.get(
        'content-security-policy',
      ),
    )
  })

  test("the auth frame's document: the modal and the project's pages may frame it", async () => {
    const edge = await fetch(`${auth}/?projectId=demo`)
    const direct = await fetch(`http://127.0.0.1:${authFramePort}/?projectId=demo`)
    expect(edge.headers.get('content-security-policy')).toContain(`frame-ancestors ${modal} ${ALLOWED}`)
    expect(edge.headers.get('content-security-policy')).toBe(direct.headers.get('content-security-policy'))
    expect(await edge.text()).toBe(await direct.text())
    const none = await fetch(`${auth}/`)
    expect(none.headers.get('content-security-policy')).toContain(`frame-ancestors ${modal}`)
    expect(none.headers.get('content-security-policy')).not.toContain(ALLOWED)
  })

  test('static files: assets immutable, sdk.js cross-origin for 5 minutes, anything else 404 and unframeable', async () => {
    const asset = await fetch(`${modal}/assets/a.js`)
    expect(asset.status).toBe(200)
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(asset.headers.get('cross-origin-resource-policy')).toBe('same-origin')
    expect(asset.headers.get('etag')).toBeTruthy()
    expect(await asset.text()).toBe("console.log('modal')")
    const sdk = await fetch(`${modal}/sdk.js`)
    expect(sdk.headers.get('cache-control')).toBe('public, max-age=300')
    expect(sdk.headers.get('access-control-allow-origin')).toBe('*')
    expect(sdk.headers.get('cross-origin-resource-policy')).toBe('cross-origin')
    expect(sdk.headers.get('content-type')).toMatch(/javascript/)
    expect(await sdk.text()).toBe('window.frontdoor = {}')
    const missing = await fetch(`${modal}/secret.txt`)
    expect(missing.status).toBe(404)
    expect(missing.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'")
    expect((await fetch(`${auth}/assets/a.js`)).status).toBe(200)
    expect((await fetch(`${auth}/sdk.js`)).status).toBe(404)
    // The frame server's decision path is not reachable from outside.
    expect((await fetch(`${modal}${FrameServer.EDGE_DOCUMENT_PATH}?projectId=demo`)).status).toBe(404)
    expect((await fetch(`${modal}/`, { method: 'POST' })).status).toBe(403)
  })

  test('sdk.js of a published version: immutable, cross-origin with CORS (for its integrity check), other versions 404', async () => {
    const sdk = await fetch(`${modal}/sdk/1.2.3/sdk.js`)
    expect(sdk.status).toBe(200)
    expect(sdk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(sdk.headers.get('access-control-allow-origin')).toBe('*')
    expect(sdk.headers.get('cross-origin-resource-policy')).toBe('cross-origin')
    expect(sdk.headers.get('content-type')).toMatch(/javascript/)
    expect(await sdk.text()).toBe('window.frontdoor = { version: 1 }')
    for (const other of ['/sdk/1.2.4/sdk.js', '/sdk/', '/sdk/1.2.3/../../sdk.js.map'])
      expect((await fetch(`${modal}${other}`)).status, other).toBe(404)
    expect((await fetch(`${auth}/sdk/1.2.3/sdk.js`)).status).toBe(404)
    // The unversioned /sdk.js still answers, for the pages that use it.
    expect(await (await fetch(`${modal}/sdk.js`)).text()).toBe('window.frontdoor = {}')
  })

  test("solana.js beside sdk.js, at /solana.js and at each published version's path, with sdk.js's headers", async () => {
    for (const [path, body, cacheControl] of [
      ['/solana.js', 'window.solana = {}', 'public, max-age=300'],
      ['/sdk/1.2.3/solana.js', 'window.solana = { version: 1 }', 'public, max-age=31536000, immutable'],
    ] as const) {
      const solana = await fetch(`${modal}${path}`)
      expect(solana.status, path).toBe(200)
      expect(solana.headers.get('cache-control'), path).toBe(cacheControl)
      // CORS: sdk.js loads it crossorigin, with its integrity hash.
      expect(solana.headers.get('access-control-allow-origin'), path).toBe('*')
      expect(solana.headers.get('cross-origin-resource-policy'), path).toBe('cross-origin')
      expect(solana.headers.get('x-content-type-options'), path).toBe('nosniff')
      expect(solana.headers.get('content-type'), path).toMatch(/javascript/)
      expect(await solana.text(), path).toBe(body)
    }
    for (const other of ['/sdk/1.2.4/solana.js', '/sdk-solana.js'])
      expect((await fetch(`${modal}${other}`)).status, other).toBe(404)
    expect((await fetch(`${auth}/solana.js`)).status).toBe(404)
  })

  test('API requests go round-robin over the nodes, each answer naming its node', async () => {
    const answers: string[] = []
    const nodes: string[] = []
    for (let i = 0; i < 4; i++) {
      const response = await fetch(`${api}/healthz`)
      answers.push(await response.text())
      nodes.push(response.headers.get('x-frontdoor-node') ?? '')
    }
    expect(answers).toEqual(['api-1', 'api-2', 'api-1', 'api-2'])
    expect(nodes).toEqual([0, 1, 0, 1].map((i) => `127.0.0.1:${apiPorts[i]}`))
  })

  test('the dev OIDC provider (/oidc) is served by one node only', async () => {
    const nodes = new Set<string | null>()
    for (let i = 0; i < 4; i++) {
      const response = await fetch(`${api}/oidc/.well-known/openid-configuration`)
      await response.body?.cancel()
      nodes.add(response.headers.get('x-frontdoor-node'))
    }
    expect(nodes.size).toBe(1)
    expect(apiPorts.map((port) => `127.0.0.1:${port}`)).toContain([...nodes][0])
    // The rest of the API still alternates.
    const a = (await fetch(`${api}/healthz`)).headers.get('x-frontdoor-node')
    const b = (await fetch(`${api}/healthz`)).headers.get('x-frontdoor-node')
    expect(a).not.toBe(b)
  })

  test('relay WebSockets are upgraded through the edge, round-robin over the nodes', async () => {
    const first = await upgrade(relayPort)
    const second = await upgrade(relayPort)
    expect(first.status).toBe(101)
    expect(second.status).toBe(101)
    expect([first.headers['x-relay-node'], second.headers['x-relay-node']].sort()).toEqual([
      'relay-1',
      'relay-2',
    ])
    expect(first.headers['x-frontdoor-node']).toBe(
      `127.0.0.1:${relayPorts[first.headers['x-relay-node'] === 'relay-1' ? 0 : 1]}`,
    )
  })

  test("a relay node behind the edge (TRUST_PROXY=1) reads the client's address the edge appended, never one the client wrote", async () => {
    const forged = await upgrade(relayPort, { 'x-forwarded-for': '6.6.6.6' })
    const plain = await upgrade(relayPort)
    expect(forged.headers['x-relay-forwarded-for']).toBe('6.6.6.6, 127.0.0.1')
    expect(plain.headers['x-relay-forwarded-for']).toBe('127.0.0.1')
    for (const answer of [forged, plain])
      expect(ClientAddress.forwarded(answer.headers['x-relay-forwarded-for'] as string, 1)).toBe('127.0.0.1')
  })
})

if (!NGINX) console.log('edge: nginx is not installed (apt-get install nginx); the nginx tests are skipped')
