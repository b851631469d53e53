import * as Errors from '@frontdoor/protocol/errors'
import type * as ModalAuth from '@frontdoor/protocol/modal-auth'
import * as Policy from '@frontdoor/protocol/policy'
import * as SignRequest from '@frontdoor/protocol/sign-request'
import type * as SolanaTransaction from '@frontdoor/protocol/solana-transaction'
import * as Caip from '@frontdoor/schemas/caip'
import type * as Api from '../api/Api.js'
import type * as Approval from '../approval/Approval.js'
import type * as NamespaceMessage from '../approval/NamespaceMessage.js'
import * as Summary from '../approval/Summary.js'
import type * as Registry from '../network/Registry.js'
import type * as Session from '../session/Session.js'
import * as Failures from './Failures.js'

/**
 * The wallet's answer to the page's RPC requests: safe methods through the API's RPC proxy, unsafe ones
 * read as the vault reads them, shown on the approval screen and, once approved, signed by the vault;
 * anything else refused ('Action not allowed').
 */

/** What the requests need of the wallet: its parts, and its session as it stands at each request. */
export type Context = {
  api: Api.Api
  session: Session.Store
  approval: Approval.Approval
  registry?: Registry.Registry | undefined
  /** The page's chain. */
  chainId: () => number | string | undefined
  /** The signed-in user (asked of the API when not known yet). */
  user: () => Promise<Api.User>
  /** The session token; 4100 when signed out. */
  token: () => string
  /** The project; fails when the frame was not initialised. */
  project: () => string
}

/** The handler of `rpcRequest` over `ctx`. */
export function create(ctx: Context) {
  /**
   * A message for the user's Bitcoin, Polkadot or Cosmos account: read as the vault reads it (a refusal
   * is -32602, never shown; NamespaceMessage.ts, a lazy chunk); the account it names must be the user's
   * own in that namespace (4100 before any screen); then approved and signed by the vault on that
   * account's chain.
   */
  async function namespaceMessage(method: NamespaceMessage.Method, params: unknown, token: string) {
    const namespace = Policy.namespaceOf(method)
    const own = (await ctx.user()).caipAccounts
      ?.map((account) => Caip.parseCaip10(account.address))
      .find((account) => account.chainNamespace === namespace)
    const { read, describe } = await import('../approval/NamespaceMessage.js')
    const { signer } = read(method, params)
    if (!own || signer !== own.address)
      throw Failures.failure(
        Errors.PROVIDER_ERRORS.unauthorized.message,
        Errors.PROVIDER_ERRORS.unauthorized.code,
      )
    return ctx.approval.ask(
      { method, params, chainId: 0, address: own.address, message: describe(method, params) },
      () => askVault(token, { chainId: own.caipNetworkId, method, params }),
    )
  }

  /** A request of the page to the wallet (the `rpcRequest` message). */
  async function rpcRequest(request: ModalAuth.RpcRequest): Promise<unknown> {
    const kind = Policy.classify(request.method)
    if (kind === 'disallowed') {
      throw Failures.failure(Policy.DISALLOWED_MESSAGE, Errors.PROVIDER_ERRORS.unsupportedMethod.code)
    }
    // Asking the user to approve what the vault will refuse would waste their approval.
    if (Policy.isUnsupported(request.method)) {
      const { message, code } = Errors.PROVIDER_ERRORS.unsupportedMethod
      throw Failures.failure(message, code, { method: request.method })
    }
    const token = ctx.token()
    // Bitcoin, Polkadot and Cosmos messages (Policy.NAMESPACE_METHODS).
    const namespace = Policy.namespaceOf(request.method)
    if (namespace !== 'eip155' && namespace !== 'solana')
      return namespaceMessage(request.method as NamespaceMessage.Method, request.params, token)
    const evm = Caip.evmChainId(ctx.chainId())
    if (kind === 'safe') {
      if (request.method === 'eth_accounts') return [(await ctx.user()).address]
      if (request.method === 'eth_chainId' && evm) return `0x${evm.toString(16)}`
      // EIP-7811 asset discovery: no node knows it; the vault answers it from the blockchain API.
      // EIP-5792's capabilities and batch status: the vault answers them (the smart account's bundler).
      if (
        request.method === 'wallet_getAssets' ||
        request.method === 'wallet_getCapabilities' ||
        request.method === 'wallet_getCallsStatus'
      ) {
        try {
          return await ctx.api.vaultRpc(token, {
            chainId: evm ?? 1,
            method: request.method,
            params: request.params,
          })
        } catch (error) {
          throw Failures.fromApi(error)
        }
      }
      if (!evm)
        throw Failures.failure(
          Errors.PROVIDER_ERRORS.chainDisconnected.message,
          Errors.PROVIDER_ERRORS.chainDisconnected.code,
        )
      try {
        return await ctx.api.rpc(ctx.project(), evm, request.method, request.params)
      } catch (error) {
        throw Failures.fromApi(error)
      }
    }
    // The unsafe solana_ methods other than signMessage: its transactions (Solana.ts, a lazy chunk).
    if (request.method.startsWith('solana_') && request.method !== 'solana_signMessage')
      return solanaTransaction(request.method as SolanaTransaction.Method, request.params, token)
    const signer = await ctx.user()
    const named = Summary.signer(request.method, request.params)
    if (named && named.toLowerCase() !== signer.address.toLowerCase()) {
      throw Failures.failure(
        Errors.PROVIDER_ERRORS.unauthorized.message,
        Errors.PROVIDER_ERRORS.unauthorized.code,
      )
    }
    const requestChain = evm ?? 0
    const known = requestChain ? await ctx.registry?.network(requestChain) : undefined
    const context: Summary.Context = {
      chainId: requestChain,
      address: signer.address,
      network: known && { name: known.name, symbol: known.nativeCurrency.symbol },
    }
    // A smart account's send is a user operation: its gas, fees and nonce are the bundler's, not a
    // transaction's, so the screen shows none estimated (Set by the wallet, Next).
    const smartAccount = signer.accounts.some(
      (a) => a.type === 'smartAccount' && a.address.toLowerCase() === signer.address.toLowerCase(),
    )
    // An EIP-5792 batch is read by Batch.ts, a lazy chunk (the approval screen's first bytes stay small):
    // one user operation for the smart account, call by call for the EOA (5760 if atomicity is required).
    if (request.method === 'wallet_sendCalls')
      context.batch = (await import('../approval/Batch.js')).describe(request.params, context, smartAccount)
    // A Solana message is read by Solana.ts too (its check that the bytes are no transaction).
    if (request.method === 'solana_signMessage')
      context.message = (await import('../approval/Solana.js')).describeMessage(request.params)
    // The screen's reading (the vault's too): a request it refuses is answered -32602, never shown.
    Summary.describe(request.method, request.params, context)
    let params = request.params ?? []
    let transaction: Approval.Request['transaction']
    // The EOA signs nothing that would authorise its smart account (the vault's rule, refused before
    // the screen): a bare 32-byte hash, typed data in the account's domain.
    // A lazy chunk: only the EOA's signatures load it (the frame's first-open bytes stay small).
    if (!smartAccount && (request.method === 'personal_sign' || request.method === 'eth_signTypedData_v4')) {
      const owned = signer.accounts.find((a) => a.type === 'smartAccount')?.address ?? ''
      const { checkEoa } = await import('@frontdoor/protocol/eoa-signatures')
      if (request.method === 'personal_sign')
        checkEoa({ method: request.method, ...SignRequest.personalMessage(params) }, owned)
      else checkEoa({ method: request.method, ...SignRequest.typedData(params).typedData }, owned)
    }
    // A batch without `from` is sent from the account the screen shows (the vault's default could differ).
    if (request.method === 'wallet_sendCalls') {
      const [batch, ...rest] = params as [Record<string, unknown>, ...unknown[]]
      params = [{ ...batch, from: batch.from ?? signer.address }, ...rest]
    }
    if (request.method === 'eth_sendTransaction' && !smartAccount) {
      transaction = await estimate(SignRequest.transaction(request.params), requestChain)
      // Gas and fees go to the vault as shown; the nonce, when estimated, is the vault's to take, as
      // an earlier transaction may still be on its way.
      const { estimated: _, ...signed } = transaction
      params = [
        SignRequest.toRequest(
          transaction.estimated.includes('nonce') ? { ...signed, nonce: undefined } : signed,
        ),
      ]
    }
    // Permits, Permit2, transferFrom and token amounts in the token's units (decimals from the chain),
    // with the transaction as filled, a batch's calls too: Tokens.ts, a lazy chunk.
    if (
      request.method === 'eth_sendTransaction' ||
      request.method === 'eth_signTypedData_v4' ||
      request.method === 'wallet_sendCalls'
    )
      context.tokens = await (await import('../approval/Tokens.js')).describe(
        request,
        { ...context, transaction },
        ctx.api.rpc,
        ctx.project(),
      )
    return ctx.approval.ask({ method: request.method, params: request.params, ...context, transaction }, () =>
      askVault(token, { chainId: requestChain, method: request.method, params }),
    )
  }

  /** Signs in the vault (after the user approved); the vault's refusal keeps its code. */
  async function askVault(token: string, body: Parameters<Api.Api['vaultRpc']>[1]) {
    try {
      return await ctx.api.vaultRpc(ctx.session.get()?.token ?? token, body)
    } catch (error) {
      const reply = Failures.fromApi(error) as Error & { code?: number }
      if (reply.code === undefined) reply.code = Errors.PROVIDER_ERRORS.internalError.code
      throw reply
    }
  }

  /**
   * A Solana transaction request of the user's Solana account: read as the vault reads it (a refusal
   * is -32602, never shown), explained with what the registry's solana cluster says of its tokens
   * (Solana.facts), then signed (and for signAndSend, sent) by the vault on that cluster.
   */
  async function solanaTransaction(method: SolanaTransaction.Method, params: unknown, token: string) {
    const address = (await ctx.user()).solanaAddress
    if (!address) throw Failures.notConnected()
    const named = (params as { pubkey?: unknown } | null)?.pubkey
    if (named !== undefined && named !== address)
      throw Failures.failure(
        Errors.PROVIDER_ERRORS.unauthorized.message,
        Errors.PROVIDER_ERRORS.unauthorized.code,
      )
    const known = await ctx.registry?.solana()
    const chain = known?.caipNetworkId
    const project = ctx.project()
    const Solana = await import('../approval/Solana.js')
    const facts = await Solana.facts(method, params, {
      rpc: (m, p) => (chain ? ctx.api.rpc(project, chain, m, p) : Promise.reject(new Error('no chain'))),
      balances: async () => (chain ? ctx.api.balances(project, address, chain) : []),
    })
    const network = known && { name: known.name, symbol: known.nativeCurrency.symbol }
    const solana = Solana.describe(method, params, { address, network, facts, chain })
    return ctx.approval.ask({ method, params, chainId: 0, address, network, solana }, () =>
      askVault(token, { chainId: chain ?? 0, method, params }),
    )
  }

  /** Fills what the transaction leaves out (nonce, gas, fees) through the RPC proxy, for the screen. */
  async function estimate(tx: SignRequest.Transaction, chain: number) {
    if (!chain)
      throw Failures.failure(
        Errors.PROVIDER_ERRORS.chainDisconnected.message,
        Errors.PROVIDER_ERRORS.chainDisconnected.code,
      )
    const project = ctx.project()
    try {
      return await SignRequest.fill(tx, (method, params) => ctx.api.rpc(project, chain, method, params))
    } catch (error) {
      throw Failures.fromApi(error)
    }
  }

  return rpcRequest
}
