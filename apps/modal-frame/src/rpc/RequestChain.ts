import * as Errors from '@frontdoor/protocol/errors'
import * as Policy from '@frontdoor/protocol/policy'
import * as SignRequest from '@frontdoor/protocol/sign-request'
import * as Caip from '@frontdoor/schemas/caip'

/**
 * The chain of a page's request for the wallet, checked before the wallet sees it and before any screen
 * of ours, for every kind of wallet: a dapp must never have a wallet sign or send on a chain other than
 * the one the page was told. Loaded with Route.ts, at the page's first request. (Its errors are
 * protocol's, not Rpc.ts's: importing Rpc.ts from here moved a shared chunk into the modal's first open,
 * over its budget, size.mjs.)
 */

/** What the check needs of the modal's connections: the wallet's chain and the page's networks. */
export type Page = {
  /** The wallet connection: its session's chain, while connected. */
  connection: { get: () => { session?: { chainId: number } | undefined } }
  evmIds: () => number[]
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * Throws when the request must not reach the connected wallet (nothing is checked while none is): a
 * request for a chain (Policy.CHAIN_METHODS) while the wallet sits on one the page did not list is 4901
 * (UnsupportedChain showed when the wallet went there); one naming another chain than the wallet's in
 * `params[0].chainId` is -32602.
 *
 * @example
 * // the wallet on 31337: -32602
 * check({ method: 'eth_sendTransaction', params: [{ from, to, chainId: '0x1' }] }, connections)
 */
export function check({ method, params }: { method: string; params?: unknown }, page: Page): void {
  const chainId = page.connection.get().session?.chainId
  if (chainId === undefined || !Policy.isChainMethod(method)) return
  if (!page.evmIds().includes(chainId)) throw Errors.providerError('chainDisconnected')
  const named = Array.isArray(params) && isRecord(params[0]) ? params[0].chainId : undefined
  if (named === undefined) return
  // A hex quantity (EIP-1474) or a number; anything else names no chain the wallet is on.
  const id = typeof named === 'string' && !named.startsWith('0x') ? undefined : Caip.evmChainId(named)
  if (id !== chainId) throw SignRequest.invalid(SignRequest.REFUSALS.otherChain(id ?? String(named), chainId))
}
