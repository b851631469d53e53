import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import * as Addresses from '@frontdoor/protocol/addresses'
import { expect, type FrameLocator, type Page } from '@playwright/test'

/** The stack's addresses (the global setup started it on these). */
export const addresses = Addresses.from(process.env)

/** The modal frame inside the host page. */
export function modal(page: Page): FrameLocator {
  return page.frameLocator('iframe.frontdoor-frame')
}

/** The dialog that holds the modal frame. */
export function dialog(page: Page) {
  return page.locator('dialog.frontdoor-dialog')
}

/** Waits until the Connect view is on screen. */
export async function expectConnectShown(page: Page) {
  await expect(dialog(page)).toHaveAttribute('open', '')
  await expect(modal(page).getByRole('heading', { name: 'Connect Wallet' })).toBeVisible()
  await expect(modal(page).getByRole('button', { name: 'WalletConnect' })).toBeVisible()
}

/** Waits until the modal is closed. */
export async function expectClosed(page: Page) {
  await expect(dialog(page)).not.toHaveAttribute('open', '')
}

/**
 * Serves `html` at `/` from another origin (http://localhost:<port>), for pages the project does not
 * allow and for hostile pages.
 */
export async function serveForeignPage(
  port: number,
  html: string,
  headers: Record<string, string> = {},
): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...headers })
    response.end(html)
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const { port: actual } = server.address() as AddressInfo
  return {
    url: `http://localhost:${actual}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

/**
 * Calls the page's Frontdoor provider (found by EIP-6963, as a dapp library would) and returns the
 * result, or the EIP-1193 error's code and message.
 */
export function providerRequest(
  page: Page,
  method: string,
  params?: unknown,
): Promise<{ result: unknown } | { code: number; message: string }> {
  return page.evaluate(
    async ([m, p]) => {
      const provider = await new Promise<{
        request: (a: { method: string; params?: unknown }) => Promise<unknown>
      }>((resolve) => {
        const onAnnounce = (event: Event) => {
          const detail = (event as CustomEvent).detail
          if (detail?.info?.rdns !== 'dev.frontdoor') return
          window.removeEventListener('eip6963:announceProvider', onAnnounce)
          resolve(detail.provider)
        }
        window.addEventListener('eip6963:announceProvider', onAnnounce)
        window.dispatchEvent(new Event('eip6963:requestProvider'))
      })
      try {
        return { result: await provider.request(p === undefined ? { method: m } : { method: m, params: p }) }
      } catch (error) {
        const e = error as { code: number; message: string }
        return { code: e.code, message: e.message }
      }
    },
    [method, params] as const,
  )
}
