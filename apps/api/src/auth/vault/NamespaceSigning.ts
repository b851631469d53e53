import * as SignRequest from '@frontdoor/protocol/sign-request'
import { u8aToU8a } from '@polkadot/util'
import * as zm from 'zod/mini'
import * as NamespaceKeys from './NamespaceKeys.js'
import * as Namespaces from './Namespaces.js'
import * as Refusals from './Refusals.js'
import type * as Request from './Request.js'

/**
 * The vault's signatures in the other namespaces, with the accounts of Namespaces.ts: bip122
 * `signMessage`, `polkadot_signMessage` and `cosmos_signArbitrary`, answered as WalletConnect and
 * Keplr give them.
 */

/** Signed text: at most what the approval screen shows. */
const signedText = zm.string().check(zm.minLength(1), zm.maxLength(SignRequest.SIGNED_CONTENT_MAX_CHARS))
const addressParam = zm.string().check(zm.maxLength(100))

/** bip122 `signMessage` as WalletConnect names it; only the `ecdsa` protocol (BIP-137) is signed. */
const BitcoinSignMessageParams = zm.object({
  account: addressParam,
  address: zm.optional(addressParam),
  message: signedText,
  protocol: zm.optional(
    zm.enum(['ecdsa'], { error: 'only ecdsa (a BIP-137 signed message) is supported, not bip322' }),
  ),
})
/** `polkadot_signMessage`: the message is 0x-hex bytes, or text otherwise. */
const PolkadotSignMessageParams = zm.object({ address: addressParam, message: signedText })
/** `cosmos_signArbitrary` (Keplr's signArbitrary): the data is text, signed as its UTF-8 bytes. */
const CosmosSignArbitraryParams = zm.object({ signerAddress: addressParam, data: signedText })

/** The params of a method in the namespaces of Namespaces.ts, or the -32602 naming the bad field. */
function paramsOf<T>(schema: zm.ZodMiniType<T>, params: unknown): T {
  const parsed = zm.safeParse(schema, params)
  if (parsed.success) return parsed.data
  const [issue] = parsed.error.issues
  const where = ['params', ...(issue?.path ?? []).map(String)].join('.')
  throw Refusals.invalidParams(`${where}: ${issue?.message ?? 'invalid'}`)
}

/** The chain of a namespace's request: its one chain of Namespaces.CHAINS, when the body names one. */
function chainOf(namespace: Namespaces.Namespace, chainId: number | string | undefined): string {
  const chain = Namespaces.CHAINS[namespace]
  if (chainId !== undefined && chainId !== chain) throw Refusals.invalidParams(`chainId: must be ${chain}`)
  return chain
}

/** bip122 `signMessage`: a BIP-137 signed message of the user's account. */
const bitcoinSignMessage: Request.Handler = async ({ body, db, vault, userId }) => {
  const chain = chainOf('bip122', body.chainId)
  const params = paramsOf(BitcoinSignMessageParams, body.params)
  const mine = await NamespaceKeys.namespaceAddresses(db, vault, userId)
  if (params.account !== mine.bip122 || (params.address ?? mine.bip122) !== mine.bip122)
    throw Refusals.notYourAccount()
  return NamespaceKeys.bitcoinSignMessage(db, vault, userId, { chain, message: params.message })
}

/** `polkadot_signMessage`: an sr25519 signature of the message's bytes. */
const polkadotSignMessage: Request.Handler = async ({ body, db, vault, userId }) => {
  const chain = chainOf('polkadot', body.chainId)
  const params = paramsOf(PolkadotSignMessageParams, body.params)
  const mine = await NamespaceKeys.namespaceAddresses(db, vault, userId)
  if (params.address !== mine.polkadot) throw Refusals.notYourAccount()
  const message = u8aToU8a(params.message)
  return NamespaceKeys.polkadotSignMessage(db, vault, userId, { chain, message })
}

/** `cosmos_signArbitrary`: an ADR-36 signature of the data's UTF-8 bytes. */
const cosmosSignArbitrary: Request.Handler = async ({ body, db, vault, userId }) => {
  const chain = chainOf('cosmos', body.chainId)
  const params = paramsOf(CosmosSignArbitraryParams, body.params)
  const mine = await NamespaceKeys.namespaceAddresses(db, vault, userId)
  if (params.signerAddress !== mine.cosmos) throw Refusals.notYourAccount()
  const data = new TextEncoder().encode(params.data)
  return NamespaceKeys.cosmosSignArbitrary(db, vault, userId, { chain, data })
}

/** The other namespaces' handlers. */
export const handlers = {
  signMessage: bitcoinSignMessage,
  polkadot_signMessage: polkadotSignMessage,
  cosmos_signArbitrary: cosmosSignArbitrary,
} satisfies Record<string, Request.Handler>
