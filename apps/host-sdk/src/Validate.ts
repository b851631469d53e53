import type * as Messages from './Messages.js'

// The host's checks of what the modal sends. zod/mini alone would take half of sdk.js's 12 KB budget,
// so the host checks the two messages it receives by hand; Validate.test.ts proves these checks accept
// exactly what the zod schemas in Messages.ts accept.

const STATUSES = ['disconnected', 'connecting', 'reconnecting', 'connected']
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const isPositiveInt = (value: unknown) => Number.isSafeInteger(value) && (value as number) > 0

function fail(): never {
  throw new Error('Invalid message: bad shape')
}

/** A state snapshot from the modal (Messages.State), or throws 'Invalid message'. */
export function state(value: unknown): Messages.State {
  if (!isObject(value)) fail()
  const { open, status, address, chainId, view } = value
  if (typeof open !== 'boolean' || !STATUSES.includes(status as string)) fail()
  if (typeof view !== 'string' || view.length > 64) fail()
  if (address !== undefined && (typeof address !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(address))) fail()
  if (chainId !== undefined && !isPositiveInt(chainId)) fail()
  return {
    open,
    status: status as Messages.Status,
    view,
    ...(address !== undefined ? { address: address as string } : {}),
    ...(chainId !== undefined ? { chainId: chainId as number } : {}),
  }
}

/** The modal's answer to an RPC request (Messages.RpcResponse), or throws 'Invalid message'. */
export function rpcResponse(value: unknown): Messages.RpcResponse {
  if (!isObject(value)) fail()
  if ('result' in value) return { result: value.result }
  const error = value.error
  if (!isObject(error) || !Number.isSafeInteger(error.code) || typeof error.message !== 'string') fail()
  return {
    error: {
      code: error.code as number,
      message: error.message,
      ...(error.data !== undefined ? { data: error.data } : {}),
    },
  }
}
