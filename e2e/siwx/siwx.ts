import { mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, type Page } from '@playwright/test'
import { createPublicClient, type Hex, http } from 'viem'
import { parseSiweMessage, verifySiweMessage } from 'viem/siwe'
import * as AppKitPageServer from '../appkit/PageServer.js'
import * as Pages from '../modal/pages.js'

/**
 * Helpers of the sign-in (SIWX) e2e tests: a one-line sdk.js page whose `data-siwx` comes from its
 * URL (`?siwx=optional|required`), the page's state, the API's sessions, screenshots.
 */

const { MODAL_URL, API_URL, DEVNET_31337_URL } = Pages.addresses
const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'siwx')
mkdirSync(ARTIFACTS, { recursive: true })

/**
 * The page: sdk.js with both devnets and the default sign-in (sessions kept on our API), served on the
 * origin the global setup adds to the demo project's allowed origins. Every state is kept.
 */
const HTML = `<!doctype html><html lang="en"><head><title>Sign in</title></head><body>
  <script>
    const mode = new URLSearchParams(location.search).get('siwx') || 'optional'
    document.write('<script src="${MODAL_URL}/sdk.js" data-project-id="demo" data-chain-ids="31337,31338" data-siwx="' + mode + '"><' + '/script>')
  </script>
  <script>
    window.states = []
    window.frontdoor.subscribe((state) => window.states.push(state))
  </script>
</body></html>`

/** Serves the page; `close()` when done. */
export function serve() {
  return Pages.serveForeignPage(Number(new URL(AppKitPageServer.PAGE_URL).port), HTML)
}

type Session = { data: Record<string, string>; message: string; signature: Hex }
type State = Record<string, unknown> & { status: string; siwxSession?: Session; chainId?: number }
type TestWindow = Window & {
  states: State[]
  frontdoor: {
    open: () => Promise<void>
    getState: () => State
    switchNetwork: (chainId: number) => Promise<void>
    siwx: { revokeSession: (chainId: string, address: string) => Promise<void> }
  }
}

/** Opens the page with sign-in `mode`. */
export async function open(page: Page, url: string, mode: 'optional' | 'required') {
  await page.goto(`${url}/?siwx=${mode}`)
  await page.waitForFunction(() => (window as unknown as TestWindow).frontdoor !== undefined)
}

/** The page's current state (`frontdoor.getState()`). */
export function state(page: Page): Promise<State> {
  return page.evaluate(() => (window as unknown as TestWindow).frontdoor.getState())
}

/** Runs `frontdoor.<method>(...args)` in the page. */
export function call(page: Page, method: 'open' | 'switchNetwork', ...args: unknown[]) {
  return page.evaluate(([m, a]) => (window as unknown as TestWindow).frontdoor[m as 'open'](...(a as [])), [
    method,
    args,
  ] as const)
}

/** The page revokes its session with `frontdoor.siwx.revokeSession`. */
export function revoke(page: Page, chainId: string, address: string) {
  return page.evaluate(([c, a]) => (window as unknown as TestWindow).frontdoor.siwx.revokeSession(c, a), [
    chainId,
    address,
  ] as const)
}

/** A session as the API's public reads answer it: no signature (the page that signed in holds it). */
type Stored = { id: string; session: Omit<Session, 'signature'> & { cacao?: Record<string, unknown> } }

/** The API's live sessions of `address` on `chainId`: `GET /v1/sessions/{caipAddress}`, without signatures. */
export async function apiSessions(chainId: string, address: string): Promise<Stored[]> {
  const response = await fetch(`${API_URL}/v1/sessions/${chainId}:${address}?projectId=demo`)
  expect(response.status).toBe(200)
  return ((await response.json()) as { sessions: Stored[] }).sessions
}

/**
 * The API's answer to `GET /v1/sessions/{id}`: the stored session without its signature (200), or a
 * 404 once it is revoked.
 */
export async function apiSession(id: string): Promise<{ status: number; body: Stored }> {
  const response = await fetch(`${API_URL}/v1/sessions/${id}?projectId=demo`)
  return { status: response.status, body: (await response.json()) as Stored }
}

/** `POST /v1/sessions/{id}/revoke` with `{pci, signature}`, as the site's server would: the status. */
export async function apiRevoke(id: string, signature: string): Promise<number> {
  const response = await fetch(`${API_URL}/v1/sessions/${id}/revoke?projectId=demo`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ pci: id, signature }),
  })
  return response.status
}

/** The sign-in view is on screen (and the dialog open). */
export async function expectSignIn(page: Page) {
  await expect(Pages.dialog(page)).toHaveAttribute('open', '')
  await expect(Pages.modal(page).getByRole('heading', { name: 'Sign In' })).toBeVisible()
  await expect(Pages.modal(page).getByRole('button', { name: 'Sign', exact: true })).toBeEnabled()
}

/**
 * What an outside client says of the page's session (`getState().siwxSession`, which carries the
 * signature): viem's EIP-4361 parser reads the message, and verifySiweMessage accepts it with its
 * signature against the devnet (domain and nonce as issued).
 */
export async function verifiedByViem(session: Session) {
  const parsed = parseSiweMessage(session.message)
  const client = createPublicClient({ transport: http(DEVNET_31337_URL) })
  return {
    parsed,
    valid: await verifySiweMessage(client, {
      message: session.message,
      signature: session.signature,
      ...(parsed.domain ? { domain: parsed.domain } : {}),
      ...(parsed.nonce ? { nonce: parsed.nonce } : {}),
    }),
  }
}

/** The API's read of a session says what the page's says, and never its signature. */
export function expectReadOf(read: Stored, session: Session) {
  expect(read.session).toMatchObject({
    message: session.message,
    data: { accountAddress: session.data.accountAddress, nonce: session.data.nonce },
  })
  expect(read.session).not.toHaveProperty('signature')
  expect(JSON.stringify(read)).not.toContain(session.signature.slice(2))
}

/** Keeps a screenshot of the page (with the modal) as an artifact. */
export async function shot(page: Page, name: string) {
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`) })
}
