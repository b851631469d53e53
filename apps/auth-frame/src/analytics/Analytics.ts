import * as Client from '@frontdoor/protocol/analytics'
import * as Version from '@frontdoor/protocol/version'
import type * as Project from '@frontdoor/schemas/api/project'

/**
 * The auth frame's error reports (spec section 7's `POST /e`, section 9's cap): its uncaught errors
 * and failed requests, name and redacted message only. The project's `/getAnalyticsConfig` is asked
 * at the first report (a frame with nothing to report asks nothing); until it answers on, nothing
 * leaves, and when it answers off or fails, nothing ever does.
 */

/** The sdk type and version of the frame's reports. */
const SDK = { type: 'frontdoor', version: Version.SDK_VERSION } as const

/** What the reports need: the API, the project, and the page the frame serves (its origin), once known. */
export type Options = {
  apiUrl: string
  projectId: string | undefined
  page: () => string | undefined
  /** How a report leaves (default: `navigator.sendBeacon`). */
  send?: Client.Options['send']
}

/** Starts reporting the frame's errors in `target`; returns the client (undefined without a project). */
export function start(options: Options, target: Window & typeof globalThis = window) {
  const { apiUrl, projectId } = options
  if (!projectId) return undefined
  const fetch = target.fetch.bind(target)
  const client = Client.create({
    apiUrl,
    projectId,
    sdkType: SDK.type,
    sdkVersion: () => SDK.version,
    page: options.page,
    ...(options.send ? { send: options.send } : {}),
  })
  let asked = false
  const ask = () => {
    if (asked) return
    asked = true
    const query = new URLSearchParams({ projectId, st: SDK.type, sv: SDK.version })
    fetch(`${apiUrl}/getAnalyticsConfig?${query}`, { credentials: 'omit' })
      .then((response) => response.json())
      .then((body: Partial<Project.AnalyticsConfigResponse>) =>
        client.setEnabled(body.isAnalyticsEnabled === true),
      )
      .catch(() => client.setEnabled(false))
  }
  client.listen(target)
  Client.watchErrors(
    target,
    {
      report: (error, where) => {
        ask()
        return client.report(error, where)
      },
    },
    'auth',
  )
  return client
}
