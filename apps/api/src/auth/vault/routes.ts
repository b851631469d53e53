import * as Calls from '@frontdoor/protocol/calls'
import * as EoaSignatures from '@frontdoor/protocol/eoa-signatures'
import { PROVIDER_ERRORS } from '@frontdoor/protocol/errors'
import * as SignRequest from '@frontdoor/protocol/sign-request'
import { Caip } from '@frontdoor/schemas'
import * as SchemaErrors from '@frontdoor/schemas/errors'
import { u8aToU8a } from '@polkadot/util'
import { base58 } from '@scure/base'
import { Hono, type MiddlewareHandler } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { BaseError, type Hex, hashTypedData, type TypedDataDefinition } from 'viem'
import * as zm from 'zod/mini'
import * as Balances from '../../account/Balances.js'
import * as Clients from '../../chains/Clients.js'
import type * as Deps from '../../Deps.js'
import * as RateLimiter from '../../http/RateLimiter.js'
import * as Validate from '../../http/Validate.js'
import * as AuthErrors from '../AuthErrors.js'
import * as Login from '../Login.js'
import * as Bearer from '../sessions/Bearer.js'
import * as Users from '../users/Users.js'
import * as Assets from './Assets.js'
import * as EoaCalls from './EoaCalls.js'
import * as Namespaces from './Namespaces.js'
import * as SmartAccounts from './SmartAccounts.js'
import * as SolanaTransactions from './SolanaTransactions.js'
import * as Vault from './Vault.js'

/** The methods the vault signs (the unsafe methods of REFERENCE.md that the embedded wallet supports). */
export const METHODS = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAllTransactions',
  'solana_signAndSendTransaction',
  'signMessage',
  'polkadot_signMessage',
  'cosmos_signArbitrary',
  'wallet_getAssets',
  'wallet_sendCalls',
  'wallet_getCallsStatus',
  'wallet_getCapabilities',
] as const

/** The methods that sign nothing: they draw on the vault's read budget (`vaultReadsPerUser`). */
const READ_METHODS: ReadonlySet<string> = new Set<(typeof METHODS)[number]>([
  'wallet_getAssets',
  'wallet_getCallsStatus',
  'wallet_getCapabilities',
])

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

/** A vault error: an EIP-1193 / JSON-RPC code in the contract's error body. */
function rpcError(status: ContentfulStatusCode, code: number, message: string, data?: unknown) {
  return AuthErrors.fail(status, code, message, data === undefined ? {} : { data })
}

const invalidParams = (detail: string) =>
  rpcError(400, PROVIDER_ERRORS.invalidParams.code, `${PROVIDER_ERRORS.invalidParams.message} ${detail}`)
const notYourAccount = () =>
  rpcError(403, PROVIDER_ERRORS.unauthorized.code, PROVIDER_ERRORS.unauthorized.message)

/** EIP-5792 params read with protocol's calls rules; -32602 naming the field otherwise. */
function callsParams(method: Calls.Method, params: unknown): unknown[] {
  try {
    return Calls.checkParams(method, params)
  } catch (error) {
    const data = (error as { data?: { field?: string; reason?: string } }).data
    throw invalidParams(`params.${data?.field ?? ''}: ${data?.reason ?? 'invalid'}`)
  }
}

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
 * `{ signature }` (base58); the Solana transaction methods sign with the same key (SolanaTransactions.ts:
 * solana_signAndSendTransaction also sends); signMessage (bip122), polkadot_signMessage and cosmos_signArbitrary
 * sign with the accounts of Namespaces.ts (answers as WalletConnect and Keplr give them);
 * wallet_getAssets (EIP-7811) answers the account's assets from the blockchain API's balances.
 */
export function routes(deps: Deps.Deps) {
  const { balances } = Balances.shared(deps)

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

  // The reads cost the chain's nodes (a batch's status: one receipt per call): a budget per user.
  const reads = RateLimiter.budget(
    deps.limiter,
    deps.config.limits.vaultReadsPerUser,
  )((c) => `vault:reads:${(c.get('session' as never) as Bearer.Env['Variables']['session']).userId}`)
  const readLimit: MiddlewareHandler<Bearer.Env> = async (c, next) => {
    const { method } = c.req.valid('json' as never) as { method: string }
    return READ_METHODS.has(method) ? reads(c, next) : next()
  }

  return new Hono<Bearer.Env>().post(
    '/v1/vault/rpc',
    Bearer.required(deps),
    Validate.json(Body),
    readLimit,
    async (c) => {
      const body = c.req.valid('json')
      const { userId } = c.get('session')
      const { db } = deps
      const { vault } = deps.auth
      const addresses = await Vault.ensureKeys(db, vault, userId)
      // The EOA, and the smart account it owns (SmartAccounts.ts): both are the user's.
      const smartAccount = SmartAccounts.addressOf(addresses.evm)
      const isSmart = (address: string) => address.toLowerCase() === smartAccount.toLowerCase()
      const isMine = (address: string) =>
        address.toLowerCase() === addresses.evm.toLowerCase() || isSmart(address)
      /** The user's current EVM account on `chainId` (Login.accountOn: the EOA where no bundler is). */
      const current = async (chainId: number) => {
        const chain = Caip.formatCaip2('eip155', chainId)
        const preferred = (await Users.get(db, userId))?.preferredAccountType
        return Login.accountOn(preferred, addresses.evm, Login.smartAccountOn(deps.config, chain)).address
      }
      /** The smart account's request on `chainId`: 4901 where the API has no bundler (no smart account there). */
      const smart = (chainId: number, method: string): SmartAccounts.Context => {
        const chain = Caip.formatCaip2('eip155', chainId)
        if (!SmartAccounts.enabled(deps.config, chain) || !deps.upstreams.has(chain))
          throw rpcError(
            400,
            PROVIDER_ERRORS.chainDisconnected.code,
            PROVIDER_ERRORS.chainDisconnected.message,
            { chainId: chain, reason: 'no smart account on this chain' },
          )
        return { deps, userId, eoa: addresses.evm, chain, method }
      }

      /** Signs a filled transaction of the EOA on `chain` (logged as eth_sendTransaction). */
      const signWith =
        (chain: string) => (transaction: Parameters<typeof Vault.signTransaction>[3]['transaction']) =>
          Vault.signTransaction(db, vault, userId, { chain, transaction })

      switch (body.method) {
        case 'personal_sign': {
          const chainId = evmChainId(body.chainId)
          const { message, address } = read(() => SignRequest.personalMessage(body.params))
          if (!isMine(address)) throw notYourAccount()
          if (isSmart(address)) {
            const context = smart(chainId, body.method)
            const result = await SmartAccounts.signMessage(context, message).catch(
              chainFailure(context.chain),
            )
            return c.json({ result })
          }
          // The EOA signs no bare 32-byte hash: it could be its smart account's user operation.
          read(() => EoaSignatures.checkEoa({ method: 'personal_sign', message }, smartAccount))
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
          if (isSmart(address)) {
            const context = smart(chainId, body.method)
            const result = await SmartAccounts.signTypedData(context, definition).catch(
              chainFailure(context.chain),
            )
            return c.json({ result })
          }
          // Nor typed data in its smart account's domain or of its types (its ERC-1271 signature of any hash).
          read(() => EoaSignatures.checkEoa({ method: 'eth_signTypedData_v4', ...typedData }, smartAccount))
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
            throw invalidParams(SignRequest.REFUSALS.otherChain(request.chainId, chainId))
          if (!deps.upstreams.has(chain))
            throw rpcError(
              400,
              PROVIDER_ERRORS.chainDisconnected.code,
              PROVIDER_ERRORS.chainDisconnected.message,
              {
                chainId: chain,
              },
            )
          if (isSmart(request.from)) {
            // One user operation: the first deploys the account. The answer is the hash of the
            // transaction that carried it, which eth_getTransactionReceipt finds.
            if (!request.to)
              throw invalidParams('params.0.to: a smart account sends calls, not contract creations')
            const context = smart(chainId, body.method)
            const call = { to: request.to, value: request.value, data: request.data }
            const sent = await oneAtATime(userId, () => SmartAccounts.send(context, [call])).catch(
              chainFailure(chain),
            )
            if (!sent.success)
              throw rpcError(400, PROVIDER_ERRORS.internalError.code, SchemaErrors.EXECUTION_REVERTED, {
                hash: sent.transactionHash,
                userOpHash: sent.userOpHash,
              })
            return c.json({ result: sent.transactionHash })
          }
          // Filled from the chain, signed, broadcast; a nonce another API node took first is filled again.
          const hash = await oneAtATime(userId, () =>
            EoaCalls.sendTransaction(Clients.of(deps.upstreams, chain), chainId, request, signWith(chain)),
          ).catch(chainFailure(chain))
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
        case 'solana_signTransaction':
        case 'solana_signAllTransactions':
        case 'solana_signAndSendTransaction': {
          const result = await SolanaTransactions.handle({
            db,
            vault,
            userId,
            address: addresses.solana,
            upstreams: deps.upstreams,
            method: body.method,
            chainId: body.chainId,
            params: body.params,
          })
          return c.json({ result })
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
            ? await balances
                .of({ address: request.account as Hex, chainIds })
                .catch(chainFailure(chainIds.join(',')))
            : []
          return c.json({ result: Assets.answer(held, request) })
        }
        case 'wallet_sendCalls': {
          const chainId = evmChainId(body.chainId)
          const [request] = callsParams('wallet_sendCalls', body.params) as [Calls.SendCalls]
          if (request.version !== Calls.VERSION)
            throw invalidParams(`params.0.version: must be ${Calls.VERSION}`)
          if (Number(request.chainId) !== chainId)
            throw invalidParams(SignRequest.REFUSALS.otherChain(request.chainId, chainId))
          // The batch id is the user operation's hash: a page-chosen one could not be found again, so
          // it is refused rather than ignored. A non-optional capability is 5700 (EIP-5792): none is provided.
          if (request.id !== undefined)
            throw invalidParams('params.0.id: this wallet chooses the batch id (the user operation hash)')
          const required = Calls.requiredCapabilities(request)
          if (required.length)
            throw rpcError(
              400,
              Calls.ERRORS.unsupportedNonOptionalCapability.code,
              Calls.ERRORS.unsupportedNonOptionalCapability.message,
              { capabilities: required },
            )
          // Without `from`, the account the user has now (the auth frame names it, as its screen shows it).
          const from = request.from ?? (await current(chainId))
          if (!isMine(from)) throw notYourAccount()
          if (!isSmart(from)) {
            // The EOA sends one transaction at a time: no atomic batch (EIP-5792 5760); a batch that
            // allows it runs call by call, stopping at the first failure (EoaCalls.ts).
            if (request.atomicRequired)
              throw rpcError(
                400,
                Calls.ERRORS.atomicityNotSupported.code,
                Calls.ERRORS.atomicityNotSupported.message,
                {
                  reason:
                    'the EOA sends one transaction at a time; switch to the smart account for an atomic batch',
                },
              )
            const chain = Caip.formatCaip2('eip155', chainId)
            if (!deps.upstreams.has(chain))
              throw rpcError(
                400,
                PROVIDER_ERRORS.chainDisconnected.code,
                PROVIDER_ERRORS.chainDisconnected.message,
                { chainId: chain },
              )
            const calls = request.calls.map((call) => ({
              ...(call.to ? { to: call.to as Hex } : {}),
              value: Calls.amount(call),
              data: (call.data ?? '0x') as Hex,
            }))
            // Answered once the first call is broadcast; the others follow in the background, each
            // broadcast under the user's send lock, never the whole batch (EoaCalls.ts).
            const id = await EoaCalls.start(
              {
                orm: db.orm,
                logger: deps.logger,
                client: Clients.of(deps.upstreams, chain),
                chainId,
                userId,
                from: addresses.evm,
                sign: signWith(chain),
                lock: (task) => oneAtATime(userId, task),
              },
              calls,
            ).catch(chainFailure(chain))
            return c.json({ result: { id } })
          }
          const calls = request.calls.map((call, i) => {
            if (!call.to) throw invalidParams(`params.0.calls.${i}.to: required (no contract creation)`)
            return {
              to: call.to as Hex,
              value: Calls.amount(call),
              data: (call.data ?? '0x') as Hex,
            }
          })
          const context = smart(chainId, body.method)
          const sent = await oneAtATime(userId, () => SmartAccounts.send(context, calls)).catch(
            chainFailure(context.chain),
          )
          return c.json({ result: { id: sent.userOpHash } })
        }
        case 'wallet_getCallsStatus': {
          const [id] = callsParams('wallet_getCallsStatus', body.params) as [string]
          // A batch the EOA sent call by call: its stored row, only the user's own.
          const eoaBatch = await EoaCalls.find(db.orm, userId, id)
          if (eoaBatch) {
            const chain = Caip.formatCaip2('eip155', eoaBatch.chainId)
            if (!deps.upstreams.has(chain))
              throw rpcError(400, Calls.ERRORS.unknownBundleId.code, Calls.ERRORS.unknownBundleId.message)
            const result = await EoaCalls.callsStatus(
              db.orm,
              Clients.of(deps.upstreams, chain),
              eoaBatch,
            ).catch(chainFailure(chain))
            return c.json({ result })
          }
          const found = /^0x[0-9a-fA-F]{64}$/.test(id)
            ? await SmartAccounts.find(deps, id as Hex).catch(chainFailure('the bundlers'))
            : undefined
          if (!found || !isSmart(found.receipt.sender))
            throw rpcError(400, Calls.ERRORS.unknownBundleId.code, Calls.ERRORS.unknownBundleId.message)
          const chainId = Number(Caip.parseCaip2(found.chain).chainId)
          return c.json({ result: SmartAccounts.callsStatus(id, chainId, found.receipt) })
        }
        case 'wallet_getCapabilities': {
          // Atomic batches on the chains with the smart account, for the smart account; none for the EOA.
          const [account, asked] = callsParams('wallet_getCapabilities', body.params) as [
            string | null | undefined,
            string[] | undefined,
          ]
          if (account && !isMine(account)) throw notYourAccount()
          // Without an account: the user's current one on each chain (the EOA if they switched to it).
          // Every EVM chain the API reaches: the EOA sends there (call by call); the smart account
          // only where a bundler is (it does not exist elsewhere, so that chain is left out for it).
          const served = [...new Set([...deps.upstreams.chains(), ...SmartAccounts.chains(deps.config)])]
            .filter((chain) => chain.startsWith('eip155:'))
            .map((chain) => Number(Caip.parseCaip2(chain).chainId))
          const result: Record<string, { atomic: { status: Calls.Atomic } }> = {}
          for (const id of served) {
            const hex = `0x${id.toString(16)}`
            if (asked && !asked.some((chainId) => Number(chainId) === id)) continue
            const smartHere = isSmart(account || (await current(id)))
            const bundled = SmartAccounts.enabled(deps.config, Caip.formatCaip2('eip155', id))
            if (smartHere && !bundled) continue
            result[hex] = {
              atomic: { status: smartHere ? Calls.ATOMIC.supported : Calls.ATOMIC.unsupported },
            }
          }
          return c.json({ result })
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
