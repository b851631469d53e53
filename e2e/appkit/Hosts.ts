import type { Page, Request } from '@playwright/test'

/** AppKit's hard-coded hosts that our API answers (appkit-common ConstantsUtil: W3M_API_URL, BLOCKCHAIN_API_RPC_URL, PULSE_API_URL). */
export const API_HOSTS = ['api.web3modal.org', 'rpc.walletconnect.org', 'pulse.walletconnect.org'] as const

/**
 * Hosts AppKit reaches that our API does not stand in for, each with why the test does not need it.
 * Requests to them are aborted and recorded; any other host fails the test.
 */
const NOT_NEEDED: Record<string, string> = {
  'fonts.reown.com': "AppKit's web fonts (KHTeka): the system font stands in; no data comes from them",
  'cca-lite.coinbase.com':
    "telemetry of the Coinbase Wallet SDK (the wagmi adapter's coinbaseWallet connector), not AppKit's backend",
}

/** One request the page made and what became of it. */
export type Record_ = {
  url: string
  method: string
  resourceType: string
  status?: number
  contentType?: string
  /** For a request forwarded to our API: the `access-control-allow-origin` it answered (the browser needs it). */
  allowOrigin?: string | null
  failure?: string
}

/**
 * Forwards AppKit's hosts to `apiUrl` (the browser gets our API's real answers: status, content type,
 * body; the CORS grant is recorded, as Playwright's fulfill would add one of its own), lets the page's
 * own origin and `apiUrl` through, and aborts anything else, noting hosts not in `NOT_NEEDED`.
 * Returns every request the page made with its outcome. A WebSocket the page opens counts as a host too.
 */
export async function route(page: Page, options: { pageUrl: string; apiUrl: string }) {
  const records: Record_[] = []
  const unknownHosts = new Set<string>()
  const byRequest = new Map<Request, Record_>()
  page.on('request', (request) => {
    const record = { url: request.url(), method: request.method(), resourceType: request.resourceType() }
    byRequest.set(request, record)
    records.push(record)
  })
  page.on('websocket', (socket) => unknownHosts.add(new URL(socket.url()).host))
  page.on('requestfinished', async (request) => {
    const response = await request.response()
    const record = byRequest.get(request)
    if (!record || !response) return
    record.status = response.status()
    const type = response.headers()['content-type']
    if (type) record.contentType = type
  })
  page.on('requestfailed', (request) => {
    const record = byRequest.get(request)
    if (record) record.failure = request.failure()?.errorText ?? 'failed'
  })

  await page.context().route('**/*', async (route) => {
    const request = route.request()
    const url = new URL(request.url())
    if ((API_HOSTS as readonly string[]).includes(url.hostname)) {
      const target = `${options.apiUrl}${url.pathname}${url.search}`
      const response = await route.fetch({ url: target, maxRedirects: 0 })
      // Playwright's fulfill would add CORS headers of its own: record what our API granted instead.
      const record = byRequest.get(request)
      if (record) record.allowOrigin = response.headers()['access-control-allow-origin'] ?? null
      return route.fulfill({ response })
    }
    if (url.origin === options.apiUrl || url.origin === options.pageUrl) return route.continue()
    if (url.protocol === 'data:' || url.protocol === 'blob:') return route.continue()
    if (!(url.hostname in NOT_NEEDED)) unknownHosts.add(url.hostname)
    return route.abort('blockedbyclient')
  })
  return { records, unknownHosts }
}
