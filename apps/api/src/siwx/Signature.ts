import type { Siwx } from '@frontdoor/schemas'
import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import { isAddress, isAddressEqual, isHex, recoverMessageAddress } from 'viem'
import * as Clients from '../chains/Clients.js'
import type * as Upstreams from '../rpc/Upstreams.js'

/**
 * Whether `signature` signs `message` for the account the message names:
 * - eip155: an EOA's signature is recovered locally; otherwise viem's `verifyMessage` asks the
 *   message's chain (ERC-1271 for a deployed contract account, ERC-6492 for one not yet deployed);
 * - solana: an ed25519 signature (base58) by the base58 public key.
 * A chain the API has no node for throws {@link Clients.ChainError}.
 *
 * @example
 * if (!(await Signature.verify(deps.upstreams, data, message, signature))) throw refused
 */
export async function verify(
  upstreams: Upstreams.Upstreams,
  data: Siwx.SiwxMessageData,
  message: string,
  signature: string,
): Promise<boolean> {
  const namespace = data.chainId.split(':')[0]
  if (namespace === 'eip155') {
    if (!isAddress(data.accountAddress, { strict: false }) || !isHex(signature)) return false
    // An EOA's signature is recovered here; only a contract account's needs its chain.
    const recovered = await recoverMessageAddress({ message, signature }).catch(() => undefined)
    if (recovered && isAddressEqual(recovered, data.accountAddress)) return true
    const client = Clients.of(upstreams, data.chainId)
    try {
      return await client.verifyMessage({ address: data.accountAddress, message, signature })
    } catch (error) {
      const failed = Clients.chainError(error, data.chainId)
      if (failed.unreachable) throw failed
      return false
    }
  }
  if (namespace === 'solana') {
    try {
      return ed25519.verify(
        base58.decode(signature),
        new TextEncoder().encode(message),
        base58.decode(data.accountAddress),
      )
    } catch {
      return false
    }
  }
  return false
}
