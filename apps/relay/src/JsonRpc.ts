/**
 * JSON-RPC framing for the relay. Ids are kept as the exact JSON text the client sent: WalletConnect
 * clients send 19-digit numbers, which a JavaScript number cannot hold, so a response echoes the
 * original characters rather than a re-encoded value.
 */

/** A JSON-RPC error code and message. */
export type ErrorObject = { code: number; message: string }

/** JSON-RPC 2.0 error codes the relay answers with. */
export const ErrorCodes = {
  parse: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internal: -32603,
  /** A cap of the relay was reached (EIP-1474's "limit exceeded"). */
  limitExceeded: -32005,
} as const

const QUOTE = 0x22
const BACKSLASH = 0x5c

/** The index of the quote closing the JSON string that opens at `start`, or -1. */
function stringEnd(text: string, start: number): number {
  let at = start
  for (;;) {
    const end = text.indexOf('"', at + 1)
    if (end < 0) return -1
    let slashes = 0
    for (let i = end - 1; text.charCodeAt(i) === BACKSLASH; i--) slashes++
    if (slashes % 2 === 0) return end
    at = end
  }
}

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09
}

/**
 * The raw JSON text of the top-level `id` member of a (valid) JSON object, or undefined. Strings are
 * skipped with `indexOf`, so a large payload costs little.
 *
 * @example
 * rawId('{"id":1712345678901234567,"method":"irn_publish"}') // '1712345678901234567'
 */
export function rawId(text: string): string | undefined {
  let depth = 0
  const length = text.length
  let i = 0
  while (i < length) {
    const code = text.charCodeAt(i)
    if (code === QUOTE) {
      const end = stringEnd(text, i)
      if (end < 0) return undefined
      if (
        depth === 1 &&
        end - i === 3 &&
        text.charCodeAt(i + 1) === 0x69 &&
        text.charCodeAt(i + 2) === 0x64
      ) {
        let j = end + 1
        while (isSpace(text.charCodeAt(j))) j++
        if (text.charCodeAt(j) === 0x3a) {
          j++
          while (isSpace(text.charCodeAt(j))) j++
          if (text.charCodeAt(j) === QUOTE) {
            const close = stringEnd(text, j)
            return close < 0 ? undefined : text.slice(j, close + 1)
          }
          const start = j
          while (j < length) {
            const c = text.charCodeAt(j)
            if (c === 0x2c || c === 0x7d || isSpace(c)) break
            j++
          }
          return text.slice(start, j)
        }
      }
      i = end + 1
      continue
    }
    if (code === 0x7b || code === 0x5b) depth++
    else if (code === 0x7d || code === 0x5d) depth--
    i++
  }
  return undefined
}

/**
 * The id of a parsed message as JSON text, exact even when the number exceeds 2^53.
 *
 * @example
 * idText(JSON.parse(text).id, text)
 */
export function idText(id: unknown, text: string): string {
  if (typeof id === 'string') return JSON.stringify(id)
  if (typeof id === 'number' && Number.isSafeInteger(id)) return String(id)
  if (id === null || id === undefined) return 'null'
  return rawId(text) ?? 'null'
}

/** A result response; `resultJson` is already JSON. */
export function result(idJson: string, resultJson: string): string {
  return `{"id":${idJson},"jsonrpc":"2.0","result":${resultJson}}`
}

/** An error response. */
export function error(idJson: string, error: ErrorObject): string {
  return `{"id":${idJson},"jsonrpc":"2.0","error":${JSON.stringify(error)}}`
}

/** A request the relay sends; `paramsJson` is already JSON. */
export function request(idJson: string, method: string, paramsJson: string): string {
  return `{"id":${idJson},"jsonrpc":"2.0","method":"${method}","params":${paramsJson}}`
}

/** The largest id the relay makes: JavaScript clients parse larger numbers as BigInt (and ack "…n"). */
export const MAX_SAFE_ID = Number.MAX_SAFE_INTEGER

/**
 * Ids for the requests the relay sends: milliseconds since the epoch times 1000 plus a three-digit
 * counter (`perPrefix` ids before the milliseconds move on), 16 digits, at or below 2^53 until the
 * year 2255. Unlike the clients' 19-digit ids they parse exactly as JavaScript numbers.
 */
export function ids(now: () => number = Date.now, perPrefix = 1000): () => string {
  const limit = Math.min(perPrefix, 1000)
  let prefix = now()
  let counter = 0
  return () => {
    if (counter === limit) {
      const next = now()
      prefix = next > prefix ? next : prefix + 1
      counter = 0
    }
    return String(prefix * 1000 + counter++)
  }
}

/**
 * Message ids: a random start below 2^52, counting up, so ids of different relay nodes and restarts
 * practically never meet and every id stays a safe integer. A message keeps its id everywhere it is
 * delivered; the `irn_subscription` that carries it uses it as request id, so the ack names it.
 */
export function messageIds(random: () => number = Math.random): () => number {
  let next = 1 + Math.floor(random() * 2 ** 52)
  return () => {
    if (next >= MAX_SAFE_ID) next = 1
    return next++
  }
}
