import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import * as Addresses from '@frontdoor/protocol/addresses'
import { expect, type Frame, type Page, test } from '@playwright/test'
import { build } from 'esbuild'

/**
 * The auth frame's session store (apps/auth-frame/src/session: Backends, Session) in Chromium, in
 * Playwright's context, which denies a cross-site frame its localStorage as incognito does: a page on the
 * demo's host embeds a frame on the modal's host, which embeds the store's frame. On the stack's default
 * hosts (three sites, as in production) the session is a partitioned cookie and outlives a reload; with
 * the store's frame on the modal's host (the dev topology before 127.0.0.2) it lives in memory only.
 * Needs no stack (E2E_PARTS= runs it alone).
 */

const host = (url: string) => new URL(url).hostname
const addresses = Addresses.from(process.env)
const PAGE_HOST = host(addresses.DEMO_URL)
const MODAL_HOST = host(addresses.MODAL_URL)
const AUTH_HOST = host(addresses.AUTH_URL)

let script = ''
const servers: Server[] = []

/** A server on a free port of `hostname` (`localhost` listens on 127.0.0.1); returns its origin. */
async function serve(hostname: string): Promise<string> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x')
    const html = (body: string) =>
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html>${body}`)
    if (url.pathname === '/store.js')
      response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(script)
    else if (url.pathname === '/store.html') html('<script type="module" src="/store.js"></script>')
    else if (url.pathname === '/frame.html') html(`<iframe src="${url.searchParams.get('src')}"></iframe>`)
    else response.writeHead(404).end()
  })
  servers.push(server)
  await new Promise<void>((resolve) =>
    server.listen(0, hostname === 'localhost' ? '127.0.0.1' : hostname, resolve),
  )
  return `http://${hostname}:${(server.address() as AddressInfo).port}`
}

test.beforeAll(async () => {
  const built = await build({
    entryPoints: [join(import.meta.dirname, 'fixtures', 'session-store.ts')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  })
  script = built.outputFiles[0]!.text
})

test.afterAll(() => Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))))

type Store = { kind: string; get(): unknown; set(session: unknown): void; clear(): void }

/** Opens the page -> modal -> store frames with the store on `authHost`; returns the store's frame. */
async function open(page: Page, origins: { page: string; modal: string; auth: string }): Promise<Frame> {
  const storeUrl = `${origins.auth}/store.html?modalHost=${host(origins.modal)}`
  const modalUrl = `${origins.modal}/frame.html?src=${encodeURIComponent(storeUrl)}`
  await page.goto(`${origins.page}/frame.html?src=${encodeURIComponent(modalUrl)}`)
  await expect.poll(() => page.frames().find((f) => f.url().startsWith(storeUrl))).toBeTruthy()
  const frame = page.frames().find((f) => f.url().startsWith(storeUrl))!
  await frame.waitForFunction(() => 'fixture' in window)
  return frame
}

const store = <T>(frame: Frame, run: (store: Store, arg: unknown) => T, arg?: unknown) =>
  frame.evaluate(
    ([source, value]) =>
      new Function('store', 'arg', `return (${source})(store, arg)`)(
        (window as unknown as { fixture: Store }).fixture,
        value,
      ) as T,
    [run.toString(), arg] as const,
  )

const session = { token: 'session-token-1', expiresAtMs: Date.now() + 3_600_000 }

test("the stack's hosts: the store's frame is denied localStorage, keeps the session in a partitioned cookie across a reload; sign out forgets it", async ({
  page,
  context,
}) => {
  const origins = {
    page: await serve(PAGE_HOST),
    modal: await serve(MODAL_HOST),
    auth: await serve(AUTH_HOST),
  }
  let frame = await open(page, origins)
  expect(
    await frame.evaluate(() => {
      try {
        return typeof localStorage.getItem('x')
      } catch (error) {
        return (error as Error).name
      }
    }),
  ).toBe('SecurityError')
  expect(await store(frame, (s) => s.kind)).toBe('cookie')
  expect(await store(frame, (s) => s.get())).toBeUndefined()
  await store(frame, (s, value) => s.set(value), session)

  // The modal's frame and the page cannot read it; the store's origin as a top-level page has no cookie.
  const modal = page.frames().find((f) => f.url().startsWith(origins.modal))!
  expect(await modal.evaluate(() => document.cookie)).not.toContain(session.token)
  expect(await page.evaluate(() => document.cookie)).not.toContain(session.token)
  const top = await context.newPage()
  await top.goto(`${origins.auth}/store.html?modalHost=${MODAL_HOST}`)
  await top.waitForFunction(() => 'fixture' in window)
  expect(await top.evaluate(() => document.cookie)).toBe('')
  await top.close()

  await page.reload()
  frame = await open(page, origins)
  expect(await store(frame, (s) => s.kind)).toBe('cookie')
  expect(await store(frame, (s) => s.get())).toEqual(session)

  await store(frame, (s) => s.clear())
  await page.reload()
  frame = await open(page, origins)
  expect(await store(frame, (s) => s.get())).toBeUndefined()
})

test("the store's frame on the modal's host: memory only, a reload ends the session", async ({ page }) => {
  const origins = {
    page: await serve(PAGE_HOST),
    modal: await serve(MODAL_HOST),
    auth: await serve(MODAL_HOST),
  }
  let frame = await open(page, origins)
  expect(await store(frame, (s) => s.kind)).toBe('memory')
  await store(frame, (s, value) => s.set(value), session)
  expect(await store(frame, (s) => s.get())).toEqual(session)
  await page.reload()
  frame = await open(page, origins)
  expect(await store(frame, (s) => s.get())).toBeUndefined()
})
