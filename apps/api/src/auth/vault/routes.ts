import { PROVIDER_ERRORS } from '@frontdoor/protocol/errors'
import * as SignRequest from '@frontdoor/protocol/sign-request'
import { Caip } from '@frontdoor/schemas'
import { u8aToU8a } from '@polkadot/util'
import { base58 } from '@scure/base'
import { Hono } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { BaseError, hashTypedData, type TypedDataDefinition } from 'viem'
import * as zm from 'zod/mini'
import * as Balances from '../../account/Balances.js'
import * as Clients from '../../chains/Clients.js'
import type * as Deps from '../../Deps.js'
import * as Validate from '../../http/Validate.js'
import * as Prices from '../../prices/Prices.js'
import * as AuthErrors from '../AuthErrors.js'
import * as Bearer from '../sessions/Bearer.js'
import * as Assets from './Assets.js'
import * as Namespaces from './Namespaces.js'
import * as Transactions from './Transactions.js'
import * as Vault from './Vault.js'

/** The methods the vault signs (the unsafe methods of REFERENCE.md that the embedded wallet supports). */
export const METHODS = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'solana_signMessage',
  'signMessage',
  'polkadot_signMessage',
  'cosmos_signArbitrary',
  'wallet_getAssets',
] as const

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
function namespaceParams<T>(schema: zm.ZodMiniType<T>, params: unknown): T {
  const parsed = zm.safeParse(schema, params)
  if (parsed.success) return parsed.data
  const [issue] = parsed.error.issues
  const where = ['params', ...(issue?.path ?? []).map(String)].join('.')
  throw invalidParams(`${where}: ${issue?.message ?? 'invalid'}`)
}

/** The chain of a namespace's request: its one chain of Namespaces.CHAINS, when the body names one. */
function namespaceChain(namespace: Namespaces.Namespace, chainId: number | string | undefined): string {
  const chain = Namespaces.CHAINS[namespace]
  if (chainId !== undefined && chainId !== chain) throw invalidParams(`chainId: must be ${chain}`)
  return chain
}

const Body = zm.object({
  chainId: zm.optional(zm.union([zm.number(), zm.string().check(zm.maxLength(100))])),
  method: zm.string().check(zm.maxLength(100)),
  params: zm.optional(zm.unknown()),
})

/** How often a send whose nonce another API node's send took first is filled and signed again. */
const NONCE_RETRIES = 3

/** Whether a chain refused a transaction for its nonce: one the account used already, or a pending one's. */
function nonceTaken(error: unknown): boolean {
  const text =
    error instanceof Error ? `${error.message} ${(error as { details?: string }).details ?? ''}` : ''
  return /nonce too low|nonce has already been used|already known|replacement transaction underpriced/i.test(
    text,
  )
}

/** A vault error: an EIP-1193 / JSON-RPC code in the contract's error body. */
function rpcError(status: ContentfulStatusCode, code: number, message: string, data?: unknown) {
  return AuthErrors.fail(status, code, message, data === undefined ? {} : { data })
}

const invalidParams = (detail: string) =>
  rpcError(400, PROVIDER_ERRORS.invalidParams.code, `${PROVIDER_ERRORS.invalidParams.message} ${detail}`)
const notYourAccount = () =>
  rpcError(403, PROVIDER_ERRORS.unauthorized.code, PROVIDER_ERRORS.unauthorized.message)

/** Reads params with one of SignRequest's parsers (the approval screen's reading); a refusal is -32602. */
function read<T>(parse: () => T): T {
  try {
    return parse()
  } catch (error) {
    if (SignRequest.isInvalid(error)) throw rpcError(400, error.code, error.message)
    throw error
  }
}

/** An EVM chain id from the body: a number, a decimal or 0x string, or a CAIP-2 `eip155:<n>`. */
function evmChainId(value: number | string | undefined): number {
  let text = value
  if (typeof value === 'string' && Caip.isCaip2(value)) {
    const caip = Caip.parseCaip2(value)
    text = caip.chainNamespace === 'eip155' ? caip.chainId : undefined
  }
  const chainId = typeof text === 'string' ? Number(text) : text
  if (chainId === undefined || !Number.isSafeInteger(chainId) || chainId <= 0)
    throw invalidParams('chainId: must be the EVM chain id')
  return chainId
}

/**
 * `POST /v1/vault/rpc` (bearer): signs with the session user's keys, only for the user's own addresses.
 * personal_sign and eth_signTypedData_v4 answer the signature; eth_sendTransaction fills nonce, gas and
 * fees from the chain, signs and broadcasts, and answers the hash; solana_signMessage answers
 * `{ signature }` (base58); signMessage (bip122), polkadot_signMessage and cosmos_signArbitrary
 * sign with the accounts of Namespaces.ts (answers as WalletConnect and Keplr give them);
 * wallet_getAssets (EIP-7811) answers the account's assets from the blockchain API's balances.
 */
export function routes(deps: Deps.Deps) {
  const balances = Balances.create({
    orm: deps.db.orm,
    upstreams: deps.upstreams,
    prices: Prices.create({ upstreams: deps.upstreams }),
    networks: deps.config.networks,
    publicUrl: deps.config.publicUrl,
  })

  // One transaction at a time per user in this process, so two sends never take the same nonce here;
  // across API nodes a send whose nonce another node's took first is filled and signed again.
  const sending = new Map<string, Promise<unknown>>()
  const oneAtATime = <T>(userId: string, task: () => Promise<T>): Promise<T> => {
    const previous = sending.get(userId) ?? Promise.resolve()
    const next = previous.then(task, task)
    const settled = next.catch(() => {})
    sending.set(userId, settled)
    settled.then(() => {
      if (sending.get(userId) === settled) sending.delete(userId)
    })
    return next
  }

  /** A chain's JSON-RPC error goes back with its code (400); no node that answered is a 502. */
  const chainFailure =
    (chain: string) =>
    (error: unknown): never => {
      if (!(error instanceof BaseError || error instanceof Clients.ChainError)) throw error
      const failure = Clients.chainError(error, chain)
      throw rpcError(failure.unreachable ? 502 : 400, failure.code, failure.message, failure.data)
    }

  return new Hono<Bearer.Env>().post(
    '/v1/vault/rpc',
    Bearer.required(deps),
    Validate.json(Body),
    async (c) => {
      const body = c.req.valid('json')
      const { userId } = c.get('session')
      const { db } = deps
      const { vault } = deps.auth
      const addresses = await Vault.ensureKeys(db, vault, userId)
      const isMine = (address: string) => address.toLowerCase() === addresses.evm.toLowerCase()

      switch (body.method) {
        case 'personal_sign': {
          const chainId = evmChainId(body.chainId)
          const { message, address } = read(() => SignRequest.personalMessage(body.params))
          if (!isMine(address)) throw notYourAccount()
          return c.json({
            result: await Vault.personalSign(db, vault, userId, {
              chain: Caip.formatCaip2('eip155', chainId),
              message,
            }),
          })
        }
        case 'eth_signTypedData_v4': {
          const chainId = evmChainId(body.chainId)
          const { address, typedData } = read(() => SignRequest.typedData(body.params))
          if (!isMine(address)) throw notYourAccount()
          const domainChainId = typedData.domain?.chainId
          if (domainChainId !== undefined && Number(domainChainId) !== chainId)
            throw invalidParams(
              `params.1: the domain's chainId ${String(domainChainId)} is not the active chain ${chainId}`,
            )
          const definition = typedData as unknown as TypedDataDefinition
          try {
            hashTypedData(definition)
          } catch (error) {
            throw invalidParams(`params.1: ${(error as Error).message.split('\n')[0]}`)
          }
          return c.json({
            result: await Vault.signTypedData(db, vault, userId, {
              chain: Caip.formatCaip2('eip155', chainId),
              typedData: definition,
            }),
          })
        }
        case 'eth_sendTransaction': {
          const chainId = evmChainId(body.chainId)
          const chain = Caip.formatCaip2('eip155', chainId)
          const request = read(() => SignRequest.transaction(body.params))
          if (!isMine(request.from)) throw notYourAccount()
          if (request.chainId !== undefined && request.chainId !== chainId)
            throw invalidParams(`params.0.chainId: ${request.chainId} is not the active chain ${chainId}`)
          if (!deps.upstreams.has(chain))
            throw rpcError(
              400,
              PROVIDER_ERRORS.chainDisconnected.code,
              PROVIDER_ERRORS.chainDisconnected.message,
              {
                chainId: chain,
              },
            )
          const client = Clients.of(deps.upstreams, chain)
          const hash = await oneAtATime(userId, async () => {
            for (let attempt = 0; ; attempt++) {
              const transaction = await Transactions.prepare(client, chainId, request).catch(
                chainFailure(chain),
              )
              const signed = await Vault.signTransaction(db, vault, userId, { chain, transaction })
              try {
                return await client.sendRawTransaction({ serializedTransaction: signed })
              } catch (error) {
                // Another API node's send took the nonce first: fill it again (the request left it out).
                if (request.nonce === undefined && attempt < NONCE_RETRIES && nonceTaken(error)) continue
                return chainFailure(chain)(error)
              }
            }
          })
          return c.json({ result: hash })
        }
        case 'solana_signMessage': {
          const { message, pubkey } = read(() => SignRequest.solanaParams(body.params))
          if (pubkey !== addresses.solana) throw notYourAccount()
          let bytes: Uint8Array
          try {
            bytes = base58.decode(message)
          } catch {
            throw invalidParams(SignRequest.REFUSALS.solanaBase58)
          }
          read(() => SignRequest.solanaMessage(bytes))
          const chain =
            typeof body.chainId === 'string' &&
            Caip.isCaip2(body.chainId) &&
            Caip.parseCaip2(body.chainId).chainNamespace === 'solana'
              ? body.chainId
              : 'solana'
          const signature = await Vault.solanaSignMessage(db, vault, userId, { chain, message: bytes })
          return c.json({ result: { signature: base58.encode(signature) } })
        }
        case 'signMessage': {
          const chain = namespaceChain('bip122', body.chainId)
          const params = namespaceParams(BitcoinSignMessageParams, body.params)
          const mine = await Vault.namespaceAddresses(db, vault, userId)
          if (params.account !== mine.bip122 || (params.address ?? mine.bip122) !== mine.bip122)
            throw notYourAccount()
          const result = await Vault.bitcoinSignMessage(db, vault, userId, { chain, message: params.message })
          return c.json({ result })
        }
        case 'polkadot_signMessage': {
          const chain = namespaceChain('polkadot', body.chainId)
          const params = namespaceParams(PolkadotSignMessageParams, body.params)
          const mine = await Vault.namespaceAddresses(db, vault, userId)
          if (params.address !== mine.polkadot) throw notYourAccount()
          const message = u8aToU8a(params.message)
          const result = await Vault.polkadotSignMessage(db, vault, userId, { chain, message })
          return c.json({ result })
        }
        case 'cosmos_signArbitrary': {
          const chain = namespaceChain('cosmos', body.chainId)
          const params = namespaceParams(CosmosSignArbitraryParams, body.params)
          const mine = await Vault.namespaceAddresses(db, vault, userId)
          if (params.signerAddress !== mine.cosmos) throw notYourAccount()
          const data = new TextEncoder().encode(params.data)
          const result = await Vault.cosmosSignArbitrary(db, vault, userId, { chain, data })
          return c.json({ result })
        }
        case 'wallet_getAssets': {
          const parsed = zm.safeParse(Assets.Params, body.params)
          if (!parsed.success)
            throw invalidParams(`params.0: ${parsed.error.issues[0]?.message ?? 'must be { account }'}`)
          const [request] = parsed.data
          if (!isMine(request.account)) throw notYourAccount()
          const served = deps.upstreams.chains().filter((chain) => chain.startsWith('eip155:'))
          const chainIds = Assets.chainsOf(request, served)
          const held = chainIds.length
            ? await balances.of({ address: addresses.evm, chainIds }).catch(chainFailure(chainIds.join(',')))
            : []
          return c.json({ result: Assets.answer(held, request) })
        }
        default:
          throw rpcError(
            400,
            PROVIDER_ERRORS.unsupportedMethod.code,
            PROVIDER_ERRORS.unsupportedMethod.message,
            {
              method: body.method,
              supported: METHODS,
            },
          )
      }
    },
  )
}
