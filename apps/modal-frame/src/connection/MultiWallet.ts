import type * as Connector from '../connectors/Connector.js'
import * as Rpc from '../rpc/Rpc.js'
import * as Storage from './Storage.js'

/**
 * Multi-wallet: switching to a kept connection, deleting one, and restoring the kept ones after a
 * reload. A chunk of its own, loaded when the user switches or deletes, or when a reload finds more
 * than one stored connection; the connection controller holds the state it drives.
 */

/** The parts of the connection controller that the multi-wallet module (loaded on first use) drives. */
export type Internals = {
  storage: Storage.ConnectionStorage
  /** The connection controller's options (Connection.Options): the connector for a stored id, the page's networks. */
  options: {
    resolve: (connectorId: string) => Promise<Connector.Connector | undefined>
    context: () => Connector.Context
  }
  /** The live connector of a connection, if this page keeps it. */
  live: (connectorId: string) => Connector.Connector | undefined
  current: () => Connector.Connector | undefined
  /** Follows a connection's events. */
  keep: (connector: Connector.Connector) => void
  /** Stops following a connection. */
  release: (connectorId: string) => void
  /** Makes a connection current. */
  adopt: (connector: Connector.Connector, session: Connector.Session) => void
  /** Ends a connection with its wallet ('Failed to disconnect chains: …' when that fails). */
  end: (connector: Connector.Connector) => Promise<void>
  /** Tells the views the stored connections changed. */
  notify: () => void
  /** Starts an attempt (a later one makes it stale). */
  attempt: () => number
  /** Whether attempt `mine` is still the latest. */
  latest: (mine: number) => boolean
}

/** The connector that keeps `session` (WalletConnect: its session's own), else `connector` itself. */
function keeperOf(connector: Connector.Connector, session: Connector.Session) {
  return connector.keeper?.(session) ?? connector
}

/** The connector of a stored connection: the live one, else resolved (loading its code). */
async function connectorOf(internals: Internals, connectorId: string) {
  return internals.live(connectorId) ?? (await internals.options.resolve(connectorId).catch(() => undefined))
}

/**
 * Makes the connection `connectorId` current without asking the wallet (its session, login or
 * permission was kept); throws 4100 and marks it disconnected when it can no longer be restored.
 */
export async function activate(internals: Internals, connectorId: string) {
  const mine = internals.attempt()
  const connector = await connectorOf(internals, connectorId)
  const session = connector
    ? await connector.reconnect(internals.options.context()).catch(() => undefined)
    : undefined
  if (!connector || !session) {
    internals.storage.setDisconnected(connectorId)
    internals.release(connectorId)
    internals.notify()
    throw Rpc.error('unauthorized')
  }
  if (!internals.latest(mine)) throw Rpc.error('userRejected')
  const kept = keeperOf(connector, session)
  if (kept.id !== connectorId) internals.storage.remove(connectorId)
  internals.adopt(kept, session)
  return session
}

/**
 * Deletes the connection `connectorId` (not the current one): forgets it, then ends it with its
 * wallet; throws 'Failed to disconnect chains: …' when the wallet could not be told.
 */
export async function remove(internals: Internals, connectorId: string) {
  const connector = await connectorOf(internals, connectorId)
  internals.release(connectorId)
  internals.storage.remove(connectorId)
  internals.notify()
  if (connector) await internals.end(connector)
}

/**
 * Restores the other stored connections after a reload (the current one is restored first), so their
 * events are followed and switching to one is immediate; one that cannot be restored any more is
 * marked disconnected.
 */
export async function restoreOthers(internals: Internals, entries: Storage.Entry[]) {
  for (const entry of entries) {
    const { connectorId } = entry
    if (internals.live(connectorId)) continue
    const connector = await internals.options.resolve(connectorId).catch(() => undefined)
    const session = connector
      ? await connector
          .reconnect({ ...internals.options.context(), stored: entry.wallet })
          .catch(() => undefined)
      : undefined
    if (internals.live(connectorId) || internals.current()?.id === connectorId) continue
    if (!connector || !session) {
      internals.storage.setDisconnected(connectorId)
      internals.notify()
      continue
    }
    const kept = keeperOf(connector, session)
    if (kept.id !== connectorId) internals.storage.remove(connectorId)
    internals.keep(kept)
    internals.storage.update(kept.id, Storage.infoOf(session, kept.accountType))
    internals.notify()
  }
}
