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
