import * as Errors from '@frontdoor/protocol/errors'
import * as JsonRpc from '@frontdoor/protocol/json-rpc'
import { Account } from '@frontdoor/schemas'
import * as Chains from '@frontdoor/schemas/api/chains'
import * as Caip from '@frontdoor/schemas/caip'
import * as z from 'zod/mini'

/**
 * The API calls of the embedded wallet (the auth contract): email OTP, session, social and Farcaster
 * redeem, account type, email update, vault signing, and the RPC proxy for safe reads. Every answer
 * is validated; every failure is an {@link ApiError} with the server's code and message, or, for an
 * EIP-1193 / JSON-RPC code, the one `ProviderRpcError` of packages/protocol.
 */

const address = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/, 'must be an EVM address'))

/** A user as the API returns it. */
export const User = z.object({
  id: z.string(),
  email: z.optional(z.string()),
  address,
  solanaAddress: z.optional(z.string()),
  accounts: z.array(z.object({ address: z.string(), type: Account.AccountType })),
  userName: z.optional(z.string()),
  socialProvider: z.optional(z.string()),
  preferredAccountType: Account.AccountType,
  smartAccountDeployed: z.boolean(),
  /** The Bitcoin, Polkadot and Cosmos accounts (CAIP-10) the vault derives. */
  caipAccounts: z.optional(z.array(z.object({ address: z.string(), type: z.string() }))),
})
/** A user as the API returns it. */
export type User = z.infer<typeof User>

/** A new session: the bearer token, its expiry and the user. */
export const SessionResponse = z.object({
  token: z.string().check(z.minLength(1)),
  expiresAt: z.union([z.string(), z.number()]),
  user: User,
})
/** A new session. */
export type SessionResponse = z.infer<typeof SessionResponse>

/** A right code from a browser the account has not approved: the login waits for the emailed link. */
const PendingLogin = z.object({
  action: z.literal('VERIFY_DEVICE'),
  pendingLogin: z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/)),
})

const UserResponse = z.object({ user: User })
const ErrorBody = z.object({
  error: z.object({
    code: z.union([z.string(), z.number()]),
    message: z.string(),
    retryAfterS: z.optional(z.number()),
  }),
})

/** An API call that failed: the HTTP status, the server's code (a name or an EIP-1193 number) and message. */
export class ApiError extends Error {
  override name = 'ApiError'
  constructor(
    readonly status: number,
    readonly code: string | number,
    message: string,
    readonly retryAfterS?: number,
  ) {
    super(message)
  }
}

/** An API error whose code is numeric (EIP-1193 / JSON-RPC) becomes a `ProviderRpcError`. */
function asRpcError(error: unknown): never {
  if (error instanceof ApiError && typeof error.code === 'number')
    throw new Errors.ProviderRpcError(error.code, error.message)
  throw error
}

type Fetch = typeof fetch

/** The API client of the auth frame. */
export function create(apiUrl: string, fetchFn: Fetch = (...args) => fetch(...args)) {
  async function call<T>(
    path: string,
    schema: z.ZodMiniType<T>,
    options: { method?: 'GET' | 'POST'; body?: unknown; token?: string | undefined } = {},
  ): Promise<T> {
    let response: Response
    try {
      response = await fetchFn(`${apiUrl}${path}`, {
        method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
        credentials: 'omit',
        headers: {
          ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
        ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      })
    } catch {
      throw new ApiError(0, 'network', Errors.SOMETHING_WENT_WRONG)
    }
    const json: unknown = await response.json().catch(() => undefined)
    if (!response.ok) {
      const body = z.safeParse(ErrorBody, json)
      if (body.success)
        throw new ApiError(
          response.status,
          body.data.error.code,
          body.data.error.message || Errors.AN_ERROR_OCCURRED,
          body.data.error.retryAfterS,
        )
      throw new ApiError(response.status, 'http', Errors.SOMETHING_WENT_WRONG)
    }
    const parsed = z.safeParse(schema, json)
    if (!parsed.success) throw new ApiError(response.status, 'invalid_response', Errors.SOMETHING_WENT_WRONG)
    return parsed.data
  }

  return {
    /**
     * What `request` (`{ transaction }`, or an EIP-5792 `{ batch }` with the smart account's `owner` when
     * it may not be deployed) would move in and out of its sender on `chainId` (CAIP-2), simulated by the
     * API; the answer is read by `schema` (Changes.Simulation: the screen's lazy chunk holds it).
     */
    simulate: <T>(
      projectId: string,
      chainId: string,
      request:
        | { transaction: { from: string; to?: string; value?: string; data?: string; gas?: string } }
        | {
            batch: { from: string; owner?: string; calls: { to?: string; value?: string; data?: string }[] }
          },
      schema: z.ZodMiniType<T>,
    ) =>
      call(`/v1/simulate?${new URLSearchParams({ projectId })}`, schema, {
        body: { chainId, ...request },
      }),
    /**
     * Starts an email login: the API mails a code, whatever the address (the answer says nothing of
     * accounts). 429 `cooldown` with 'Please try again after N seconds'.
     */
    sendEmailOtp: (body: { projectId: string; email: string; deviceId: string }) =>
      call('/v1/auth/email/otp', z.object({ sent: z.boolean(), cooldownS: z.optional(z.number()) }), {
        body,
      }),
    /**
     * Checks the OTP from this browser: a session, or (202) a pending login when the code was right but
     * the account has not approved this browser (the API mailed the approval link). 400 `invalid_otp`,
     * 410 `expired_otp`, 429 `locked`.
     */
    verifyEmailOtp: (body: { projectId: string; email: string; otp: string; deviceId: string }) =>
      call('/v1/auth/email/verify', z.union([SessionResponse, PendingLogin]), { body }),
    /** A pending login: the session once the emailed link approved this browser, `{ approved: false }` before. */
    deviceLogin: (body: { projectId: string; pendingLogin: string }) =>
      call('/v1/auth/device/login', z.union([SessionResponse, z.object({ approved: z.literal(false) })]), {
        body,
      }),
    /**
     * The session's user (401 when the token is no longer valid), as shown on EVM chain `chainId` when
     * given: the smart account only where the API has it (a bundler), the EOA elsewhere.
     */
    user: async (token: string, chainId?: number) =>
      (await call(`/v1/auth/user${chainId ? `?chainId=eip155:${chainId}` : ''}`, UserResponse, { token }))
        .user,
    /** The EVM chain ids where the smart account is offered: the API's chains with a bundler. */
    smartAccountChainIds: async () =>
      (await call(Chains.SMART_ACCOUNT_NETWORKS_PATH, Chains.SmartAccountNetworksResponse)).networks.flatMap(
        (network) => {
          const { chainNamespace, chainId } = Caip.parseCaip2(network)
          return chainNamespace === 'eip155' ? [Number(chainId)] : []
        },
      ),
    /** Revokes the session. */
    signOut: (token: string) => call('/v1/auth/signout', z.unknown(), { token, body: {} }),
    /** Stores the preferred account type. */
    setAccountType: async (token: string, preferredAccountType: 'eoa' | 'smartAccount') =>
      (await call('/v1/auth/account-type', UserResponse, { token, body: { preferredAccountType } })).user,
    /** Starts an email change: OTPs to the current (primary) and the new (secondary) address. */
    updateEmail: (token: string, newEmail: string) =>
      call('/v1/auth/email/update', z.unknown(), { token, body: { newEmail } }),
    /** Finishes an email change with both OTPs. */
    verifyUpdateEmail: async (token: string, body: { primaryOtp: string; secondaryOtp: string }) =>
      (await call('/v1/auth/email/update/verify', UserResponse, { token, body })).user,
    /** Redeems the one-time code the social popup got, with its attempt's binding: a session. */
    redeemSocial: (code: string, binding: string) =>
      call('/v1/auth/social/redeem', SessionResponse, { body: { code, binding } }),
    /** Opens a Farcaster sign-in channel. */
    farcasterChannel: (projectId: string) =>
      call(
        '/v1/auth/farcaster/channel',
        z.object({ channelToken: z.string().check(z.minLength(1)), url: z.string() }),
        { body: { projectId } },
      ),
    /** The state of a Farcaster channel. */
    farcasterStatus: (channelToken: string) =>
      call(
        `/v1/auth/farcaster/status?${new URLSearchParams({ channelToken })}`,
        z.object({ state: z.enum(['pending', 'completed', 'expired']) }),
      ),
    /** Redeems a completed Farcaster channel: a session. */
    farcasterRedeem: (channelToken: string) =>
      call('/v1/auth/farcaster/redeem', SessionResponse, { body: { channelToken } }),
    /** Signs (and for eth_sendTransaction, broadcasts) in the vault. Throws `ProviderRpcError` with the vault's code. */
    vaultRpc: async (token: string, body: { chainId: number | string; method: string; params: unknown }) =>
      (await call('/v1/vault/rpc', z.object({ result: z.unknown() }), { token, body }).catch(asRpcError))
        .result,
    /**
     * A safe JSON-RPC read through the API's RPC proxy: every call of the frame to a chain. Throws
     * `ProviderRpcError` for the node's error.
     */
    rpc: async (projectId: string, chainId: number | string, method: string, params: unknown) => {
      const chain = typeof chainId === 'number' ? Caip.formatCaip2('eip155', chainId) : chainId
      const query = new URLSearchParams({ chainId: chain, projectId })
      const response = await call(`/v1/?${query}`, Chains.JsonRpcResponse, {
        body: JsonRpc.request(method, params),
      }).catch(asRpcError)
      return JsonRpc.result(response)
    },
    /** The account's token balances on a chain (CAIP-2) from the balance API: each token's address and symbol. */
    balances: async (projectId: string, address: string, chainId: string) =>
      (
        await call(
          `/v1/account/${encodeURIComponent(address)}/balance?${new URLSearchParams({ projectId, currency: 'usd', chainId })}`,
          z.object({ balances: z.array(z.object({ address: z.optional(z.string()), symbol: z.string() })) }),
        )
      ).balances,
  }
}

/** The API client. */
export type Api = ReturnType<typeof create>
