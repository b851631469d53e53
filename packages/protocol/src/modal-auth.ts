import { Account, EmailRule, SocialProviderRule, User } from '@frontdoor/schemas'
import * as Constants from '@frontdoor/schemas/constants'
import * as z from 'zod/mini'
import * as HostModal from './host-modal.js'
import * as Message from './message.js'
import * as SocialPopup from './social-popup.js'
import * as Timeouts from './timeouts.js'

/**
 * The modal frame <-> auth frame channel: the embedded-wallet messages of spec section 7, each with a
 * success and an error reply, plus the auth frame's ready event. Login/connect requests time out after
 * 120 s (`iframe_request_timeout`), sign-out after 3 s. The modal end is {@link modal}, the auth frame's
 * end {@link auth}.
 */

/** The penpal channel name of this protocol. */
export const CHANNEL = 'frontdoor:modal-auth'

/**
 * The query parameter in which the modal names the page it serves (the origin its handshake
 * attested) when it loads the auth frame; the frame's server checks it against the project's allowed
 * origins.
 */
export const PAGE_ORIGIN_PARAM = 'origin'

/**
 * The query parameter by which the modal tells the auth frame that the page turned analytics off
 * (`features.analytics: false`): {@link ANALYTICS_OFF}, and the frame sends no error report. Absent,
 * the frame asks the project's `/getAnalyticsConfig` as before.
 */
export const ANALYTICS_PARAM = 'analytics'

/** {@link ANALYTICS_PARAM}'s value when the page turned analytics off. */
export const ANALYTICS_OFF = 'off'

/**
 * The auth frame's only message when its server could not verify that page (spec section 8's
 * unverified domain): posted to the modal's origin, before and instead of the bridge; the frame
 * starts nothing.
 */
export const UNVERIFIED_DOMAIN_MESSAGE = 'frontdoor:unverified-domain'

const login = Timeouts.LOGIN_REQUEST_TIMEOUT_MS

/** A chain id: a number (EVM) or a string (CAIP-2 reference or chain id of other namespaces). */
export const ChainId = z.union([
  z.number().check(z.int(), z.nonnegative()),
  z.string().check(z.minLength(1), z.maxLength(64)),
])
/** A chain id. */
export type ChainId = z.infer<typeof ChainId>

/** A one-time password: exactly {@link Constants.OTP_LENGTH} digits. */
export const Otp = z
  .string()
  .check(z.regex(new RegExp(`^[0-9]{${Constants.OTP_LENGTH}}$`), `must be ${Constants.OTP_LENGTH} digits`))

/**
 * What the auth frame asks next in an email login: the OTP after the email (for every address alike,
 * so the page learns nothing of accounts), then, only when the right OTP of an account was entered in
 * a browser the account has not approved, that approval (by the link then emailed).
 */
export const EmailAction = z.enum(['VERIFY_DEVICE', 'VERIFY_OTP'])
/** What the auth frame asks next in an email login. */
export type EmailAction = z.infer<typeof EmailAction>

/** What the auth frame asks next after an email change: the OTP sent to the old or to the new address. */
export const UpdateEmailAction = z.enum(['VERIFY_PRIMARY_OTP', 'VERIFY_SECONDARY_OTP'])
/** What the auth frame asks next after an email change. */
export type UpdateEmailAction = z.infer<typeof UpdateEmailAction>

const url = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).check(z.maxLength(4096))

/** Whether `value` is exactly an http(s) origin (scheme, host, port; no path, no trailing slash). */
export function isOrigin(value: string): boolean {
  try {
    const parsed = new URL(value)
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.origin === value
  } catch {
    return false
  }
}

/** An exact http(s) origin. */
export const Origin = z.string().check(z.maxLength(512), z.refine(isOrigin, 'must be an http(s) origin'))
const email = z.strictObject({ email: EmailRule.Email })
const otp = z.strictObject({ otp: Otp })

/** An embedded-wallet RPC request: method, params, and the chain namespace it is for. */
export const RpcRequest = z.strictObject({
  method: HostModal.RpcRequest.shape.method,
  params: HostModal.RpcRequest.shape.params,
  chainNamespace: z.optional(z.enum(Constants.AUTH_NAMESPACES)),
})
/** An embedded-wallet RPC request. */
export type RpcRequest = z.infer<typeof RpcRequest>

/** Messages the auth frame answers (the modal calls them). */
export const AuthMessages = {
  /** Start an email login: sends an OTP, whatever the address. */
  connectEmail: Message.define({
    params: email,
    result: z.strictObject({ action: z.literal('VERIFY_OTP' satisfies EmailAction) }),
    timeoutMs: login,
  }),
  /**
   * Enter the email OTP (after `VERIFY_OTP`): logged in, or `VERIFY_DEVICE` when the code was right
   * but the account has not approved this browser (the approval link went to the address).
   */
  connectOtp: Message.define({
    params: otp,
    result: z.union([
      Message.Ack,
      z.strictObject({ action: z.literal('VERIFY_DEVICE' satisfies EmailAction) }),
    ]),
    timeoutMs: login,
  }),
  /** After `VERIFY_DEVICE`: resolves once the link approved this browser and the login completed. */
  connectDevice: Message.define({ params: Message.NoParams, result: Message.Ack, timeoutMs: login }),
  /**
   * The OAuth URL to open in the social login popup, for a fresh attempt whose binding the auth frame
   * keeps (a later `connectSocial` without a binding uses it).
   */
  getSocialRedirectUri: Message.define({
    params: z.strictObject({ provider: SocialProviderRule.SocialProvider }),
    result: z.strictObject({ uri: url }),
    timeoutMs: login,
  }),
  /**
   * Finish a social login: with the one-time redeem code the popup posted back to the modal, or with a
   * callback URL that carries it as `code`, and the attempt's secret `binding` (social-popup) the
   * start URL carried the hash of; without it, the binding of the auth frame's last
   * `getSocialRedirectUri`. The API redeems a code only with the binding of the attempt it ends.
   */
  connectSocial: Message.define({
    params: z.union([
      z.strictObject({
        code: z.string().check(z.minLength(1), z.maxLength(512)),
        binding: z.optional(SocialPopup.Binding),
      }),
      z.strictObject({ uri: url, binding: z.optional(SocialPopup.Binding) }),
    ]),
    result: User.EmbeddedWalletUser,
    timeoutMs: login,
  }),
  /** The Farcaster sign-in URL to show as a QR code. */
  getFarcasterUri: Message.define({
    params: Message.NoParams,
    result: z.strictObject({ url }),
    timeoutMs: login,
  }),
  /** Wait for the Farcaster sign-in to finish. */
  connectFarcaster: Message.define({
    params: Message.NoParams,
    result: z.strictObject({ userName: z.string().check(z.maxLength(100)) }),
    timeoutMs: login,
  }),
  /** The logged-in user, on a chain and with an account type. */
  getUser: Message.define({
    params: z.optional(
      z.strictObject({
        chainId: z.optional(ChainId),
        preferredAccountType: z.optional(Account.PreferredAccountType),
      }),
    ),
    result: User.EmbeddedWalletUser,
    timeoutMs: login,
  }),
  /** Switch the embedded wallet's network. */
  switchNetwork: Message.define({
    params: z.strictObject({ chainId: ChainId }),
    result: z.strictObject({ chainId: ChainId }),
  }),
  /** Sign out (the modal waits at most 3 s, then disconnects anyway). */
  signOut: Message.define({
    params: Message.NoParams,
    result: Message.Ack,
    timeoutMs: Timeouts.SIGN_OUT_WAIT_MS,
  }),
  /** Whether a session exists. */
  isConnected: Message.define({
    params: Message.NoParams,
    result: z.strictObject({ isConnected: z.boolean() }),
  }),
  /** The embedded wallet's current chain id. */
  getChainId: Message.define({ params: Message.NoParams, result: z.strictObject({ chainId: ChainId }) }),
  /** An RPC request; unsafe ones wait for the user's approval in the auth frame. */
  rpcRequest: Message.define({
    params: RpcRequest,
    result: z.unknown(),
    error: HostModal.RpcError,
    timeoutMs: Timeouts.NO_TIMEOUT,
  }),
  /** Abort the pending RPC request (it is rejected with 'Request was aborted'). */
  rpcAbort: Message.define({ params: Message.NoParams, result: Message.Ack }),
  /** Start changing the email. */
  updateEmail: Message.define({
    params: email,
    result: z.strictObject({ action: UpdateEmailAction }),
    timeoutMs: login,
  }),
  /** The OTP sent to the current (primary) email. */
  updateEmailPrimaryOtp: Message.define({ params: otp, result: Message.Ack, timeoutMs: login }),
  /** The OTP sent to the new (secondary) email; answers the new email. */
  updateEmailSecondaryOtp: Message.define({
    params: otp,
    result: z.strictObject({ newEmail: EmailRule.Email }),
    timeoutMs: login,
  }),
  /** The modal's theme, so the approval screen matches. */
  syncTheme: Message.define({ params: HostModal.Theme, result: Message.Ack }),
  /**
   * The dapp's data, shown on the approval screen. `hostOrigin` is the page's origin as the modal's
   * handshake with the page attested it (the browser's `event.origin`): the auth frame trusts its
   * pinned parent, so this is the confirmed origin where the browser has no `location.ancestorOrigins`
   * (Firefox). `metadata` is only what the page claims.
   */
  syncDappData: Message.define({
    params: z.strictObject({
      metadata: HostModal.Metadata,
      hostOrigin: z.optional(Origin),
      projectId: z.string().check(z.minLength(1), z.maxLength(64)),
      sdkVersion: z.string().check(z.maxLength(32)),
      sdkType: z.string().check(z.maxLength(32)),
    }),
    result: Message.Ack,
  }),
  /** The chain ids where smart accounts are available. */
  getSmartAccountEnabledNetworks: Message.define({
    params: Message.NoParams,
    result: z.strictObject({
      smartAccountEnabledNetworks: z
        .array(z.number().check(z.int(), z.nonnegative()))
        .check(z.maxLength(1000)),
    }),
  }),
  /** Use the EOA or the smart account. */
  setPreferredAccount: Message.define({
    params: z.strictObject({ type: Account.AccountType }),
    result: z.strictObject({ type: Account.AccountType, address: z.string().check(z.minLength(1)) }),
  }),
  /** Initialise (counterfactually deploy) the smart account. */
  initSmartAccount: Message.define({
    params: Message.NoParams,
    result: z.strictObject({ isDeployed: z.boolean() }),
  }),
  /** Reload the auth frame (e.g. after an error). */
  reload: Message.define({ params: Message.NoParams, result: Message.Ack }),
} as const

/** Messages the modal frame answers (the auth frame calls them). */
export const ModalMessages = {
  /** The auth frame is ready; the modal waits 500 ms more before the first request. */
  ready: Message.define({ params: Message.NoParams, result: Message.Ack }),
} as const

/** The modal frame's end: answers {@link ModalMessages}, calls {@link AuthMessages}. */
export const modal = Message.end(CHANNEL, ModalMessages, AuthMessages)

/** The auth frame's end: answers {@link AuthMessages}, calls {@link ModalMessages}. */
export const auth = Message.end(CHANNEL, AuthMessages, ModalMessages)
