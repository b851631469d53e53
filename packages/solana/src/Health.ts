import * as Genesis from './Genesis.js'

const REQUEST_TIMEOUT_MS = 1_000

/** One JSON-RPC call with a short timeout; resolves undefined on any failure. */
export async function call(url: string, method: string, params: unknown[] = []): Promise<unknown> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    })
    const body = (await response.json()) as { result?: unknown }
    return body.result
  } catch {
    return undefined
  }
}

/**
 * Resolves true when the cluster at `url` is the local cluster, seeded: it answers the genesis hash of
 * {@link Genesis.GENESIS_HASH} and the token's supply. The stack's health check for the `solana` part.
 */
export async function isSeeded(url: string): Promise<boolean> {
  const [genesis, supply] = await Promise.all([
    call(url, 'getGenesisHash'),
    call(url, 'getTokenSupply', [Genesis.TOKEN.mint]),
  ])
  return (
    genesis === Genesis.GENESIS_HASH &&
    (supply as { value?: { amount?: string } } | undefined)?.value?.amount === Genesis.TOKEN_SUPPLY.toString()
  )
}
