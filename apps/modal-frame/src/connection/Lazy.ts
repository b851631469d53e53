import * as Store from '../store/Store.js'
import type * as Connection from './Connection.js'

/**
 * The connection controller as the modal's first load holds it: its code (Connection.ts) is a chunk
 * fetched at start, beside the UI, since the Connect view shows before any connection is made or
 * restored. Until it arrives the state reads as disconnected and the calls wait for it; then the state
 * follows the controller's. The same interface as {@link Connection.create}'s.
 */

/** The connection controller. */
export type Controller = ReturnType<typeof Connection.create>

/** Fetches the controller's code (a test may give its own). */
type Load = () => Promise<Pick<typeof Connection, 'create'>>

/**
 * Starts loading the controller for `options`; the returned one works at once. A fetch of its code
 * that fails (a network blip, a deploy that replaced the chunk) is not kept: the call that waited
 * for it fails, and the next call fetches again.
 */
export function create(
  options: Connection.Options,
  load: Load = () => import('./Connection.js'),
): Controller {
  const mirror = Store.create<Connection.State>({
    status: 'disconnected',
    connectorId: undefined,
    session: undefined,
    recent: options.storage.recent(),
  })
  let real: Controller | undefined
  let loading: Promise<Controller> | undefined
  const controller = () =>
    (loading ??= load().then(
      (module) => {
        const created = module.create(options)
        real = created
        mirror.set(created.get())
        created.subscribe(() => mirror.set(created.get()))
        return created
      },
      (error: unknown) => {
        loading = undefined
        throw error
      },
    ))
  // Fetched at start; a failure here is told to the first call, which fetches again.
  controller().catch(() => {})
  // A call made before the code arrived waits for it (it is fetched at start, so rarely for long).
  const later = <K extends keyof Controller>(key: K): Controller[K] =>
    (async (...args: unknown[]) => {
      const loaded = await controller()
      return (loaded[key] as (...a: unknown[]) => unknown)(...args)
    }) as Controller[K]
  return {
    get: mirror.get,
    subscribe: mirror.subscribe,
    current: () => real?.current(),
    connections: () => real?.connections() ?? [],
    connect: later('connect'),
    reconnect: later('reconnect'),
    disconnect: later('disconnect'),
    request: later('request'),
    activate: later('activate'),
    remove: later('remove'),
    switchChain: later('switchChain'),
  }
}
