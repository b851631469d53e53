import type { Page } from '@playwright/test'

/**
 * A dapp's view of the page's Frontdoor provider, as a library would get it: found by EIP-6963 before
 * the page's own scripts run, with every provider event recorded from the start and requests started
 * without waiting, so a test can see a request still pending while the modal is open.
 */

/** A request started by `start`: pending, or settled with its result or EIP-1193 error. */
export type Call =
  | { state: 'pending' }
  | { state: 'fulfilled'; result: unknown }
  | { state: 'rejected'; code: number; message: string }

/** A provider event as the dapp heard it. */
export type Heard = { event: string; data: unknown }

type Provider = {
  request: (args: { method: string; params?: unknown }) => Promise<unknown>
  on: (event: string, listener: (data: unknown) => void) => void
}
type RecorderWindow = {
  __dapp: {
    provider?: Provider
    events: Heard[]
    calls: Call[]
    start: (method: string, params?: unknown) => number
  }
}

/** The events an EIP-1193 provider emits. */
const EVENTS = ['connect', 'disconnect', 'accountsChanged', 'chainChanged', 'message']

/** Installs the dapp before the page's scripts run (it survives reloads, starting afresh on each). */
export async function install(page: Page) {
  await page.addInitScript((events) => {
    const dapp: RecorderWindow['__dapp'] = {
      events: [],
      calls: [],
      start(method, params) {
        const id = dapp.calls.push({ state: 'pending' }) - 1
        const ask = async () => {
          while (!dapp.provider) await new Promise((resolve) => setTimeout(resolve, 5))
          return dapp.provider.request(params === undefined ? { method } : { method, params })
        }
        ask().then(
          (result) => {
            dapp.calls[id] = { state: 'fulfilled', result: result ?? null }
          },
          (error: { code: number; message: string }) => {
            dapp.calls[id] = { state: 'rejected', code: error.code, message: error.message }
          },
        )
        return id
      },
    }
    ;(window as unknown as RecorderWindow).__dapp = dapp
    window.addEventListener('eip6963:announceProvider', (event) => {
      const detail = (event as CustomEvent).detail
      if (detail?.info?.rdns !== 'dev.frontdoor' || dapp.provider) return
      dapp.provider = detail.provider as Provider
      // Errors (disconnect) as their code and message, everything else as JSON would carry it.
      const plain = (data: unknown) =>
        data instanceof Error
          ? { code: (data as Error & { code?: number }).code, message: data.message }
          : JSON.parse(JSON.stringify(data ?? null))
      for (const name of events)
        dapp.provider.on(name, (data) => dapp.events.push({ event: name, data: plain(data) }))
    })
    window.addEventListener('DOMContentLoaded', () =>
      window.dispatchEvent(new Event('eip6963:requestProvider')),
    )
  }, EVENTS)
}

/** Starts a request without waiting for it; returns its handle for `call`. */
export function start(page: Page, method: string, params?: unknown): Promise<number> {
  return page.evaluate(([m, p]) => (window as unknown as RecorderWindow).__dapp.start(m, p ?? undefined), [
    method,
    params ?? null,
  ] as const)
}

/** Where a started request is now. */
export function call(page: Page, id: number): Promise<Call> {
  return page.evaluate((i) => (window as unknown as RecorderWindow).__dapp.calls[i]!, id)
}

/** Waits until a started request settles, and returns how. */
export async function settled(page: Page, id: number, timeoutMs = 30_000): Promise<Call> {
  await page.waitForFunction(
    (i) => (window as unknown as RecorderWindow).__dapp.calls[i]?.state !== 'pending',
    id,
    { timeout: timeoutMs },
  )
  return call(page, id)
}

/** Sends a request and waits for its outcome. */
export async function request(page: Page, method: string, params?: unknown): Promise<Call> {
  return settled(page, await start(page, method, params))
}

/** Every event heard since the page loaded. */
export function events(page: Page): Promise<Heard[]> {
  return page.evaluate(() => (window as unknown as RecorderWindow).__dapp.events)
}

/** Waits until `count` events were heard; returns them all. */
export async function eventsAtLeast(page: Page, count: number): Promise<Heard[]> {
  await page.waitForFunction((n) => (window as unknown as RecorderWindow).__dapp.events.length >= n, count)
  return events(page)
}
