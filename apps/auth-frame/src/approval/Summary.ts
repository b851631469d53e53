/**
 * What the approval screen says about a request: a title, labelled rows (method, from, to, value,
 * network) and the text being signed (a personal_sign message decoded, a typed-data summary).
 * Pure functions of the request; nothing here trusts the request beyond displaying it.
 */

/** One labelled line. */
export type Row = { label: string; value: string }

/** The screen's content for one request. */
export type Summary = {
  title: string
  rows: Row[]
  /** The text being signed or the call's details, when there is one. */
  detail?: { label: string; text: string }
}

/** Longest detail text shown (the rest is cut with an ellipsis). */
export const DETAIL_MAX_CHARS = 4000

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const list = (params: unknown): unknown[] => (Array.isArray(params) ? params : [])

const cut = (text: string, max = DETAIL_MAX_CHARS) => (text.length > max ? `${text.slice(0, max)}…` : text)

const isAddress = (value: unknown): value is string =>
  typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value)

/** Whether `text` holds control characters other than tab, newline and carriage return. */
function unprintable(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f) return true
  }
  return false
}

/**
 * A personal_sign message as text: 0x-hex decoded as UTF-8 when it is printable text, the hex
 * itself otherwise; a plain string as is.
 * @example decodeMessage('0x68656c6c6f') // 'hello'
 */
export function decodeMessage(message: unknown): string {
  if (typeof message !== 'string') return JSON.stringify(message) ?? ''
  if (!/^0x([0-9a-fA-F]{2})*$/.test(message)) return message
  const bytes = new Uint8Array((message.length - 2) / 2)
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(message.slice(2 + i * 2, 4 + i * 2), 16)
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    return unprintable(text) ? message : text
  } catch {
    return message
  }
}

/**
 * A wei amount (hex or decimal) in ether, without trailing zeros.
 * @example formatEther('0x2386f26fc10000') // '0.01'
 */
export function formatEther(value: unknown): string {
  let wei: bigint
  try {
    wei =
      typeof value === 'bigint'
        ? value
        : BigInt(typeof value === 'number' ? Math.trunc(value) : String(value))
  } catch {
    return String(value)
  }
  const negative = wei < 0n
  const abs = negative ? -wei : wei
  const whole = abs / 10n ** 18n
  const fraction = (abs % 10n ** 18n).toString().padStart(18, '0').replace(/0+$/, '')
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

/** Decodes base58 (Solana messages and keys); undefined when it is not base58. */
export function decodeBase58(text: string): Uint8Array | undefined {
  let value = 0n
  for (const char of text) {
    const digit = BASE58.indexOf(char)
    if (digit === -1) return undefined
    value = value * 58n + BigInt(digit)
  }
  const bytes: number[] = []
  while (value > 0n) {
    bytes.unshift(Number(value % 256n))
    value /= 256n
  }
  for (const char of text) {
    if (char !== '1') break
    bytes.unshift(0)
  }
  return Uint8Array.from(bytes)
}

function typedDataSummary(raw: unknown): { rows: Row[]; text: string } {
  let data: unknown = raw
  if (typeof raw === 'string') {
    try {
      data = JSON.parse(raw)
    } catch {
      return { rows: [], text: cut(raw) }
    }
  }
  if (!isRecord(data)) return { rows: [], text: cut(String(raw)) }
  const domain = isRecord(data.domain) ? data.domain : {}
  const rows: Row[] = []
  if (typeof domain.name === 'string') rows.push({ label: 'Domain', value: domain.name })
  if (isAddress(domain.verifyingContract)) rows.push({ label: 'Contract', value: domain.verifyingContract })
  if (typeof data.primaryType === 'string') rows.push({ label: 'Type', value: data.primaryType })
  const message = isRecord(data.message) ? data.message : {}
  const lines = Object.entries(message).map(
    ([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`,
  )
  return { rows, text: cut(lines.join('\n')) }
}

/** The address a request asks to sign with, when it names one. */
export function signer(method: string, params: unknown): string | undefined {
  const args = list(params)
  if (method === 'personal_sign') return isAddress(args[1]) ? args[1] : undefined
  if (method === 'eth_signTypedData_v4') return isAddress(args[0]) ? args[0] : undefined
  if (method === 'eth_sendTransaction') {
    const tx = args[0]
    return isRecord(tx) && isAddress(tx.from) ? tx.from : undefined
  }
  return undefined
}

/** What the approval screen shows for `method` with `params`, signed by `address` on `chainId`. */
export function describe(method: string, params: unknown, context: { address: string; chainId: number }) {
  const args = list(params)
  const network: Row = { label: 'Network', value: `Chain ${context.chainId}` }
  const base: Row[] = [{ label: 'Method', value: method }]
  switch (method) {
    case 'personal_sign':
      return {
        title: 'Sign message',
        rows: [...base, { label: 'From', value: context.address }, network],
        detail: { label: 'Message', text: cut(decodeMessage(args[0])) },
      } satisfies Summary
    case 'eth_signTypedData_v4': {
      const typed = typedDataSummary(args[1])
      return {
        title: 'Sign typed data',
        rows: [...base, { label: 'From', value: context.address }, network, ...typed.rows],
        detail: { label: 'Message', text: typed.text },
      } satisfies Summary
    }
    case 'eth_sendTransaction': {
      const tx = isRecord(args[0]) ? args[0] : {}
      const data = typeof tx.data === 'string' && tx.data !== '0x' ? tx.data : undefined
      const rows: Row[] = [
        ...base,
        { label: 'From', value: context.address },
        { label: 'To', value: isAddress(tx.to) ? tx.to : 'New contract' },
        { label: 'Value', value: `${formatEther(tx.value ?? 0)} ETH` },
        network,
      ]
      return {
        title: 'Send transaction',
        rows,
        ...(data ? { detail: { label: 'Data', text: cut(data) } } : {}),
      } satisfies Summary
    }
    case 'solana_signMessage': {
      const body = isRecord(params) ? params : {}
      const bytes = typeof body.message === 'string' ? decodeBase58(body.message) : undefined
      let text = typeof body.message === 'string' ? body.message : ''
      if (bytes) {
        try {
          const decoded = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
          if (!unprintable(decoded)) text = decoded
        } catch {}
      }
      return {
        title: 'Sign message',
        rows: [...base, { label: 'From', value: typeof body.pubkey === 'string' ? body.pubkey : '' }],
        detail: { label: 'Message', text: cut(text) },
      } satisfies Summary
    }
    default:
      return {
        title: 'Approve request',
        rows: [...base, { label: 'From', value: context.address }, network],
        detail: { label: 'Details', text: cut(JSON.stringify(params ?? null, null, 2)) },
      } satisfies Summary
  }
}
