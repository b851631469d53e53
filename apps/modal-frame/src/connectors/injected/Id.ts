/** Connector ids of injected wallets (`injected:<rdns>`), apart from the connector so reading one loads nothing. */

/** The stored connector id of the injected wallet with this rdns. */
export function idOf(rdns: string): string {
  return `injected:${rdns}`
}

/** The rdns of an injected connector id, or undefined for another kind. */
export function rdnsOf(connectorId: string): string | undefined {
  return connectorId.startsWith('injected:') ? connectorId.slice('injected:'.length) : undefined
}
