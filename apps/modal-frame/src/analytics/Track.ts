import type * as Client from '@frontdoor/protocol/analytics'
import type * as Events from '@frontdoor/schemas/api/analytics'

/**
 * Where a view records an analytics event (a send, a swap, a sign-in): `Track.track(...)`. The
 * analytics client (Analytics.ts, loaded after the first view) takes the events over once it starts;
 * the few recorded before wait for it. Nothing here sends anything.
 */

type Sink = Pick<Client.Client, 'track'>
type Properties = Record<string, string | number | boolean>

/** Most events kept while the client is not there yet. */
const EARLY_MAX = 20

let sink: Sink | undefined
const early: [Events.EventName, Properties | undefined][] = []

/** Records an analytics event. */
export function track(event: Events.EventName, properties?: Properties) {
  if (sink) sink.track(event, properties)
  else if (early.length < EARLY_MAX) early.push([event, properties])
}

/** Hands the events to `client` (the events recorded so far first). */
export function attach(client: Sink) {
  sink = client
  for (const [event, properties] of early.splice(0)) client.track(event, properties)
}
