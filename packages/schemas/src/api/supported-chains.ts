import * as z from 'zod/mini'
import * as Caip from '../caip.js'

/** Where the API lists the chains it serves (those its RPC proxy has an upstream of). */
export const SUPPORTED_CHAINS_PATH = '/v1/supported-chains'

/** `GET /v1/supported-chains` response: CAIP-2 ids reachable over HTTP and over WebSocket. */
export const SupportedChainsResponse = z.object({
  http: z.array(Caip.Caip2Schema),
  ws: z.array(Caip.Caip2Schema),
})
/** `GET /v1/supported-chains` response: CAIP-2 ids reachable over HTTP and over WebSocket. */
export type SupportedChainsResponse = z.infer<typeof SupportedChainsResponse>
