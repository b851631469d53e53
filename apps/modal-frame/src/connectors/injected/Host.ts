/**
 * How an injected connector (Injected.ts, Standard.ts) reaches the page's wallet: the host bridge's
 * calls. A leaf, so the two connectors share it without importing each other's types.
 */

/** The host bridge's calls that reach an injected wallet on the page. */
export type Port = {
  /** Sends an EIP-1193 request to the injected wallet `uuid` on the page. */
  request: (
    uuid: string,
    request: { method: string; params?: unknown[] | Record<string, unknown> },
  ) => Promise<unknown>
}
