import * as Calls from '@frontdoor/protocol/calls'
import { PROVIDER_ERRORS } from '@frontdoor/protocol/errors'
import * as SignRequest from '@frontdoor/protocol/sign-request'
import { Caip } from '@frontdoor/schemas'
import * as SchemaErrors from '@frontdoor/schemas/errors'
import type { Hex } from 'viem'
import * as zm from 'zod/mini'
import * as Balances from '../../account/Balances.js'
import * as Clients from '../../chains/Clients.js'
import * as JsonRpcRoute from '../../rpc/JsonRpcRoute.js'
import * as Assets from './Assets.js'
import * as EoaCalls from './EoaCalls.js'
import * as Refusals from './Refusals.js'
import type * as Request from './Request.js'
import * as SmartAccounts from './SmartAccounts.js'

/**
 * The vault's transactions and calls: `eth_sendTransaction` fills nonce, gas and fees from the chain,
 * signs and broadcasts, and answers the hash (a user operation for the smart account); the EIP-5792
 * calls (`wallet_sendCalls`, `wallet_getCallsStatus`, `wallet_getCapabilities`), an atomic batch for the
 * smart account and call by call for the EOA (EoaCalls.ts); `wallet_getAssets` (EIP-7811) answers the
 * account's assets from the blockchain API's balances.
 */

/** EIP-5792 params read with protocol's calls rules; -32602 naming the field otherwise. */
function callsParams(method: Calls.Method, params: unknown): unknown[] {
  try {
    return Calls.checkParams(method, params)
  } catch (error) {
    const data = (error as { data?: { field?: string; reason?: string } }).data
    throw Refusals.invalidParams(`params.${data?.field ?? ''}: ${data?.reason ?? 'invalid'}`)
  }
}

/** The EIP-5792 refusal `error` (5700, 5760, ...), with its `data`. */
function callsError(error: { code: number; message: string }, data?: Record<string, unknown>) {
  return JsonRpcRoute.fail(400, error.code, error.message, data)
}

/** `eth_sendTransaction`: the hash of the transaction that carried it. */
const sendTransaction: Request.Handler = async (request) => {
  const { body, deps } = request
  const chainId = Refusals.evmChainId(body.chainId)
  const chain = Caip.formatCaip2('eip155', chainId)
  const transaction = Refusals.read(() => SignRequest.transaction(body.params))
  if (!request.isMine(transaction.from)) throw Refusals.notYourAccount()
  if (transaction.chainId !== undefined && transaction.chainId !== chainId)
    throw Refusals.invalidParams(SignRequest.REFUSALS.otherChain(transaction.chainId, chainId))
  if (!deps.upstreams.has(chain)) throw Refusals.chainDisconnected({ chainId: chain })
  if (request.isSmart(transaction.from)) {
    // One user operation: the first deploys the account. The answer is the hash of the
    // transaction that carried it, which eth_getTransactionReceipt finds.
    if (!transaction.to)
      throw Refusals.invalidParams('params.0.to: a smart account sends calls, not contract creations')
    const context = request.smart(chainId, body.method)
    const call = { to: transaction.to, value: transaction.value, data: transaction.data }
    const sent = await request
      .oneAtATime(() => SmartAccounts.send(context, [call]))
      .catch(Refusals.chainFailure(chain))
    if (!sent.success)
      throw JsonRpcRoute.fail(400, PROVIDER_ERRORS.internalError.code, SchemaErrors.EXECUTION_REVERTED, {
        hash: sent.transactionHash,
        userOpHash: sent.userOpHash,
      })
    return sent.transactionHash
  }
  // Filled from the chain, signed, broadcast; a nonce another API node took first is filled again.
  return request
    .oneAtATime(() =>
      EoaCalls.sendTransaction(
        Clients.of(deps.upstreams, chain),
        chainId,
        transaction,
        request.signWith(chain),
      ),
    )
    .catch(Refusals.chainFailure(chain))
}

/** `wallet_sendCalls`: `{ id }`, the batch's id (the user operation's hash, or the EOA's stored batch). */
const sendCalls: Request.Handler = async (request) => {
  const { body, deps, userId } = request
  const chainId = Refusals.evmChainId(body.chainId)
  const [sent] = callsParams('wallet_sendCalls', body.params) as [Calls.SendCalls]
  if (sent.version !== Calls.VERSION)
    throw Refusals.invalidParams(`params.0.version: must be ${Calls.VERSION}`)
  if (Number(sent.chainId) !== chainId)
    throw Refusals.invalidParams(SignRequest.REFUSALS.otherChain(sent.chainId, chainId))
  // The batch id is the user operation's hash: a page-chosen one could not be found again, so
  // it is refused rather than ignored. A non-optional capability is 5700 (EIP-5792): none is provided.
  if (sent.id !== undefined)
    throw Refusals.invalidParams('params.0.id: this wallet chooses the batch id (the user operation hash)')
  const required = Calls.requiredCapabilities(sent)
  if (required.length)
    throw callsError(Calls.ERRORS.unsupportedNonOptionalCapability, { capabilities: required })
  // Without `from`, the account the user has now (the auth frame names it, as its screen shows it).
  const from = sent.from ?? (await request.current(chainId))
  if (!request.isMine(from)) throw Refusals.notYourAccount()
  if (!request.isSmart(from)) {
    // The EOA sends one transaction at a time: no atomic batch (EIP-5792 5760); a batch that
    // allows it runs call by call, stopping at the first failure (EoaCalls.ts).
    if (sent.atomicRequired)
      throw callsError(Calls.ERRORS.atomicityNotSupported, {
        reason: 'the EOA sends one transaction at a time; switch to the smart account for an atomic batch',
      })
    const chain = Caip.formatCaip2('eip155', chainId)
    if (!deps.upstreams.has(chain)) throw Refusals.chainDisconnected({ chainId: chain })
    const calls = sent.calls.map((call) => ({
      ...(call.to ? { to: call.to as Hex } : {}),
      value: Calls.amount(call),
      data: (call.data ?? '0x') as Hex,
    }))
    // Answered once the first call is broadcast; the others follow in the background, each
    // broadcast under the user's send lock, never the whole batch (EoaCalls.ts).
    const id = await EoaCalls.start(
      {
        orm: deps.db.orm,
        logger: deps.logger,
        client: Clients.of(deps.upstreams, chain),
        chainId,
        userId,
        from: request.addresses.evm,
        sign: request.signWith(chain),
        lock: request.oneAtATime,
      },
      calls,
    ).catch(Refusals.chainFailure(chain))
    return { id }
  }
  const calls = sent.calls.map((call, i) => {
    if (!call.to) throw Refusals.invalidParams(`params.0.calls.${i}.to: required (no contract creation)`)
    return { to: call.to as Hex, value: Calls.amount(call), data: (call.data ?? '0x') as Hex }
  })
  const context = request.smart(chainId, body.method)
  const operation = await request
    .oneAtATime(() => SmartAccounts.send(context, calls))
    .catch(Refusals.chainFailure(context.chain))
  return { id: operation.userOpHash }
}

/** `wallet_getCallsStatus`: the status of one of the user's batches; 5730 for any other id. */
const getCallsStatus: Request.Handler = async (request) => {
  const { body, deps, userId } = request
  const [id] = callsParams('wallet_getCallsStatus', body.params) as [string]
  // A batch the EOA sent call by call: its stored row, only the user's own.
  const eoaBatch = await EoaCalls.find(deps.db.orm, userId, id)
  if (eoaBatch) {
    const chain = Caip.formatCaip2('eip155', eoaBatch.chainId)
    if (!deps.upstreams.has(chain)) throw callsError(Calls.ERRORS.unknownBundleId)
    return EoaCalls.callsStatus(deps.db.orm, Clients.of(deps.upstreams, chain), eoaBatch).catch(
      Refusals.chainFailure(chain),
    )
  }
  const found = /^0x[0-9a-fA-F]{64}$/.test(id)
    ? await SmartAccounts.find(deps, id as Hex).catch(Refusals.chainFailure('the bundlers'))
    : undefined
  if (!found || !request.isSmart(found.receipt.sender)) throw callsError(Calls.ERRORS.unknownBundleId)
  const chainId = Number(Caip.parseCaip2(found.chain).chainId)
  return SmartAccounts.callsStatus(id, chainId, found.receipt)
}

/** `wallet_getCapabilities`: atomic batches on the chains with the smart account, for it; none for the EOA. */
const getCapabilities: Request.Handler = async (request) => {
  const { body, deps } = request
  const [account, asked] = callsParams('wallet_getCapabilities', body.params) as [
    string | null | undefined,
    string[] | undefined,
  ]
  if (account && !request.isMine(account)) throw Refusals.notYourAccount()
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
    const smartHere = request.isSmart(account || (await request.current(id)))
    const bundled = SmartAccounts.enabled(deps.config, Caip.formatCaip2('eip155', id))
    if (smartHere && !bundled) continue
    result[hex] = { atomic: { status: smartHere ? Calls.ATOMIC.supported : Calls.ATOMIC.unsupported } }
  }
  return result
}

/** `wallet_getAssets` (EIP-7811): the account's assets on the EVM chains the API serves. */
const getAssets: Request.Handler = async (request) => {
  const { body, deps } = request
  const parsed = zm.safeParse(Assets.Params, body.params)
  if (!parsed.success)
    throw Refusals.invalidParams(`params.0: ${parsed.error.issues[0]?.message ?? 'must be { account }'}`)
  const [asked] = parsed.data
  if (!request.isMine(asked.account)) throw Refusals.notYourAccount()
  const served = deps.upstreams.chains().filter((chain) => chain.startsWith('eip155:'))
  const chainIds = Assets.chainsOf(asked, served)
  const held = chainIds.length
    ? await Balances.shared(deps)
        .balances.of({ address: asked.account as Hex, chainIds })
        .catch(Refusals.chainFailure(chainIds.join(',')))
    : []
  return Assets.answer(held, asked)
}

/** The transaction and calls methods' handlers. */
export const handlers = {
  eth_sendTransaction: sendTransaction,
  wallet_getAssets: getAssets,
  wallet_sendCalls: sendCalls,
  wallet_getCallsStatus: getCallsStatus,
  wallet_getCapabilities: getCapabilities,
} satisfies Record<string, Request.Handler>
