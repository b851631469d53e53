/**
 * The host's checks of the modal's SIWX messages, by hand (the protocol's zod schemas would not fit
 * sdk.js's budget). Check.test.ts proves they accept what packages/protocol siwx.ts accepts and refuse
 * what it refuses. A check returns the checked value (unknown keys of open objects dropped) or throws.
 */

type Record_ = Record<string, unknown>

/** The longest message text and signature (packages/protocol siwx.ts). */
const MESSAGE_MAX_CHARS = 4_096
const SIGNATURE_MAX_CHARS = 16_384

const fail = (what: string): never => {
  throw new Error(`Invalid message: ${what}`)
}
const isObject = (value: unknown): value is Record_ =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const str = (value: unknown, what: string, min = 0, max = Number.POSITIVE_INFINITY): string =>
  typeof value === 'string' && value.length >= min && value.length <= max ? value : fail(what)
/** CAIP-2: exactly 2 non-empty colon-separated parts (packages/schemas caip.ts). */
const caip2 = (value: unknown) => {
  const parts = str(value, 'chainId').split(':')
  return parts.length === 2 && parts.every(Boolean) ? (value as string) : fail('chainId')
}
const address = (value: unknown) => str(value, 'address', 1, 128)
const only = (value: unknown, keys: string[]): Record_ =>
  isObject(value) && Object.keys(value).every((key) => keys.includes(key)) ? value : fail('params')

/** No params: nothing, or an empty object. */
export function noParams(value: unknown) {
  if (value !== undefined && Object.keys(only(value, [])).length) fail('params')
  return undefined
}

/** `siwxCreateMessage` params: `{ accountAddress, chainId }`. */
export function account(value: unknown) {
  const v = only(value, ['accountAddress', 'chainId'])
  return { accountAddress: address(v.accountAddress), chainId: caip2(v.chainId) }
}

/** `siwxGetSessions` / `siwxRevokeSession` params: `{ chainId, address }`. */
export function chainAddress(value: unknown) {
  const v = only(value, ['chainId', 'address'])
  return { chainId: caip2(v.chainId), address: address(v.address) }
}

const REQUIRED = ['accountAddress', 'domain', 'uri', 'version', 'nonce'] as const
const OPTIONAL = ['statement', 'issuedAt', 'expirationTime', 'notBefore', 'requestId'] as const

const KEYS = ['chainId', ...REQUIRED, ...OPTIONAL, 'resources']

/** A message's data: the fields a message has, checked; with `strict`, no other key. */
export function messageData(value: unknown, strict = true) {
  if (!isObject(value) || (strict && !only(value, KEYS))) return fail('data')
  const data: Record_ = { chainId: caip2(value.chainId) }
  for (const key of REQUIRED) data[key] = str(value[key], key)
  for (const key of OPTIONAL) if (value[key] !== undefined) data[key] = str(value[key], key)
  const { resources } = value
  if (resources !== undefined)
    data.resources =
      Array.isArray(resources) && resources.every((r) => typeof r === 'string')
        ? [...resources]
        : fail('resources')
  return data as {
    accountAddress: string
    chainId: string
    domain: string
    uri: string
    version: string
    nonce: string
  }
}

/** `siwxAddSession` params: a session `{ data, message, signature, cacao? }`, nothing else. */
export function session(value: unknown) {
  const v = only(value, ['data', 'message', 'signature', 'cacao'])
  if (v.cacao !== undefined && !isObject(v.cacao)) fail('cacao')
  return {
    data: messageData(v.data),
    message: str(v.message, 'message', 0, MESSAGE_MAX_CHARS),
    signature: str(v.signature, 'signature', 0, SIGNATURE_MAX_CHARS),
    ...(v.cacao !== undefined ? { cacao: v.cacao } : {}),
  }
}
