import type * as Policy from '@frontdoor/protocol/policy'
import * as SignRequest from '@frontdoor/protocol/sign-request'
import * as z from 'zod/mini'
import type * as Summary from './Summary.js'

/**
 * The message signing of the embedded wallet's Bitcoin, Polkadot and Cosmos accounts
 * (Policy.NAMESPACE_METHODS), read as the vault reads it (apps/api/src/auth/vault/routes.ts): bip122
 * `signMessage` `{account, address?, message, protocol?: 'ecdsa'}` (BIP-137), `polkadot_signMessage`
 * `{address, message}` (0x-hex bytes or text), `cosmos_signArbitrary` `{signerAddress, data}` (ADR-36).
 * A request the vault would refuse is -32602 naming the field, never shown.
 */

/** A method of this module. */
export type Method = (typeof Policy.NAMESPACE_METHODS)[number]

const text = z
  .string()
  .check(z.minLength(1), z.maxLength(SignRequest.SIGNED_CONTENT_MAX_CHARS, SignRequest.REFUSALS.tooLong))
const address = z.string().check(z.minLength(1), z.maxLength(100))

const PARAMS = {
  signMessage: z.object({
    account: address,
    address: z.optional(address),
    message: text,
    protocol: z.optional(
      z.enum(['ecdsa'], { error: 'only ecdsa (a BIP-137 signed message) is supported, not bip322' }),
    ),
  }),
  polkadot_signMessage: z.object({ address, message: text }),
  cosmos_signArbitrary: z.object({ signerAddress: address, data: text }),
} as const

/** The network each signs on, as the screen names it. */
const NETWORKS: Record<Method, string> = {
  signMessage: 'Bitcoin',
  polkadot_signMessage: 'Polkadot',
  cosmos_signArbitrary: 'Cosmos Hub',
}

/** Printable UTF-8 of 0x-hex bytes, or the hex itself. */
function shownBytes(message: string): string {
  if (!/^0x([0-9a-fA-F]{2})*$/.test(message)) return message
  const bytes = new Uint8Array((message.length - 2) / 2)
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(message.slice(2 + i * 2, 4 + i * 2), 16)
  try {
    const decoded = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for
    return /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(decoded) ? message : decoded
  } catch {
    return message
  }
}

/**
 * The request read: the address it signs with and the message as the screen shows it. Throws -32602
 * naming the field for a request the vault refuses.
 */
export function read(method: Method, params: unknown): { signer: string; message: string } {
  const parsed = z.safeParse(PARAMS[method] as z.ZodMiniType<Record<string, string | undefined>>, params)
  if (!parsed.success) {
    const [issue] = parsed.error.issues
    throw SignRequest.invalid(
      `${['params', ...(issue?.path ?? []).map(String)].join('.')}: ${issue?.message}`,
    )
  }
  const p = parsed.data
  if (method === 'signMessage') {
    if (p.address !== undefined && p.address !== p.account)
      throw SignRequest.invalid('params.address: must be the account')
    return { signer: p.account as string, message: p.message as string }
  }
  if (method === 'polkadot_signMessage')
    return { signer: p.address as string, message: shownBytes(p.message as string) }
  return { signer: p.signerAddress as string, message: p.data as string }
}

/** What the approval screen shows: the method, the account, the network and the message in full. */
export function describe(method: Method, params: unknown): Summary.Summary {
  const { signer, message } = read(method, params)
  return {
    title: 'Sign message',
    rows: [
      { label: 'Method', value: method },
      { label: 'From', value: signer },
      { label: 'Network', value: NETWORKS[method] },
    ],
    detail: { label: 'Message', text: message },
  }
}
