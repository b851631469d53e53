import type * as Bridge from '@frontdoor/protocol/bridge'
import * as Errors from '@frontdoor/protocol/errors'
import type * as HostModal from '@frontdoor/protocol/host-modal'
import type * as ModalAuth from '@frontdoor/protocol/modal-auth'
import * as Policy from '@frontdoor/protocol/policy'
import * as SignRequest from '@frontdoor/protocol/sign-request'
import * as SocialPopup from '@frontdoor/protocol/social-popup'
import type * as SolanaTransaction from '@frontdoor/protocol/solana-transaction'
import * as Timeouts from '@frontdoor/protocol/timeouts'
import type { User as SchemaUser } from '@frontdoor/schemas'
import * as Caip from '@frontdoor/schemas/caip'
import * as SchemaErrors from '@frontdoor/schemas/errors'
import * as Api from '../api/Api.js'
import type * as Approval from '../approval/Approval.js'
import type * as NamespaceMessage from '../approval/NamespaceMessage.js'
import * as Summary from '../approval/Summary.js'
import type * as Registry from '../network/Registry.js'
import * as Session from '../session/Session.js'

/**
 * The embedded wallet: one handler per modal -> auth message of packages/protocol. It holds the session
 * token (never sent to the modal), answers safe RPC methods through the API's RPC proxy, queues unsafe
 * ones for the user's approval before asking the vault, and refuses anything else ('Action not allowed').
 */

/** The handlers the frame exposes to the modal. */
export type Handlers = Bridge.Handlers<typeof ModalAuth.auth.exposes>

/** What the wallet needs. */
export type Deps = {
  apiUrl: string
  modalOrigin: string
  api: Api.Api
  session: Session.Store
  approval: Approval.Approval
  /** The modal's theme, for the approval screen. */
  onTheme?: (theme: HostModal.Theme) => void
  /** The dapp's metadata and the page's origin the modal attested, for the approval screen. */
  onDapp?: (metadata: HostModal.Metadata, hostOrigin: string | undefined) => void
  /** Reloads the frame (the `reload` message). */
  reload?: () => void
  /** This browser's device id for the email login's device approval (session/Device.ts). */
  deviceId?: () => string
  /** The network registry (GET /v1/networks): the approval screen's name and currency of a chain. */
  registry?: Registry.Registry
  /** Waits between Farcaster and device approval status polls. */
  sleep?: (ms: number) => Promise<void>
  now?: () => number
}

/** How often the Farcaster channel's status is polled. */
const FARCASTER_POLL_MS = 1000
/** How often a pending login is polled while the user opens the emailed approval link. */
const DEVICE_POLL_MS = 1000

/** An error the bridge turns into an error reply with this code, message and data. */
function failure(message: string, code?: number, data?: unknown): Error {
  return Object.assign(
    new Error(message),
    code === undefined ? {} : { code },
    data === undefined ? {} : { data },
  )
}

/** An API failure as the modal should see it: the server's message, and its code as `data.code`. */
function fromApi(error: unknown): Error {
  if (error instanceof Errors.ProviderRpcError) return failure(error.message, error.code, error.data)
  if (error instanceof Api.ApiError) {
    const message =
      error.code === 'cooldown' && error.retryAfterS !== undefined
        ? SchemaErrors.pleaseTryAgainAfter(error.retryAfterS)
        : error.message
    return failure(message, undefined, {
      code: error.code,
      status: error.status,
      ...(error.retryAfterS === undefined ? {} : { retryAfterS: error.retryAfterS }),
    })
  }
  return error instanceof Error ? error : failure(Errors.SOMETHING_WENT_WRONG)
}

const notConnected = () =>
  failure(SchemaErrors.LOGIN.NOT_CONNECTED_TO_EMAIL_OR_SOCIAL, Errors.PROVIDER_ERRORS.unauthorized.code)

/** The user as the modal sees it (spec's embedded-wallet user). */
function toUser(user: Api.User, chainId: number | string): SchemaUser.EmbeddedWalletUser {
  return {
    address: user.address,
    chainId,
    accounts: user.accounts,
    preferredAccountType: user.preferredAccountType,
    smartAccountDeployed: user.smartAccountDeployed,
    ...(user.email === undefined ? {} : { email: user.email }),
    ...(user.userName === undefined ? {} : { userName: user.userName }),
    ...(user.solanaAddress === undefined ? {} : { solanaAddress: user.solanaAddress }),
    ...(user.caipAccounts === undefined ? {} : { caipAccounts: user.caipAccounts }),
  }
}

/** Creates the wallet's handlers. */
export function create(deps: Deps) {
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)))
  const now = deps.now ?? Date.now
  const ownDeviceId = `memory-${crypto.randomUUID()}`
  const deviceId = deps.deviceId ?? (() => ownDeviceId)
  let projectId: string | undefined
  let chainId: number | string | undefined
  let user: Api.User | undefined
  let pendingEmail: string | undefined
  /** The login a right code started in a browser the account has not approved (until the link approves it). */
  let pendingLogin: string | undefined
  let emailUpdate: { newEmail: string; primaryOtp?: string } | undefined
  let farcasterChannel: string | undefined
  /** The binding of the last `getSocialRedirectUri` (only this frame knows it). */
  let socialBinding: string | undefined

  const requireProject = () => {
    if (!projectId) throw failure(SchemaErrors.AUTH_INIT_FAILED)
    return projectId
  }
  const requireToken = () => {
    const session = deps.session.get()
    if (!session) throw notConnected()
    return session.token
  }
  const startSession = (response: Api.SessionResponse) => {
    deps.session.set({
      token: response.token,
      expiresAtMs: Session.expiresAtMs(response.expiresAt) ?? now() + 24 * 60 * 60 * 1000,
    })
    user = response.user
    pendingEmail = undefined
    pendingLogin = undefined
  }
  const currentUser = async () => {
    const token = requireToken()
    try {
      // The account on the page's chain: the smart account exists only where the API has a bundler.
      user = await deps.api.user(token, Caip.evmChainId(chainId))
      return user
    } catch (error) {
      if (error instanceof Api.ApiError && error.status === 401) {
        deps.session.clear()
        user = undefined
        throw notConnected()
      }
      throw fromApi(error)
    }
  }
  const chainOrDefault = () => chainId ?? 1
  const redeemSocial = async (code: string, binding: string) => {
    try {
      startSession(await deps.api.redeemSocial(code, binding))
    } catch (error) {
      throw failure(SchemaErrors.LOGIN.FAILED_TO_CONNECT, undefined, { cause: fromApi(error).message })
    }
    return toUser(user!, chainOrDefault())
  }

  /**
   * A message for the user's Bitcoin, Polkadot or Cosmos account: read as the vault reads it (a refusal
   * is -32602, never shown; NamespaceMessage.ts, a lazy chunk); the account it names must be the user's
   * own in that namespace (4100 before any screen); then approved and signed by the vault on that
   * account's chain.
   */
  async function namespaceMessage(method: NamespaceMessage.Method, params: unknown, token: string) {
    const namespace = Policy.namespaceOf(method)
    const own = (user ?? (await currentUser())).caipAccounts
      ?.map((account) => Caip.parseCaip10(account.address))
      .find((account) => account.chainNamespace === namespace)
    const { read, describe } = await import('../approval/NamespaceMessage.js')
    const { signer } = read(method, params)
    if (!own || signer !== own.address)
      throw failure(Errors.PROVIDER_ERRORS.unauthorized.message, Errors.PROVIDER_ERRORS.unauthorized.code)
    return deps.approval.ask(
      { method, params, chainId: 0, address: own.address, message: describe(method, params) },
      () => askVault(token, { chainId: own.caipNetworkId, method, params }),
    )
  }

  async function rpcRequest(request: ModalAuth.RpcRequest): Promise<unknown> {
    const kind = Policy.classify(request.method)
    if (kind === 'disallowed') {
      throw failure(Policy.DISALLOWED_MESSAGE, Errors.PROVIDER_ERRORS.unsupportedMethod.code)
    }
    // Asking the user to approve what the vault will refuse would waste their approval.
    if (Policy.isUnsupported(request.method)) {
      const { message, code } = Errors.PROVIDER_ERRORS.unsupportedMethod
      throw failure(message, code, { method: request.method })
    }
    const token = requireToken()
    // Bitcoin, Polkadot and Cosmos messages (Policy.NAMESPACE_METHODS).
    const namespace = Policy.namespaceOf(request.method)
    if (namespace !== 'eip155' && namespace !== 'solana')
      return namespaceMessage(request.method as NamespaceMessage.Method, request.params, token)
    const evm = Caip.evmChainId(chainId)
    if (kind === 'safe') {
      if (request.method === 'eth_accounts') return [(user ?? (await currentUser())).address]
      if (request.method === 'eth_chainId' && evm) return `0x${evm.toString(16)}`
      // EIP-7811 asset discovery: no node knows it; the vault answers it from the blockchain API.
      // EIP-5792's capabilities and batch status: the vault answers them (the smart account's bundler).
      if (
        request.method === 'wallet_getAssets' ||
        request.method === 'wallet_getCapabilities' ||
        request.method === 'wallet_getCallsStatus'
      ) {
        try {
          return await deps.api.vaultRpc(token, {
            chainId: evm ?? 1,
            method: request.method,
            params: request.params,
          })
        } catch (error) {
          throw fromApi(error)
        }
      }
      if (!evm)
        throw failure(
          Errors.PROVIDER_ERRORS.chainDisconnected.message,
          Errors.PROVIDER_ERRORS.chainDisconnected.code,
        )
      try {
        return await deps.api.rpc(requireProject(), evm, request.method, request.params)
      } catch (error) {
        throw fromApi(error)
      }
    }
    // The unsafe solana_ methods other than signMessage: its transactions (Solana.ts, a lazy chunk).
    if (request.method.startsWith('solana_') && request.method !== 'solana_signMessage')
      return solanaTransaction(request.method as SolanaTransaction.Method, request.params, token)
    const signer = user ?? (await currentUser())
    const named = Summary.signer(request.method, request.params)
    if (named && named.toLowerCase() !== signer.address.toLowerCase()) {
      throw failure(Errors.PROVIDER_ERRORS.unauthorized.message, Errors.PROVIDER_ERRORS.unauthorized.code)
    }
    const requestChain = evm ?? 0
    const known = requestChain ? await deps.registry?.network(requestChain) : undefined
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
        deps.api.rpc,
        requireProject(),
      )
    return deps.approval.ask(
      { method: request.method, params: request.params, ...context, transaction },
      () => askVault(token, { chainId: requestChain, method: request.method, params }),
    )
  }

  /** Signs in the vault (after the user approved); the vault's refusal keeps its code. */
  async function askVault(token: string, body: Parameters<Api.Api['vaultRpc']>[1]) {
    try {
      return await deps.api.vaultRpc(deps.session.get()?.token ?? token, body)
    } catch (error) {
      const reply = fromApi(error) as Error & { code?: number }
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
    const address = (user ?? (await currentUser())).solanaAddress
    if (!address) throw notConnected()
    const named = (params as { pubkey?: unknown } | null)?.pubkey
    if (named !== undefined && named !== address)
      throw failure(Errors.PROVIDER_ERRORS.unauthorized.message, Errors.PROVIDER_ERRORS.unauthorized.code)
    const known = await deps.registry?.solana()
    const chain = known?.caipNetworkId
    const project = requireProject()
    const Solana = await import('../approval/Solana.js')
    const facts = await Solana.facts(method, params, {
      rpc: (m, p) => (chain ? deps.api.rpc(project, chain, m, p) : Promise.reject(new Error('no chain'))),
      balances: async () => (chain ? deps.api.balances(project, address, chain) : []),
    })
    const network = known && { name: known.name, symbol: known.nativeCurrency.symbol }
    const solana = Solana.describe(method, params, { address, network, facts, chain })
    return deps.approval.ask({ method, params, chainId: 0, address, network, solana }, () =>
      askVault(token, { chainId: chain ?? 0, method, params }),
    )
  }

  /** Fills what the transaction leaves out (nonce, gas, fees) through the RPC proxy, for the screen. */
  async function estimate(tx: SignRequest.Transaction, chain: number) {
    if (!chain)
      throw failure(
        Errors.PROVIDER_ERRORS.chainDisconnected.message,
        Errors.PROVIDER_ERRORS.chainDisconnected.code,
      )
    const project = requireProject()
    try {
      return await SignRequest.fill(tx, (method, params) => deps.api.rpc(project, chain, method, params))
    } catch (error) {
      throw fromApi(error)
    }
  }

  const handlers: Handlers = {
    connectEmail: async ({ email }) => {
      const project = requireProject()
      try {
        await deps.api.sendEmailOtp({ projectId: project, email, deviceId: deviceId() })
      } catch (error) {
        throw fromApi(error)
      }
      pendingEmail = email
      pendingLogin = undefined
      return { action: 'VERIFY_OTP' as const }
    },
    connectOtp: async ({ otp }) => {
      if (!pendingEmail) throw failure(SchemaErrors.LOGIN.FAILED_TO_CONNECT)
      let verified: Awaited<ReturnType<Api.Api['verifyEmailOtp']>>
      try {
        verified = await deps.api.verifyEmailOtp({
          projectId: requireProject(),
          email: pendingEmail,
          otp,
          deviceId: deviceId(),
        })
      } catch (error) {
        throw fromApi(error)
      }
      if ('token' in verified) {
        startSession(verified)
        return undefined
      }
      // The code was right, but the account has not approved this browser: the link went by email.
      pendingLogin = verified.pendingLogin
      return { action: 'VERIFY_DEVICE' as const }
    },
    connectDevice: async () => {
      // After VERIFY_DEVICE: waits until the user approved this browser by the emailed link, which
      // completes the pending login. The API out of reach meanwhile (a network failure or a 503) is
      // waited out until the login request timeout.
      const login = pendingLogin
      if (!login) throw failure(SchemaErrors.LOGIN.FAILED_TO_CONNECT)
      const body = { projectId: requireProject(), pendingLogin: login }
      const deadline = now() + Timeouts.LOGIN_REQUEST_TIMEOUT_MS
      while (pendingLogin === login && now() < deadline) {
        try {
          const answer = await deps.api.deviceLogin(body)
          if ('token' in answer) {
            startSession(answer)
            return
          }
        } catch (error) {
          const waits = error instanceof Api.ApiError && (error.status === 0 || error.status === 503)
          if (!waits) throw fromApi(error)
        }
        await sleep(DEVICE_POLL_MS)
      }
      throw failure(SchemaErrors.LOGIN.FAILED_TO_CONNECT)
    },
    getSocialRedirectUri: async ({ provider }) => {
      const project = requireProject()
      const { attempt, binding } = SocialPopup.attempt()
      const query = new URLSearchParams({
        projectId: project,
        origin: deps.modalOrigin,
        attempt,
        binding: await SocialPopup.bindingHash(binding),
      })
      socialBinding = binding
      return { uri: `${deps.apiUrl}/v1/auth/social/${provider}/start?${query}` }
    },
    connectSocial: async (params) => {
      // The binding of the attempt the code ends: the modal's, or this frame's own.
      const binding = params.binding ?? socialBinding
      if (!binding) throw failure(SchemaErrors.LOGIN.FAILED_TO_CONNECT)
      let code: string | null = null
      if ('code' in params) code = params.code
      else {
        // A callback URL is taken only from the API's own origin.
        const url = new URL(params.uri)
        if (url.origin === new URL(deps.apiUrl).origin) code = url.searchParams.get('code')
      }
      if (!code) throw failure(SchemaErrors.LOGIN.FAILED_TO_CONNECT)
      if (binding === socialBinding) socialBinding = undefined
      return redeemSocial(code, binding)
    },
    getFarcasterUri: async () => {
      try {
        const channel = await deps.api.farcasterChannel(requireProject())
        farcasterChannel = channel.channelToken
        return { url: channel.url }
      } catch (error) {
        throw failure(SchemaErrors.LOGIN.FAILED_TO_CONNECT_FARCASTER, undefined, {
          cause: fromApi(error).message,
        })
      }
    },
    connectFarcaster: async () => {
      const channel = farcasterChannel
      if (!channel) throw failure(SchemaErrors.LOGIN.FAILED_TO_CONNECT_FARCASTER)
      const deadline = now() + Timeouts.LOGIN_REQUEST_TIMEOUT_MS
      try {
        while (farcasterChannel === channel && now() < deadline) {
          const { state } = await deps.api.farcasterStatus(channel)
          if (state === 'completed') {
            startSession(await deps.api.farcasterRedeem(channel))
            farcasterChannel = undefined
            return { userName: user?.userName ?? '' }
          }
          if (state === 'expired') break
          await sleep(FARCASTER_POLL_MS)
        }
      } catch {}
      throw failure(SchemaErrors.LOGIN.FAILED_TO_CONNECT_FARCASTER)
    },
    getUser: async (params) => {
      if (params?.chainId !== undefined) chainId = params.chainId
      return toUser(await currentUser(), chainOrDefault())
    },
    switchNetwork: ({ chainId: next }) => {
      // Another chain may have another account (the EOA where there is no smart account): read it again.
      if (next !== chainId) user = undefined
      chainId = next
      return { chainId: next }
    },
    signOut: async () => {
      const session = deps.session.get()
      deps.session.clear()
      deps.approval.abort()
      user = undefined
      pendingEmail = undefined
      emailUpdate = undefined
      if (session) await deps.api.signOut(session.token).catch(() => {})
    },
    isConnected: () => ({ isConnected: deps.session.get() !== undefined }),
    getChainId: () => ({ chainId: chainOrDefault() }),
    rpcRequest,
    rpcAbort: () => deps.approval.abort(),
    updateEmail: async ({ email }) => {
      try {
        await deps.api.updateEmail(requireToken(), email)
      } catch (error) {
        throw fromApi(error)
      }
      emailUpdate = { newEmail: email }
      return { action: 'VERIFY_PRIMARY_OTP' }
    },
    updateEmailPrimaryOtp: ({ otp }) => {
      if (!emailUpdate) throw failure(SchemaErrors.LOGIN.FAILED_TO_CONNECT)
      // The API checks both codes together (update/verify); the primary one is kept until then.
      emailUpdate = { ...emailUpdate, primaryOtp: otp }
    },
    updateEmailSecondaryOtp: async ({ otp }) => {
      const pending = emailUpdate
      if (!pending?.primaryOtp) throw failure(SchemaErrors.LOGIN.FAILED_TO_CONNECT)
      try {
        user = await deps.api.verifyUpdateEmail(requireToken(), {
          primaryOtp: pending.primaryOtp,
          secondaryOtp: otp,
        })
      } catch (error) {
        throw fromApi(error)
      }
      emailUpdate = undefined
      return { newEmail: user.email ?? pending.newEmail }
    },
    syncTheme: (theme) => deps.onTheme?.(theme),
    syncDappData: (data) => {
      projectId = data.projectId
      deps.onDapp?.(data.metadata, data.hostOrigin)
    },
    getSmartAccountEnabledNetworks: async () => {
      try {
        return { smartAccountEnabledNetworks: await deps.api.smartAccountChainIds() }
      } catch (error) {
        throw fromApi(error)
      }
    },
    setPreferredAccount: async ({ type }) => {
      try {
        user = await deps.api.setAccountType(requireToken(), type)
      } catch (error) {
        throw fromApi(error)
      }
      // Smart accounts come later: until the vault has one, the EOA answers for both types.
      const account = user.accounts.find((a) => a.type === type) ?? user.accounts[0]
      return { type, address: account?.address ?? user.address }
    },
    initSmartAccount: async () => ({ isDeployed: (user ?? (await currentUser())).smartAccountDeployed }),
    reload: () => {
      setTimeout(() => deps.reload?.(), 0)
    },
  }

  return {
    handlers,
    /** The frame's state, for tests and the screen. */
    state: () => ({ projectId, chainId, user, pendingEmail }),
  }
}
