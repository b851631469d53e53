import * as JsonRpc from '@frontdoor/protocol/json-rpc'
import * as Genesis from './Genesis.js'

/**
 * Resolves true when the cluster at `url` is the local cluster, seeded: it answers the genesis hash of
 * {@link Genesis.GENESIS_HASH} and the token's supply. The stack's health check for the `solana` part.
 */
export async function isSeeded(url: string): Promise<boolean> {
  const [genesis, supply] = await Promise.all([
    JsonRpc.probe(url, 'getGenesisHash'),
    JsonRpc.probe(url, 'getTokenSupply', [Genesis.TOKEN.mint]),
  ])
  return (
    genesis === Genesis.GENESIS_HASH &&
    (supply as { value?: { amount?: string } } | undefined)?.value?.amount === Genesis.TOKEN_SUPPLY.toString()
  )
}
