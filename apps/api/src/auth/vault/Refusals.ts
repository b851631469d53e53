import { PROVIDER_ERRORS } from '@frontdoor/protocol/errors'
import * as SignRequest from '@frontdoor/protocol/sign-request'
import { Caip } from '@frontdoor/schemas'
import { BaseError } from 'viem'
import * as Clients from '../../chains/Clients.js'
import * as JsonRpcRoute from '../../rpc/JsonRpcRoute.js'

/**
 * The vault's refusals, in every method family's words: EIP-1193 / JSON-RPC codes in the API's error
 * body (JsonRpcRoute.fail), thrown from a handler.
 */

/** -32602 naming the bad field (`params.0.to: ...`). */
export function invalidParams(detail: string) {
  return JsonRpcRoute.fail(
    400,
    PROVIDER_ERRORS.invalidParams.code,
    `${PROVIDER_ERRORS.invalidParams.message} ${detail}`,
  )
}

/** 4100 (403): the address is not one of the session user's. */
export function notYourAccount() {
  return JsonRpcRoute.fail(403, PROVIDER_ERRORS.unauthorized.code, PROVIDER_ERRORS.unauthorized.message)
}

/** 4901 (400): the API reaches no node (or no bundler) of `data.chainId`. */
export function chainDisconnected(data: Record<string, unknown>) {
  return JsonRpcRoute.fail(
    400,
    PROVIDER_ERRORS.chainDisconnected.code,
    PROVIDER_ERRORS.chainDisconnected.message,
    data,
  )
}

/** Reads params with one of SignRequest's parsers (the approval screen's reading); a refusal is -32602. */
export function read<T>(parse: () => T): T {
  try {
    return parse()
  } catch (error) {
    if (SignRequest.isInvalid(error)) throw JsonRpcRoute.fail(400, error.code, error.message)
    throw error
  }
}

/** An EVM chain id from the body: a number, a decimal or 0x string, or a CAIP-2 `eip155:<n>`. */
export function evmChainId(value: number | string | undefined): number {
  let text = value
  if (typeof value === 'string' && Caip.isCaip2(value)) {
    const caip = Caip.parseCaip2(value)
    text = caip.chainNamespace === 'eip155' ? caip.chainId : undefined
  }
  const chainId = typeof text === 'string' ? Number(text) : text
  if (chainId === undefined || !Number.isSafeInteger(chainId) || chainId <= 0)
    throw invalidParams('chainId: must be the EVM chain id')
  return chainId
}

/**
 * A `.catch` for a chain's call: its JSON-RPC error goes back with its code (400); no node that
 * answered is a 502. Any other error is rethrown.
 */
export function chainFailure(chain: string) {
  return (error: unknown): never => {
    if (!(error instanceof BaseError || error instanceof Clients.ChainError)) throw error
    const failure = Clients.chainError(error, chain)
    throw JsonRpcRoute.fail(failure.unreachable ? 502 : 400, failure.code, failure.message, failure.data)
  }
}
