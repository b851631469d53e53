import * as z from 'zod/mini'
import * as Caip from '../caip.js'
import * as Constants from '../constants.js'

// A module of its own, so the modal's account views take it without this module's JSON-RPC schemas.
export { SUPPORTED_CHAINS_PATH, SupportedChainsResponse } from './supported-chains.js'

/** Where the API lists the chains with the embedded wallet's smart account. */
export const SMART_ACCOUNT_NETWORKS_PATH = '/v1/smart-account/networks'

/** `GET /v1/smart-account/networks` response: the CAIP-2 chains where the smart account is offered (a bundler serves them). */
export const SmartAccountNetworksResponse = z.object({ networks: z.array(Caip.Caip2Schema) })
/** `GET /v1/smart-account/networks` response. */
export type SmartAccountNetworksResponse = z.infer<typeof SmartAccountNetworksResponse>

/** `POST /v1/?chainId=&projectId=` query: the chain as a CAIP-2 id. */
export const RpcQuery = z.object({
  chainId: Caip.Caip2Schema,
  projectId: z.string().check(z.minLength(1)),
})
/** `POST /v1/?chainId=&projectId=` query: the chain as a CAIP-2 id. */
export type RpcQuery = z.infer<typeof RpcQuery>

/** A JSON-RPC 2.0 id: a string, number or null. */
export const JsonRpcId = z.union([z.string(), z.number(), z.null()])
/** A JSON-RPC 2.0 id: a string, number or null. */
export type JsonRpcId = z.infer<typeof JsonRpcId>

/** A JSON-RPC 2.0 request (a notification when `id` is absent). */
export const JsonRpcRequest = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.optional(JsonRpcId),
  method: z.string().check(z.minLength(1), z.maxLength(256)),
  params: z.optional(z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())])),
})
/** A JSON-RPC 2.0 request (a notification when `id` is absent). */
export type JsonRpcRequest = z.infer<typeof JsonRpcRequest>

/** A JSON-RPC 2.0 error object. */
export const JsonRpcError = z.object({
  code: z.number().check(z.int()),
  message: z.string(),
  data: z.optional(z.unknown()),
})
/** A JSON-RPC 2.0 error object. */
export type JsonRpcError = z.infer<typeof JsonRpcError>

/** A JSON-RPC 2.0 success response. */
export const JsonRpcSuccess = z.object({ jsonrpc: z.literal('2.0'), id: JsonRpcId, result: z.unknown() })
/** A JSON-RPC 2.0 success response. */
export type JsonRpcSuccess = z.infer<typeof JsonRpcSuccess>

/** A JSON-RPC 2.0 error response. */
export const JsonRpcFailure = z.object({ jsonrpc: z.literal('2.0'), id: JsonRpcId, error: JsonRpcError })
/** A JSON-RPC 2.0 error response. */
export type JsonRpcFailure = z.infer<typeof JsonRpcFailure>

/** A JSON-RPC 2.0 response: success or error. */
export const JsonRpcResponse = z.union([JsonRpcFailure, JsonRpcSuccess])
/** A JSON-RPC 2.0 response: success or error. */
export type JsonRpcResponse = z.infer<typeof JsonRpcResponse>

/** A JSON-RPC 2.0 batch request: 1 to `HTTP_RPC_BATCH_SIZE` requests. */
export const JsonRpcBatchRequest = z
  .array(JsonRpcRequest)
  .check(z.minLength(1, 'empty batch'), z.maxLength(Constants.HTTP_RPC_BATCH_SIZE))
/** A JSON-RPC 2.0 batch request: 1 to `HTTP_RPC_BATCH_SIZE` requests. */
export type JsonRpcBatchRequest = z.infer<typeof JsonRpcBatchRequest>

/** A JSON-RPC 2.0 batch response. */
export const JsonRpcBatchResponse = z.array(JsonRpcResponse)
/** A JSON-RPC 2.0 batch response. */
export type JsonRpcBatchResponse = z.infer<typeof JsonRpcBatchResponse>

/** A JSON-RPC 2.0 POST body: one request or a batch. */
export const JsonRpcBody = z.union([JsonRpcRequest, JsonRpcBatchRequest])
/** A JSON-RPC 2.0 POST body: one request or a batch. */
export type JsonRpcBody = z.infer<typeof JsonRpcBody>
