import * as Errors from '@frontdoor/protocol/errors'
import {
  BaseError,
  createPublicClient,
  type EIP1193RequestFn,
  http,
  type PublicClient,
  RpcRequestError,
} from 'viem'
import * as Api from '../api/Api.js'

/**
 * The modal's one way to an EVM chain's node: viem public clients over the API's RPC proxy
 * (`/v1/?chainId=&projectId=`), one per project and chain, created here and nowhere else (a Solana
 * cluster's reads are `account/SolanaRpc.ts`'s, over the same proxy). This module
 * (and viem) is loaded only when a chain read is first needed, never on the modal's first open.
 */

/** Where the API is and which project asks. */
export type Context = { apiUrl: string; projectId: string }

const clients = new Map<string, PublicClient>()

/**
 * The public client of EVM chain `chainId` through the API's RPC proxy. One attempt per call: retries
 * belong to the caller (TanStack Query, or the dApp for its own requests).
 */
export function client(context: Context, chainId: number): PublicClient {
  const url = Api.rpcUrl(context.apiUrl, context.projectId, chainId)
  let known = clients.get(url)
  if (!known) {
    known = createPublicClient({
      transport: http(url, { retryCount: 0, fetchOptions: { credentials: 'omit' } }),
    })
    clients.set(url, known)
  }
  return known
}

/**
 * The error a dApp sees for a failed chain call: the node's JSON-RPC error (code, message and data,
 * revert data included), or 'Chain Disconnected' (4901) when the node could not be reached at all.
 */
export function providerError(error: unknown): Errors.ProviderRpcError {
  const request =
    error instanceof RpcRequestError
      ? error
      : error instanceof BaseError
        ? (error.walk((e) => e instanceof RpcRequestError) as RpcRequestError | null)
        : null
  if (request && Number.isInteger(request.code)) {
    return new Errors.ProviderRpcError(request.code, request.details || request.shortMessage, request.data)
  }
  return Errors.providerError('chainDisconnected')
}

/**
 * Sends one EIP-1193 request (a safe read the host page asked for before any wallet) to chain
 * `chainId` and gives its result; a failure is thrown as a {@link Errors.ProviderRpcError}.
 */
export async function request(context: Context, chainId: number, method: string, params: unknown) {
  try {
    // Any safe read the page asks for is forwarded as it is: the untyped form of viem's request.
    const send = client(context, chainId).request as EIP1193RequestFn
    const result = await send({ method, params: params ?? [] })
    return result ?? null
  } catch (error) {
    throw providerError(error)
  }
}
