import type * as HostModal from '@frontdoor/protocol/host-modal'
import { VIEWS } from '@frontdoor/protocol/views'
import { AUTH_NAMESPACES, CONNECTION_STATUSES } from '@frontdoor/schemas/constants'

// The host's checks of what the modal sends, by hand: the protocol's zod schemas would take more than
// sdk.js's whole 12 KB budget. Validate.test.ts fuzzes each check against the zod schema of
// packages/protocol (host-modal.ts) and proves they accept exactly the same values.

type Record_ = Record<string, unknown>
const isObject = (value: unknown): value is Record_ =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const isString = (value: unknown, min = 0, max = Number.POSITIVE_INFINITY): value is string =>
  typeof value === 'string' && value.length >= min && value.length <= max
const isInt = (value: unknown): value is number => Number.isSafeInteger(value)
const hasOnly = (value: Record_, keys: string[]) => Object.keys(value).every((key) => keys.includes(key))
const optional = (value: unknown, check: (v: unknown) => boolean) => value === undefined || check(value)
const parts = (value: unknown, count: number) =>
  typeof value === 'string' &&
  value.split(':').length === count &&
  value.split(':').every((part) => part.length > 0)

/** Thrown for a message that fails its check; it is never acted on. */
class InvalidMessage extends Error {
  constructor(what: string) {
    super(`Invalid message: ${what}`)
  }
}

const VIEWS_SET = new Set<string>(VIEWS)
const STATUSES = new Set<unknown>(CONNECTION_STATUSES)
const NAMESPACES = new Set<unknown>(AUTH_NAMESPACES)

const isStrings = (value: unknown) => Array.isArray(value) && value.every((v) => typeof v === 'string')
const isRpcUrls = (value: unknown) =>
  isObject(value) && isStrings(value.http) && optional(value.webSocket, isStrings)
const isExplorer = (value: unknown) =>
  isObject(value) && isString(value.name) && isString(value.url) && optional(value.apiUrl, (v) => isString(v))
/** An object with a `default` entry whose every entry passes `check` (zod's catchall). */
const isCatchall = (value: unknown, check: (v: unknown) => boolean) =>
  isObject(value) && 'default' in value && Object.values(value).every(check)

function isNetwork(value: unknown): boolean {
  if (!isObject(value)) return false
  const { id, caipNetworkId, chainNamespace, name, nativeCurrency: currency } = value
  const idOk = (isInt(id) && id >= 0) || isString(id, 1)
  const currencyOk =
    isObject(currency) &&
    isString(currency.name, 1) &&
    isString(currency.symbol, 1) &&
    isInt(currency.decimals) &&
    currency.decimals >= 0 &&
    currency.decimals <= 255
  return (
    idOk &&
    parts(caipNetworkId, 2) &&
    NAMESPACES.has(chainNamespace) &&
    isString(name, 1) &&
    currencyOk &&
    isCatchall(value.rpcUrls, isRpcUrls) &&
    optional(value.blockExplorers, (v) => isCatchall(v, isExplorer)) &&
    optional(value.testnet, (v) => typeof v === 'boolean') &&
    caipNetworkId === `${chainNamespace as string}:${String(id)}`
  )
}

const ACCOUNT_TYPES = new Set<unknown>(['eoa', 'smartAccount'])
const DECIMAL = /^\d{1,78}(\.\d{1,78})?$/
const isText = (max: number) => (v: unknown) => isString(v, 0, max)
const isNullableText = (max: number) => (v: unknown) => v === null || isString(v, 0, max)

/** The account state (packages/schemas Account.AccountState). */
const isAccount = (value: unknown) =>
  isObject(value) &&
  hasOnly(value, [
    'address',
    'caipAddress',
    'status',
    'preferredAccountType',
    'user',
    'socialProvider',
    'smartAccountDeployed',
    'profileName',
    'profileImage',
    'balance',
    'balanceSymbol',
  ]) &&
  isString(value.address, 1, 128) &&
  parts(value.caipAddress, 3) &&
  STATUSES.has(value.status) &&
  optional(value.preferredAccountType, (v) => ACCOUNT_TYPES.has(v)) &&
  optional(
    value.user,
    (u) =>
      isObject(u) &&
      hasOnly(u, ['email', 'userName']) &&
      optional(u.email, isText(254)) &&
      optional(u.userName, isText(100)),
  ) &&
  optional(value.socialProvider, isText(32)) &&
  optional(value.smartAccountDeployed, (v) => typeof v === 'boolean') &&
  optional(value.profileName, isNullableText(255)) &&
  optional(value.profileImage, isNullableText(2048)) &&
  optional(value.balance, (v) => typeof v === 'string' && DECIMAL.test(v)) &&
  optional(value.balanceSymbol, isText(16))

/** A state snapshot from the modal (HostModal.State). */
export function state(value: unknown): HostModal.State {
  const ok =
    isObject(value) &&
    hasOnly(value, ['open', 'loading', 'view', 'status', 'account', 'network', 'restored']) &&
    typeof value.open === 'boolean' &&
    typeof value.loading === 'boolean' &&
    VIEWS_SET.has(value.view as string) &&
    STATUSES.has(value.status) &&
    optional(value.account, isAccount) &&
    optional(value.network, isNetwork) &&
    optional(value.restored, (v) => typeof v === 'boolean')
  if (!ok) throw new InvalidMessage('state')
  return value as HostModal.State
}

/** No params: nothing, or an empty object (Message.NoParams). */
export function noParams(value: unknown): void {
  if (value !== undefined && !(isObject(value) && Object.keys(value).length === 0))
    throw new InvalidMessage('expected no params')
}

const isHex = (value: unknown) => typeof value === 'string' && /^0x[0-9a-fA-F]+$/.test(value)

/** An EIP-1193 error as sent over the bridge (HostModal.RpcError). */
function isRpcError(value: unknown): value is HostModal.RpcError {
  return (
    isObject(value) &&
    hasOnly(value, ['code', 'message', 'data']) &&
    isInt(value.code) &&
    isString(value.message, 0, 10_000)
  )
}

/** A provider event (HostModal.ProviderEvent). */
export function providerEvent(value: unknown): HostModal.ProviderEvent {
  const ok =
    isObject(value) &&
    hasOnly(value, ['event', 'data']) &&
    ((value.event === 'connect' &&
      isObject(value.data) &&
      hasOnly(value.data, ['chainId']) &&
      isHex(value.data.chainId)) ||
      (value.event === 'disconnect' && isRpcError(value.data)) ||
      (value.event === 'chainChanged' && isHex(value.data)) ||
      (value.event === 'accountsChanged' &&
        Array.isArray(value.data) &&
        value.data.every((a) => isString(a, 0, 128))) ||
      (value.event === 'message' &&
        isObject(value.data) &&
        hasOnly(value.data, ['type', 'data']) &&
        isString(value.data.type, 0, 100)))
  if (!ok) throw new InvalidMessage('providerEvent')
  return value as HostModal.ProviderEvent
}

const STORAGE_KEY = /^[A-Za-z0-9:._@/-]{1,200}$/
/** Longest stored value (HostModal.STORAGE_VALUE_MAX). */
export const STORAGE_VALUE_MAX = 512 * 1024

/** A write of the modal's stored state (HostModal.HostMessages.storageWrite). */
export function storageWrite(value: unknown): { key: string; value: string | null } {
  const ok =
    isObject(value) &&
    hasOnly(value, ['key', 'value']) &&
    isString(value.key) &&
    STORAGE_KEY.test(value.key) &&
    (value.value === null || isString(value.value, 0, STORAGE_VALUE_MAX))
  if (!ok) throw new InvalidMessage('storageWrite')
  return value as { key: string; value: string | null }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** A request to an injected wallet of the page (HostModal.HostMessages.injectedWalletRequest). */
export function injectedWalletRequest(value: unknown): {
  uuid: string
  request: { method: string; params?: unknown[] | Record<string, unknown> }
} {
  const request = isObject(value) ? value.request : undefined
  const ok =
    isObject(value) &&
    hasOnly(value, ['uuid', 'request']) &&
    isString(value.uuid) &&
    UUID.test(value.uuid) &&
    isObject(request) &&
    hasOnly(request, ['method', 'params']) &&
    isString(request.method, 1, 100) &&
    optional(request.params, (p) => Array.isArray(p) || isObject(p))
  if (!ok) throw new InvalidMessage('injectedWalletRequest')
  return value as ReturnType<typeof injectedWalletRequest>
}

/** A bridge reply: exactly `{ result }` or `{ error: { code?, message, data? } }` (Message.ErrorReply). */
export function reply(
  value: unknown,
): { result: unknown } | { error: { code?: number; message: string; data?: unknown } } {
  if (isObject(value) && Object.keys(value).length === 1) {
    if (Object.hasOwn(value, 'result')) return { result: value.result }
    const error = value.error
    if (
      isObject(error) &&
      hasOnly(error, ['code', 'message', 'data']) &&
      optional(error.code, isInt) &&
      isString(error.message)
    )
      return { error: error as { code?: number; message: string; data?: unknown } }
  }
  throw new InvalidMessage('reply')
}

/** The answer of `pay`: a transaction hash (packages/protocol Pay.TransactionHash). */
export function transactionHash(value: unknown): `0x${string}` {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(value)) throw new InvalidMessage('pay')
  return value as `0x${string}`
}
