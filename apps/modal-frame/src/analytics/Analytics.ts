import * as Client from '@frontdoor/protocol/analytics'
import { Project } from '@frontdoor/schemas'
import * as Events from '@frontdoor/schemas/api/analytics'
import * as Api from '../api/Api.js'
import type * as Connection from '../connection/Connection.js'
import type * as State from '../controller/State.js'
import type * as Env from '../env/Env.js'
import type * as Modal from '../modal/Modal.js'
import type * as Router from '../router/Router.js'
import type * as Store from '../store/Store.js'
import * as Track from './Track.js'

/**
 * The modal's analytics (spec section 7, `POST /e`), loaded after the first view: it follows the
 * stores the views already drive (the modal, the router, the connection, the state) and records
 * the events of the funnel (modal opened, a method chosen, connect attempt, success or error by
 * connector kind, network switch, modal closed), takes the views' own events (Track.ts) and reports
 * uncaught errors and failed requests. Nothing leaves until the project's `/getAnalyticsConfig` and
 * the page's `features.analytics` both say on.
 */

/** What the analytics follow. */
export type Deps = {
  env: Pick<Env.Env, 'apiUrl' | 'projectId'>
  modal: Modal.Modal
  router: Router.Router
  state: State.StateStore
  connection: Pick<Store.Store<Connection.State>, 'get' | 'subscribe'>
}

/** A connect method as it is chosen: the method, its connector kind, and the wallet or provider. */
export type Choice = { method: Events.Method; kind: Events.ConnectorKind; wallet?: string }

/** The connect method a connecting view stands for (never the email the EmailLogin view holds). */
export function choiceOf(view: Router.View, data: unknown): Choice | undefined {
  const value = (key: string) => {
    const field = data && typeof data === 'object' ? (data as Record<string, unknown>)[key] : undefined
    return typeof field === 'string' ? field : undefined
  }
  const wallet = (name: string | undefined) => (name ? { wallet: name } : {})
  switch (view) {
    case 'ConnectingExternal': {
      const social = value('social')
      return social
        ? { method: 'social', kind: 'embedded', wallet: social }
        : { method: 'injected', kind: 'injected', ...wallet(value('rdns')) }
    }
    case 'ConnectingWalletConnect':
    case 'ConnectingWalletConnectBasic':
      return { method: 'walletConnect', kind: 'walletConnect', ...wallet(value('id')) }
    case 'ConnectingFarcaster':
      return { method: 'farcaster', kind: 'embedded' }
    case 'EmailLogin':
      return { method: 'email', kind: 'embedded' }
    default:
      return undefined
  }
}

/**
 * Turns the stores' changes into events for `track`. Returns the function that stops following.
 * Pure of any sending: {@link start} gives it the client.
 */
export function follow(deps: Pick<Deps, 'modal' | 'router' | 'connection'>, track: typeof Track.track) {
  const { modal, router, connection } = deps
  let open = modal.get().open
  let view = router.get().view
  let attempt: Choice | undefined
  let previous = connection.get()
  const choice = (c: Choice) => ({
    method: c.method,
    kind: c.kind,
    ...(c.wallet ? { wallet: c.wallet } : {}),
  })
  // The modal may have opened before the analytics loaded.
  if (open) track(Events.EVENT.MODAL_OPEN, { view })

  const stops = [
    modal.subscribe(() => {
      if (modal.get().open === open) return
      open = modal.get().open
      if (open) track(Events.EVENT.MODAL_OPEN, { view: router.get().view })
      else track(Events.EVENT.MODAL_CLOSE, { connected: connection.get().status === 'connected' })
    }),
    router.subscribe(() => {
      const next = router.get()
      if (next.view === view) return
      view = next.view
      const picked = choiceOf(next.view, next.data)
      if (!picked) return
      track(Events.EVENT.SELECT_METHOD, choice(picked))
    }),
    connection.subscribe(() => {
      const now = connection.get()
      const before = previous
      previous = now
      if (now.status === 'connecting' && before.status !== 'connecting') {
        // A connect from a connecting view (a reconnect on start has none and is not counted).
        attempt = choiceOf(router.get().view, router.get().data)
        if (attempt) track(Events.EVENT.CONNECT_ATTEMPT, choice(attempt))
        return
      }
      if (attempt && now.status !== 'connecting') {
        const succeeded = now.status === 'connected' && now.session !== before.session && now.session
        if (succeeded)
          track(Events.EVENT.CONNECT_SUCCESS, {
            ...choice(attempt),
            kind: Track.kindOf(now.connectorId) ?? attempt.kind,
            chainId: succeeded.chainId,
          })
        else track(Events.EVENT.CONNECT_ERROR, choice(attempt))
        attempt = undefined
        return
      }
      const from = before.session?.chainId
      const to = now.session?.chainId
      if (
        now.status === 'connected' &&
        before.status === 'connected' &&
        now.connectorId === before.connectorId &&
        from !== undefined &&
        to !== undefined &&
        from !== to
      )
        track(Events.EVENT.SWITCH_NETWORK, { from, to, kind: Track.kindOf(now.connectorId) ?? 'injected' })
    }),
  ]
  return () => {
    for (const stop of stops) stop()
  }
}

/** Whether the project and the page both want analytics: `/getAnalyticsConfig` and `features.analytics`. */
async function enabled(deps: Deps, projectId: string): Promise<boolean> {
  const { state } = deps
  await new Promise<void>((resolve) => {
    const ready = () => state.get().featuresReady && state.get().host !== undefined
    if (ready()) return resolve()
    const stop = state.subscribe(() => {
      if (!ready()) return
      stop()
      resolve()
    })
  })
  if (!state.get().features.analytics || state.get().alert) return false
  const query = new URLSearchParams({ projectId, st: Api.SDK_TYPE, sv: sdkVersion(deps) })
  const config = await Api.get(
    `${deps.env.apiUrl}/getAnalyticsConfig?${query}`,
    Project.AnalyticsConfigResponse,
  )
  return config.isAnalyticsEnabled
}

const sdkVersion = (deps: Pick<Deps, 'state'>) => deps.state.get().host?.info?.sdkVersion ?? Api.SDK_VERSION

/** Starts the modal's analytics in this window (once; nothing without a project id). */
export function start(deps: Deps, target: Window & typeof globalThis = window) {
  const projectId = deps.env.projectId
  if (!projectId) return undefined
  const client = Client.create({
    apiUrl: deps.env.apiUrl,
    projectId,
    sdkType: Api.SDK_TYPE,
    sdkVersion: () => sdkVersion(deps),
    page: () => deps.state.get().host?.origin,
  })
  client.listen(target)
  Client.watchErrors(target, client, 'modal')
  follow(deps, Track.track)
  Track.attach(client)
  enabled(deps, projectId).then(client.setEnabled, () => client.setEnabled(false))
  return client
}
