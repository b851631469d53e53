import * as Analytics from '@frontdoor/schemas/api/analytics'
import type * as AnalyticsProps from '@frontdoor/schemas/api/analytics-props'
import * as Constants from '@frontdoor/schemas/constants'

/**
 * The analytics client of the modal and the auth frame: events and error reports queue in memory and
 * leave in one batch with `navigator.sendBeacon` when the page hides and every FLUSH_INTERVAL_MS, one
 * `POST /e` per report (spec section 7: body eventId, url, domain, timestamp, props; query projectId,
 * st, sv). Nothing leaves before the project's analytics switch is known, and nothing at all when it
 * is off. A report the browser refuses is dropped, never retried. Error reports are capped at
 * ERROR_REPORTS_MAX per ERROR_REPORTS_WINDOW_S (spec section 9) and carry the error's name and its
 * redacted message only.
 */

/** How often the queue is sent while the page stays visible. */
export const FLUSH_INTERVAL_MS = 5_000

/** Most reports queued; later ones are dropped until the queue is sent. */
export const QUEUE_MAX = 50

/** What the client needs. */
export type Options = {
  apiUrl: string
  projectId: string
  /** The sdk type and version (`st`, `sv`). */
  sdkType: string
  sdkVersion: () => string
  /** The page the reports are about (its origin only: a path or query could hold secrets), once known. */
  page: () => string | undefined
  /** Sends one report; false when the browser refused it (then it is dropped). Default: sendBeacon. */
  send?: (url: string, body: string) => boolean
  now?: () => number
}

/** A report as it is queued (the page's url and domain are added when it is sent). */
type Queued = { eventId: string; timestamp: number; props: unknown }

const beacon = (url: string, body: string) => {
  try {
    // A string goes as text/plain: a simple request, no preflight (the API reads it as JSON).
    return navigator.sendBeacon(url, body)
  } catch {
    return false
  }
}

/**
 * Creates the client. Reports wait until {@link setEnabled} says whether the project takes them.
 *
 * @example
 * const client = Analytics.create({ apiUrl, projectId, sdkType: 'frontdoor', sdkVersion: () => '1.0.0', page })
 * client.setEnabled(true)
 * client.track('MODAL_OPEN')
 * client.listen(window) // sends on page hide and on a timer
 */
export function create(options: Options) {
  const send = options.send ?? beacon
  const now = options.now ?? Date.now
  let queue: Queued[] = []
  let enabled: boolean | undefined
  /** When the error reports of the current window were queued. */
  let errorTimes: number[] = []

  function add(props: AnalyticsProps.TrackProps | AnalyticsProps.ErrorProps) {
    if (enabled === false || queue.length >= QUEUE_MAX) return false
    queue.push({ eventId: crypto.randomUUID(), timestamp: now(), props })
    return true
  }

  /**
   * Sends the queue, once the project takes reports and the page is known; whatever the browser
   * refuses is dropped.
   */
  function flush() {
    if (enabled !== true) {
      if (enabled === false) queue = []
      return
    }
    const page = options.page()
    if (!page) return
    const { origin, hostname } = new URL(page)
    const query = new URLSearchParams({
      projectId: options.projectId,
      st: options.sdkType,
      sv: options.sdkVersion(),
    })
    for (const { eventId, timestamp, props } of queue.splice(0)) {
      const report = { eventId, url: `${origin}/`, domain: hostname, timestamp, props }
      send(`${options.apiUrl}/e?${query}`, JSON.stringify(report))
    }
  }

  return {
    /** Queues an analytics event. */
    track(event: Analytics.EventName, properties?: Record<string, string | number | boolean>) {
      add({ type: 'track', event, ...(properties ? { properties } : {}) })
    },
    /**
     * Queues an error report (name and redacted message), unless ERROR_REPORTS_MAX were queued in the
     * last ERROR_REPORTS_WINDOW_S. Returns whether it was queued.
     */
    report(
      error: { name: string; message: string },
      where: Pick<AnalyticsProps.ErrorProps['properties'], 'source' | 'kind'>,
    ) {
      const at = now()
      errorTimes = errorTimes.filter((t) => at - t < Constants.ERROR_REPORTS_WINDOW_S * 1000)
      if (enabled === false || errorTimes.length >= Constants.ERROR_REPORTS_MAX) return false
      const queued = add({
        type: 'error',
        event: Analytics.ERROR_EVENT,
        properties: {
          ...where,
          name: Analytics.redact(error.name).slice(0, 100),
          message: Analytics.redact(error.message),
        },
      })
      if (queued) errorTimes.push(at)
      return queued
    },
    /** Whether the project takes reports (`/getAnalyticsConfig`): off drops the queue for good. */
    setEnabled(value: boolean) {
      enabled = value
      if (!value) queue = []
    },
    flush,
    /** The reports waiting (tests). */
    pending: () => queue.length,
    /** Sends on page hide and every FLUSH_INTERVAL_MS; returns the function that stops it. */
    listen(target: Window) {
      const onHide = () => {
        if (target.document.visibilityState === 'hidden') flush()
      }
      target.addEventListener('pagehide', flush)
      target.document.addEventListener('visibilitychange', onHide)
      const timer = setInterval(flush, FLUSH_INTERVAL_MS)
      return () => {
        clearInterval(timer)
        target.removeEventListener('pagehide', flush)
        target.document.removeEventListener('visibilitychange', onHide)
      }
    },
  }
}

/** An analytics client. */
export type Client = ReturnType<typeof create>

/** The path of `url` with address-like and token-like segments taken out, and no query. */
export function pathOf(url: string): string {
  try {
    return Analytics.redact(new URL(url).pathname)
  } catch {
    return ''
  }
}

/**
 * Reports what fails in `target`: uncaught errors and rejections, and `fetch` requests that fail or
 * answer 429 or 5xx (their method, redacted path and status only). Returns the function that stops it.
 */
export function watchErrors(
  target: Window & typeof globalThis,
  client: Pick<Client, 'report'>,
  source: AnalyticsProps.ErrorProps['properties']['source'],
) {
  const nameOf = (value: unknown) => (value instanceof Error ? value.name : 'Error')
  const messageOf = (value: unknown) => (value instanceof Error ? value.message : String(value))
  const onError = (event: ErrorEvent) =>
    client.report(
      { name: nameOf(event.error), message: event.error ? messageOf(event.error) : event.message },
      { source, kind: 'uncaught' },
    )
  const onRejection = (event: PromiseRejectionEvent) =>
    client.report(
      { name: nameOf(event.reason), message: messageOf(event.reason) },
      { source, kind: 'uncaught' },
    )
  target.addEventListener('error', onError)
  target.addEventListener('unhandledrejection', onRejection)
  const original = target.fetch
  target.fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input)
    const what = `${init?.method ?? (input instanceof Request ? input.method : 'GET')} ${pathOf(url)}`
    try {
      const response = await original.call(target, input, init)
      if (response.status === 429 || response.status >= 500)
        client.report(
          { name: 'HttpError', message: `HTTP ${response.status} ${what}` },
          { source, kind: 'request' },
        )
      return response
    } catch (error) {
      if (!(error instanceof DOMException && error.name === 'AbortError'))
        client.report(
          { name: nameOf(error), message: `${messageOf(error)}: ${what}` },
          { source, kind: 'request' },
        )
      throw error
    }
  }
  return () => {
    target.removeEventListener('error', onError)
    target.removeEventListener('unhandledrejection', onRejection)
    target.fetch = original
  }
}
