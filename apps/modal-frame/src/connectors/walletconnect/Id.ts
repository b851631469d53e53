/**
 * Stored ids of WalletConnect connections (`walletConnect:<topic>`, one per session, so two wallets can be
 * kept side by side), apart from the connector so reading one loads nothing.
 */

/** The stored id of the WalletConnect connection of session `topic`. */
export function idOf(topic: string): string {
  return `walletConnect:${topic}`
}

/** The session topic of a WalletConnect connection id; undefined for the bare `walletConnect` or another kind. */
export function topicOf(connectorId: string): string | undefined {
  if (!connectorId.startsWith('walletConnect:')) return undefined
  return connectorId.slice('walletConnect:'.length) || undefined
}
