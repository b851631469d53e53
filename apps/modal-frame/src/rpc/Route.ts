import * as Policy from '@frontdoor/protocol/policy'

/**
 * Where a request of the page's provider goes (loaded with the first such request, not with the modal;
 * eth_chainId and eth_accounts are answered before it is needed), and whether one for the wallet may
 * reach it on its chain (RequestChain.ts, in this chunk: the modal's first open holds no import of it).
 */

export { check as checkChain } from './RequestChain.js'

/** Safe methods that need a connected account or wallet and so are not forwarded to a node. */
const WALLET_ONLY = new Set([
  'eth_accounts',
  'wallet_getCapabilities',
  'wallet_getCallsStatus',
  'wallet_getAssets',
])

/**
 * EIP-5792's wallet_showCallsStatus: no node knows it and the embedded wallet's policy does not list
 * it (the modal shows the batch itself, ShowCallsStatus.ts); an external wallet shows its own.
 */
const WALLET_UI = new Set(['wallet_showCallsStatus'])

/**
 * How the modal answers a request before any wallet is connected: safe chain reads go to the API's
 * RPC proxy, unsafe methods need an account (4100), anything else is not allowed (packages/protocol's
 * policy).
 */
export function route(method: string): 'node' | 'account' | 'unsupported' {
  if (WALLET_UI.has(method)) return 'account'
  const kind = Policy.classify(method)
  if (kind === 'safe') return WALLET_ONLY.has(method) ? 'account' : 'node'
  if (kind === 'unsafe') return 'account'
  return 'unsupported'
}
