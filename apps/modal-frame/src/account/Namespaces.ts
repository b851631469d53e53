import * as Storage from '@frontdoor/schemas/storage'
import type * as Connector from '../connectors/Connector.js'
import * as SolanaAccount from '../connectors/solana/Account.js'
import type * as State from '../controller/State.js'
import type * as Cache from './Cache.js'

/**
 * The connected namespaces kept in storage (spec section 3): while a wallet is connected, the namespaces
 * it has accounts in (`of`); cleared on disconnect (spec section 4: disconnect clears the connected
 * namespace).
 */

/** The namespaces stored, or none. */
export function read(backend: Cache.Backend): string[] {
  try {
    const raw: unknown = JSON.parse(backend.getItem(Storage.CONNECTED_NAMESPACES_KEY) ?? '[]')
    return Array.isArray(raw) ? raw.filter((n): n is string => typeof n === 'string') : []
  } catch {
    return []
  }
}

/**
 * The namespaces a connection has accounts in: eip155, solana when it has a Solana account (a
 * WalletConnect session's solana namespace, an injected wallet's Wallet Standard side, the embedded
 * wallet's), and what the connector names besides (the embedded wallet's bip122, polkadot, cosmos).
 */
async function of(connector: Connector.Connector | undefined): Promise<string[]> {
  const names = new Set(['eip155'])
  if (await SolanaAccount.of(connector).catch(() => null)) names.add('solana')
  for (const name of connector?.namespaces?.() ?? []) names.add(name)
  return [...names]
}

/**
 * Keeps the stored namespaces in step with the connection in `state` (those of `connection`'s current
 * connector, the connected wallet's); returns the unsubscribe.
 */
export function track(
  state: Pick<State.StateStore, 'get' | 'subscribe'>,
  backend: Cache.Backend,
  connection: { current: () => Connector.Connector | undefined } = { current: () => undefined },
) {
  let last: string | undefined
  let reads = 0
  const write = (next: string[]) => {
    if (next.join(',') === last) return
    last = next.join(',')
    try {
      if (next.length) backend.setItem(Storage.CONNECTED_NAMESPACES_KEY, JSON.stringify(next))
      else backend.removeItem(Storage.CONNECTED_NAMESPACES_KEY)
    } catch {
      // A refused storage only loses the record.
    }
  }
  const sync = () => {
    const { status, address, restored } = state.get()
    const read = ++reads
    if (status === 'connected' && address) {
      // Only the latest read writes: the connection may change while one is answered.
      void of(connection.current()).then((names) => {
        if (read === reads) write(names)
      })
    }
    // Before the stored connections are restored, 'disconnected' may still become 'connected'.
    else if (status === 'disconnected' && restored) write([])
  }
  sync()
  return state.subscribe(sync)
}
