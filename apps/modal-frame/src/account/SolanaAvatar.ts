import { base58Decode } from '@frontdoor/protocol/solana-transfer'

/**
 * What the generated avatar (ui/Avatar, which reads an address's hex digits) is given for a Solana
 * address: the hex of its first bytes, so a base58 address gets its own colors too.
 *
 * @example SolanaAvatar.seed('11111111111111111111111111111111') // '0000000000000000'
 */
export function seed(address: string): string {
  try {
    return [...base58Decode(address).slice(0, 8)].map((b) => b.toString(16).padStart(2, '0')).join('')
  } catch {
    return ''
  }
}
