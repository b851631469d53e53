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
type Check = (v: unknown) => boolean
const isText = (max: number) => (v: unknown) => isString(v, 0, max)
const isNullableText = (max: number) => (v: unknown) => v === null || isString(v, 0, max)
const isNumber = (v: unknown) => Number.isFinite(v)
const isBoolean = (v: unknown) => typeof v === 'boolean'
const opt =
  (check: Check): Check =>
  (v) =>
    v === undefined || check(v)
/** An object of `checks`' own keys only, each value passing its check (zod's strictObject). */
const shape =
  (checks: Record<string, Check>): Check =>
  (v) =>
    isObject(v) &&
    Object.keys(v).every((key) => Object.hasOwn(checks, key)) &&
    Object.keys(checks).every((key) => checks[key]!(v[key]))

/** The account state (packages/schemas Account.AccountState). */
const isAccount = shape({
  address: (v) => isString(v, 1, 128),
  caipAddress: (v) => parts(v, 3),
  status: (v) => STATUSES.has(v),
  preferredAccountType: opt((v) => ACCOUNT_TYPES.has(v)),
  user: opt(shape({ email: opt(isText(254)), userName: opt(isText(100)) })),
  socialProvider: opt(isText(32)),
  smartAccountDeployed: opt(isBoolean),
  profileName: opt(isNullableText(255)),
  profileImage: opt(isNullableText(2048)),
  balance: opt((v) => typeof v === 'string' && DECIMAL.test(v)),
  balanceSymbol: opt(isText(16)),
  connectedWalletInfo: opt(
    shape({ name: isText(255), icon: opt(isText(262144)), type: opt(isText(32)), rdns: opt(isText(255)) }),
  ),
  tokenBalance: opt((v) => {
    const isBalance = shape({
      name: isText(100),
      symbol: isText(32),
      chainId: isText(64),
      address: opt(isText(128)),
      value: opt(isNumber),
      price: isNumber,
      quantity: shape({ decimals: isText(3), numeric: isText(100) }),
      iconUrl: isText(2048),
    })
    return Array.isArray(v) && v.length <= 100 && v.every(isBalance)
  }),
})

const isState = shape({
  open: isBoolean,
  loading: isBoolean,
  view: (v) => VIEWS_SET.has(v as string),
  status: (v) => STATUSES.has(v),
  account: opt(isAccount),
  network: opt(isNetwork),
  restored: opt(isBoolean),
})

/** A state snapshot from the modal (HostModal.State). */
export function state(value: unknown): HostModal.State {
  if (!isState(value)) throw new InvalidMessage('state')
  return value as HostModal.State
}

/** No params: nothing, or an empty object (Message.NoParams). */
export function noParams(value: unknown): void {
  if (value !== undefined && !(isObject(value) && Object.keys(value).length === 0))
    throw new InvalidMessage('expected no params')
}

const isHex = (value: unknown) => typeof value === 'string' && /^0x[0-9a-fA-F]+$/.test(value)

const isAny = () => true
/** An EIP-1193 error as sent over the bridge (HostModal.RpcError). */
const isRpcError = shape({ code: isInt, message: isText(10_000), data: isAny })
/** Each provider event's payload (HostModal.ProviderEvent). */
const EVENT_DATA: Record<string, Check> = {
  connect: shape({ chainId: isHex }),
  disconnect: isRpcError,
  chainChanged: isHex,
  accountsChanged: (v) => Array.isArray(v) && v.every(isText(128)),
  message: shape({ type: isText(100), data: isAny }),
}

/** A provider event (HostModal.ProviderEvent). */
export function providerEvent(value: unknown): HostModal.ProviderEvent {
  const ok =
    isObject(value) &&
    shape({ event: isAny, data: isAny })(value) &&
    Object.hasOwn(EVENT_DATA, value.event as string) &&
    EVENT_DATA[value.event as string]!(value.data)
  if (!ok) throw new InvalidMessage('providerEvent')
  return value as HostModal.ProviderEvent
}

const STORAGE_KEY = /^[A-Za-z0-9:._@/-]{1,200}$/
/** Longest stored value (HostModal.STORAGE_VALUE_MAX). */
export const STORAGE_VALUE_MAX = 512 * 1024

/** A write of the modal's stored state (HostModal.HostMessages.storageWrite). */
export function storageWrite(value: unknown): { key: string; value: string | null } {
  const ok = shape({
    key: (v) => isString(v) && STORAGE_KEY.test(v),
    value: (v) => v === null || isString(v, 0, STORAGE_VALUE_MAX),
  })(value)
  if (!ok) throw new InvalidMessage('storageWrite')
  return value as { key: string; value: string | null }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** A request to an injected wallet of the page (HostModal.HostMessages.injectedWalletRequest). */
export function injectedWalletRequest(value: unknown): {
  uuid: string
  request: { method: string; params?: unknown[] | Record<string, unknown> }
} {
  const ok = shape({
    uuid: (v) => isString(v) && UUID.test(v),
    request: shape({
      method: (v) => isString(v, 1, 100),
      params: opt((p) => Array.isArray(p) || isObject(p)),
    }),
  })(value)
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
    if (shape({ code: opt(isInt), message: isString, data: isAny })(error))
      return { error: error as { code?: number; message: string; data?: unknown } }
  }
  throw new InvalidMessage('reply')
}

/** The answer of `pay`: a transaction hash (packages/protocol Pay.TransactionHash). */
export function transactionHash(value: unknown): `0x${string}` {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(value)) throw new InvalidMessage('pay')
  return value as `0x${string}`
}
