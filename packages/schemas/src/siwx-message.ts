import * as Caip from './caip.js'
import type { SiwxMessageData } from './entities/siwx.js'

/**
 * The text of a sign-in message (CAIP-122; EIP-4361 for eip155), written and read back. The wallet
 * signs exactly this text, so the API reads the facts it checks (domain, URI, nonce, times) from what
 * was signed, never from fields sent beside it.
 */

/** The account kind named in the first line, per chain namespace (CAIP-122 namespace profiles). */
export const ACCOUNT_KINDS: Readonly<Record<string, string>> = { eip155: 'Ethereum', solana: 'Solana' }

/** The only message version there is. */
export const VERSION = '1'

const FIELDS = [
  ['uri', 'URI'],
  ['version', 'Version'],
  ['chainId', 'Chain ID'],
  ['nonce', 'Nonce'],
  ['issuedAt', 'Issued At'],
  ['expirationTime', 'Expiration Time'],
  ['notBefore', 'Not Before'],
  ['requestId', 'Request ID'],
] as const

/** A nonce: at least 8 letters or digits (EIP-4361). */
const NONCE = /^[A-Za-z0-9]{8,}$/

/** Why a message could not be read. */
export class MessageError extends Error {
  override name = 'MessageError'
}

/**
 * Writes the message a wallet signs. `chainId` is CAIP-2; the message carries its reference (`1`, or a
 * Solana genesis hash), as EIP-4361 and CAIP-122 write it.
 *
 * @example
 * SiwxMessage.format({ domain: 'shop.example', accountAddress: '0xab…', chainId: 'eip155:1',
 *   uri: 'https://shop.example', version: '1', nonce: 'k2Jd8sL0q', issuedAt: new Date().toISOString() })
 */
export function format(data: SiwxMessageData): string {
  const { chainNamespace, chainId } = Caip.parseCaip2(data.chainId)
  const kind = ACCOUNT_KINDS[chainNamespace]
  if (!kind) throw new MessageError(`Sign-in is not defined for ${chainNamespace} accounts`)
  const lines = [`${data.domain} wants you to sign in with your ${kind} account:`, data.accountAddress, '']
  // EIP-4361: `address LF LF [statement LF] LF`.
  lines.push(...(data.statement ? [data.statement, ''] : ['']))
  for (const [key, label] of FIELDS) {
    const value = key === 'chainId' ? chainId : data[key]
    if (value !== undefined) lines.push(`${label}: ${value}`)
  }
  if (data.resources?.length) lines.push('Resources:', ...data.resources.map((resource) => `- ${resource}`))
  return lines.join('\n')
}

/**
 * Reads a message back into its data, strictly: the lines in their order, the required ones present,
 * a known account kind, version 1, a nonce of 8+ letters and digits, ISO-8601 times.
 *
 * @throws MessageError when the text is not a sign-in message.
 * @example
 * const data = SiwxMessage.parse(message) // { domain, accountAddress, chainId: 'eip155:1', nonce, … }
 */
export function parse(message: string): SiwxMessageData {
  const lines = message.split('\n')
  let at = 0
  const next = () => lines[at++]
  const header = /^(?<domain>[^\s]+) wants you to sign in with your (?<kind>[A-Za-z]+) account:$/.exec(
    next() ?? '',
  )
  if (!header?.groups) throw new MessageError('The message does not start with a sign-in line')
  const { domain, kind } = header.groups as { domain: string; kind: string }
  const chainNamespace = Object.keys(ACCOUNT_KINDS).find((namespace) => ACCOUNT_KINDS[namespace] === kind)
  if (!chainNamespace) throw new MessageError(`Unknown account kind: ${kind}`)
  const accountAddress = next()
  if (!accountAddress || /\s/.test(accountAddress))
    throw new MessageError('The message has no account address')
  if (next() !== '') throw new MessageError('A blank line must follow the address')
  let statement: string | undefined
  if (lines[at] !== undefined && !lines[at]?.startsWith('URI: ')) {
    // EIP-4361: with a statement, `statement LF LF`; without one, one more blank line.
    const line = next() as string
    if (line !== '') {
      statement = line
      if (next() !== '') throw new MessageError('A blank line must follow the statement')
    }
  }
  const data: Record<string, string> = {}
  for (const [key, label] of FIELDS) {
    const line = lines[at]
    if (line?.startsWith(`${label}: `)) {
      data[key] = line.slice(label.length + 2)
      at++
    }
  }
  let resources: string[] | undefined
  if (lines[at] === 'Resources:') {
    at++
    resources = []
    while (lines[at]?.startsWith('- ')) resources.push((next() as string).slice(2))
  }
  if (at !== lines.length) throw new MessageError(`Unexpected line ${at + 1}: ${lines[at]}`)
  const { uri, version, chainId, nonce, issuedAt } = data
  if (!uri || !version || !chainId || !nonce || !issuedAt)
    throw new MessageError('The message must have a URI, version, chain id, nonce and issue time')
  if (version !== VERSION) throw new MessageError(`Unknown message version: ${version}`)
  if (!NONCE.test(nonce)) throw new MessageError('The nonce must be at least 8 letters or digits')
  for (const key of ['issuedAt', 'expirationTime', 'notBefore'] as const)
    if (data[key] !== undefined && !isIsoTime(data[key]))
      throw new MessageError(`${key} is not an ISO-8601 time`)
  const caip2 = Caip.formatCaip2(chainNamespace, chainId)
  if (!Caip.Caip2Schema.safeParse(caip2).success) throw new MessageError(`Not a chain id: ${chainId}`)
  return {
    domain,
    accountAddress,
    chainId: caip2,
    uri,
    version,
    nonce,
    issuedAt,
    ...(statement !== undefined ? { statement } : {}),
    ...(data.expirationTime !== undefined ? { expirationTime: data.expirationTime } : {}),
    ...(data.notBefore !== undefined ? { notBefore: data.notBefore } : {}),
    ...(data.requestId !== undefined ? { requestId: data.requestId } : {}),
    ...(resources ? { resources } : {}),
  }
}

/** An RFC 3339 date-time, as EIP-4361 requires. */
function isIsoTime(value: string): boolean {
  return (
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(value) &&
    !Number.isNaN(Date.parse(value))
  )
}
