import * as EoaSignatures from '@frontdoor/protocol/eoa-signatures'
import * as SignRequest from '@frontdoor/protocol/sign-request'
import { Caip } from '@frontdoor/schemas'
import { hashTypedData, type TypedDataDefinition } from 'viem'
import * as Refusals from './Refusals.js'
import type * as Request from './Request.js'
import * as SmartAccounts from './SmartAccounts.js'
import * as Vault from './Vault.js'

/**
 * The vault's EVM signatures: `personal_sign` and `eth_signTypedData_v4` answer the signature of the
 * user's EOA, or of its smart account (ERC-1271, signed by the EOA as its owner). The EOA signs
 * nothing its smart account could take for its own (EoaSignatures).
 */

/** `personal_sign`: an EIP-191 signature. */
const personalSign: Request.Handler = async (request) => {
  const { body, db, vault, userId } = request
  const chainId = Refusals.evmChainId(body.chainId)
  const { message, address } = Refusals.read(() => SignRequest.personalMessage(body.params))
  if (!request.isMine(address)) throw Refusals.notYourAccount()
  if (request.isSmart(address)) {
    const context = request.smart(chainId, body.method)
    return SmartAccounts.signMessage(context, message).catch(Refusals.chainFailure(context.chain))
  }
  // The EOA signs no bare 32-byte hash: it could be its smart account's user operation.
  Refusals.read(() => EoaSignatures.checkEoa({ method: 'personal_sign', message }, request.smartAccount))
  return Vault.personalSign(db, vault, userId, { chain: Caip.formatCaip2('eip155', chainId), message })
}

/** `eth_signTypedData_v4`: an EIP-712 signature, of typed data in the active chain's domain. */
const signTypedData: Request.Handler = async (request) => {
  const { body, db, vault, userId } = request
  const chainId = Refusals.evmChainId(body.chainId)
  const { address, typedData } = Refusals.read(() => SignRequest.typedData(body.params))
  if (!request.isMine(address)) throw Refusals.notYourAccount()
  const domainChainId = typedData.domain?.chainId
  if (domainChainId !== undefined && Number(domainChainId) !== chainId)
    throw Refusals.invalidParams(
      `params.1: the domain's chainId ${String(domainChainId)} is not the active chain ${chainId}`,
    )
  const definition = typedData as unknown as TypedDataDefinition
  try {
    hashTypedData(definition)
  } catch (error) {
    throw Refusals.invalidParams(`params.1: ${(error as Error).message.split('\n')[0]}`)
  }
  if (request.isSmart(address)) {
    const context = request.smart(chainId, body.method)
    return SmartAccounts.signTypedData(context, definition).catch(Refusals.chainFailure(context.chain))
  }
  // Nor typed data in its smart account's domain or of its types (its ERC-1271 signature of any hash).
  Refusals.read(() =>
    EoaSignatures.checkEoa({ method: 'eth_signTypedData_v4', ...typedData }, request.smartAccount),
  )
  return Vault.signTypedData(db, vault, userId, {
    chain: Caip.formatCaip2('eip155', chainId),
    typedData: definition,
  })
}

/** The EVM signing methods' handlers. */
export const handlers = {
  personal_sign: personalSign,
  eth_signTypedData_v4: signTypedData,
} satisfies Record<string, Request.Handler>
