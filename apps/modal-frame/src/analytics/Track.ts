import type * as Client from '@frontdoor/protocol/analytics'
import * as Events from '@frontdoor/schemas/api/analytics'

/**
 * Where a view records an analytics event (a send, a swap, a sign-in): `Track.track(...)`, or
 * `Track.outcome(...)` for how an action ended. The analytics client (Analytics.ts, loaded after the
 * first view) takes the events over once it starts; the few recorded before wait for it. Nothing here
 * sends anything.
 */

type Sink = Pick<Client.Client, 'track'> & Partial<Pick<Client.Client, 'report'>>
type Properties = Record<string, string | number | boolean>
/** An error report as the modal files it: the error's name and message, and its kind. */
type Failure = { name: string; message: string; kind: (typeof Events.ERROR_KINDS)[number] }

/** Most events (and error reports) kept while the client is not there yet. */
const EARLY_MAX = 20

let sink: Sink | undefined
const early: [Events.EventName, Properties | undefined][] = []
const earlyFailures: Failure[] = []

/** Records an analytics event. */
export function track(event: Events.EventName, properties?: Properties) {
  if (sink) sink.track(event, properties)
  else if (early.length < EARLY_MAX) early.push([event, properties])
}

/**
 * Files an error report of the modal (the client caps them: spec section 9's 5 per 60 s), such as the
 * embedded wallet's frame failing (`kind: 'frame'`, named by its spec name).
 */
export function report(failure: Failure) {
  if (sink)
    sink.report?.({ name: failure.name, message: failure.message }, { source: 'modal', kind: failure.kind })
  else if (earlyFailures.length < EARLY_MAX) earlyFailures.push(failure)
}

/** Hands the events and error reports to `client` (those recorded so far first). */
export function attach(client: Sink) {
  sink = client
  for (const [event, properties] of early.splice(0)) client.track(event, properties)
  for (const failure of earlyFailures.splice(0)) report(failure)
}

/** The connector kind of a stored connector id (`injected:<rdns>`, `walletConnect:<topic>`, `embedded`). */
export function kindOf(connectorId: string | undefined): Events.ConnectorKind | undefined {
  const kind = connectorId?.split(':')[0]
  return (Events.CONNECTOR_KINDS as readonly string[]).includes(kind ?? '')
    ? (kind as Events.ConnectorKind)
    : undefined
}

/** The wallet's user declined (EIP-1193 4001). */
const USER_REJECTED = 4001

/** Where an action ran: the connection's stored id and its chain. */
export type Where = { connectorId: string | undefined; chainId: number | undefined }

/**
 * Records how an action of the visitor ended (a send, a swap, a sign-in): `event` with the connector
 * kind and the chain, `extra` (token symbols, the step), and for a failure whether the wallet's user
 * declined. Never an address, an amount, a hash or the error's text.
 *
 * @example
 * Track.outcome(EVENT.SEND_ERROR, { connectorId, chainId }, { token: 'ETH' }, error)
 */
export function outcome(event: Events.EventName, where: Where, extra: Properties = {}, error?: unknown) {
  const kind = kindOf(where.connectorId)
  const code = (error as { code?: unknown } | null | undefined)?.code
  track(event, {
    ...(kind ? { kind } : {}),
    ...(where.chainId === undefined ? {} : { chainId: where.chainId }),
    ...extra,
    ...(error === undefined ? {} : { declined: code === USER_REJECTED }),
  })
}
